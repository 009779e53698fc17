// A controller works in the background, so tests wait for the state they expect (never for a
// fixed time): poll until `fn` returns something truthy, and on timeout say what was last seen.

/** What `fn` returns once it is truthy. */
export type Truthy<T> = Exclude<T, false | 0 | '' | null | undefined>;

export async function eventually<T>(fn: () => T | Promise<T>, what: string, timeoutMs = 20_000): Promise<Truthy<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await fn();
      if (value) return value as Truthy<T>;
      last = value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}; last: ${last instanceof Error ? last.message : JSON.stringify(last)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
