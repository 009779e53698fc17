import type { IncomingMessage } from 'node:http';

/** A health or readiness check: resolves when healthy, throws (or rejects) when not. */
export type Checker = (req: IncomingMessage) => void | Promise<void>;

/** The check that always passes: the process answers HTTP, so it is alive. */
export const ping: Checker = () => undefined;
