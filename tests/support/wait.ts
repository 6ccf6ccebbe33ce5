/**
 * Resolves once `done()` is true, checking every 50 ms.
 * @param ms how long to wait at most, in milliseconds
 * @param what what is waited for, named in the error
 * @throws Error "timed out waiting for <what>" after `ms`
 */
export async function waitFor(done: () => boolean, ms = 10_000, what = "the condition"): Promise<void> {
  const until = Date.now() + ms;
  while (!done()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
