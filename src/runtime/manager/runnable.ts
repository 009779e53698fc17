/** Anything the manager starts and stops with itself. */
export interface Runnable {
  /** Runs until `signal` aborts; the manager waits for the returned promise when shutting down. */
  start(signal: AbortSignal): void | Promise<void>;
  /** Runs only on the elected leader (default true, as controllers). */
  needLeaderElection?: boolean;
}
