export { Manager, type ManagerOptions, type ManagedServer } from './manager.js';
export { parseManagerFlags, managerFlagsUsage, FlagError, type ManagerFlags, type ExtraFlag, type ExtraFlags, type ExtraFlagValue, type ExtraFlagValues, type ParseManagerFlagsOptions } from './flags.js';
export { loadKubeConfig, inClusterNamespace } from './kubeconfig.js';
export { type Runnable } from './runnable.js';
