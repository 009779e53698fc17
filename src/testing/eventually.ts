/**
 * `eventually`: Gomega's Eventually for tests against a controller, which works in the background.
 * A test waits for the state it expects, never for a fixed time: the function is tried again
 * until it passes or the time is up, and then the last failure is what the test reports.
 */

export interface EventuallyOptions {
  /** How long to keep trying, in milliseconds (default 10 000: kubebuilder's scaffolded tests wait 10 s). */
  readonly timeout?: number;
  /** The pause between tries, in milliseconds (default 20). */
  readonly interval?: number;
  /** What is awaited, for the timeout message ("the Deployment to be ready"). */
  readonly description?: string;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_INTERVAL_MS = 20;

/**
 * Whether a try's result type says "not there yet" with `undefined` or `null`, which `eventually`
 * would take for a pass (only `void`, an assertion function's result, may be undefined).
 */
type MayBeMissing<V> = [V] extends [void] ? false : undefined extends V ? true : null extends V ? true : false;

/**
 * Tries `fn` until it passes, and returns what it returned the time it passed. A try passes when
 * `fn` neither throws (or rejects) nor returns `false`: an assertion function passes once its
 * assertions hold, a predicate once it returns true, a getter once it returns without a NotFound.
 * A function whose result may be `undefined` or `null` does not type-check: say "not yet" with a
 * throw or `false`. On timeout, throws the last error with the time and tries spent prefixed to
 * its message (a `false` becomes an Error saying so).
 *
 *   await eventually(async () => {
 *     expect((await client.get(Deployment, key)).status?.readyReplicas).toBe(2);
 *   });
 *   const job = await eventually(() => client.get(Job, key), { timeout: 20_000, description: 'the Job' });
 *
 * `options` may be just the description.
 */
export async function eventually<R>(
  fn: () => R,
  ...rest: MayBeMissing<Awaited<R>> extends true
    ? [fn_may_return_undefined_or_null__throw_or_return_false_instead: never]
    : [options?: EventuallyOptions | string]
): Promise<Exclude<Awaited<R>, false>> {
  const options: EventuallyOptions | string = rest[0] ?? {};
  const { timeout = DEFAULT_TIMEOUT_MS, interval = DEFAULT_INTERVAL_MS, description } = typeof options === 'string' ? { description: options } : options;
  const start = Date.now();
  let tries = 0;
  for (;;) {
    tries++;
    let failure: unknown;
    try {
      const value = await fn();
      if (value !== false) return value as Exclude<Awaited<R>, false>;
      failure = new Error('returned false');
    } catch (err) {
      failure = err;
    }
    const elapsed = Date.now() - start;
    if (elapsed >= timeout) throw timedOut(failure, elapsed, tries, description);
    await new Promise((resolve) => setTimeout(resolve, Math.min(interval, timeout - elapsed)));
  }
}

/** The last failure, its message prefixed with how long was waited (kept as is otherwise, so a test runner still shows an assertion's diff). */
function timedOut(failure: unknown, elapsed: number, tries: number, description: string | undefined): Error {
  const prefix = `eventually: timed out after ${elapsed} ms (${tries} ${tries === 1 ? 'try' : 'tries'})${description ? ` waiting for ${description}` : ''}; last failure: `;
  if (failure instanceof Error) {
    const original = failure.message;
    failure.message = prefix + original;
    if (failure.stack?.includes(original)) failure.stack = failure.stack.replace(original, failure.message);
    return failure;
  }
  return new Error(prefix + String(failure), { cause: failure });
}
