// A controller works in the background, so tests wait for the state they expect, never for a fixed
// time: `eventually` tries `fn` until it passes (neither throws nor returns false) and returns
// what it returned then; on timeout it throws the last failure, saying what was awaited.
// (scaffolder/testing's `eventually` is called the same way: import it from there instead.)

export async function eventually<R>(fn: () => R, description = 'a condition', timeoutMs = 10_000): Promise<Exclude<Awaited<R>, false>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let failure: unknown;
    try {
      const value = await fn();
      if (value !== false) return value as Exclude<Awaited<R>, false>;
      failure = new Error('returned false');
    } catch (err) {
      failure = err;
    }
    if (Date.now() >= deadline) {
      const message = failure instanceof Error ? failure.message : String(failure);
      throw new Error(`timed out waiting for ${description}; last failure: ${message}`, { cause: failure });
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
