/** Defined beside the controller host, which hands runnables to the manager too. */
export type { Runnable } from '../controller/controller-host.js';
