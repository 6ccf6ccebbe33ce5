/**
 * Leaves `Error.stackTraceLimit` unset while the client bundle's modules evaluate, and puts it back in the first
 * microtask after (before hydration's first slice of work runs, and before any event can fire).
 *
 * Why: React DOM builds five sentinel errors when its module is first evaluated (`Error(formatProdErrorMessage(519))`
 * and others: the hydration-mismatch and suspense exceptions it throws internally). While DevTools is attached to the
 * page, as it is under Lighthouse and Playwright, V8 records a detailed stack for every error created, and to give the
 * stack its line and column it re-parses the function on the stack: here the wrapper around all of React DOM, about
 * 200 KB. That re-parse took 70 to 110 ms in one task on this machine, the longest task after the first paint, which
 * Lighthouse's simulation multiplies by four. With the limit unset (not a number) V8 captures no stack for those
 * errors. Visitors without DevTools never paid for the re-parse; what they lose is the stack of an error created while
 * the modules evaluate, which React's sentinels never show.
 * See docs/decisions/019-what-lighthouse-counts-before-the-first-paint.md.
 *
 * Must be the first import of `app/entry.client.tsx`, so that it runs before React DOM's module body.
 */
const limit = Error.stackTraceLimit;
Reflect.deleteProperty(Error, "stackTraceLimit");
queueMicrotask(() => {
  Error.stackTraceLimit = limit;
});
