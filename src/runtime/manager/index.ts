export { Manager, type ManagerOptions, type ManagedServer } from './manager.js';
export { parseManagerFlags, managerFlagsUsage, type ManagerFlags } from './flags.js';
export { loadKubeConfig, inClusterNamespace } from './kubeconfig.js';
export { type Runnable } from './runnable.js';
