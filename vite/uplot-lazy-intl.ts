/**
 * A build step for uPlot (1.6): its module builds an `Intl.NumberFormat` and an `Intl.DateTimeFormat` as it loads,
 * and the first use of Intl in a page costs the renderer about 50 ms of main thread (ICU being set up, decision 018).
 * The chart on /the-lake never needs either: its axes are labelled by `app/platform/text/format.ts` and it draws in UTC. This
 * rewrites the two statements so that each formatter is built on first use, and fails the build when uPlot's source
 * no longer has them (a new uPlot version: look again, and change or drop this step).
 */
import type { Plugin } from "vite";

/** Each statement of uPlot's ESM build, and what it becomes. */
const REWRITES: readonly (readonly [string, string])[] = [
  [
    "const numFormatter = new Intl.NumberFormat(domEnv ? nav.language : 'en-US');\nconst fmtNum = val => numFormatter.format(val);",
    "let numFormatter;\nconst fmtNum = val => (numFormatter ??= new Intl.NumberFormat(domEnv ? nav.language : 'en-US')).format(val);",
  ],
  ["const localTz = new Intl.DateTimeFormat().resolvedOptions().timeZone;", "let localTz;"],
  ["else if (tz == localTz)", "else if (tz == (localTz ??= new Intl.DateTimeFormat().resolvedOptions().timeZone))"],
];

/** The file of uPlot that bundlers import (package.json "module"). */
const UPLOT_ESM = /[\\/]node_modules[\\/]uplot[\\/]dist[\\/]uPlot\.esm\.js$/;

/**
 * uPlot's source with its formatters built on first use.
 * @throws Error naming the statement that is not in `source` exactly once
 */
export function lazyIntlInUplot(source: string): string {
  let code = source;
  for (const [from, to] of REWRITES) {
    if (code.split(from).length !== 2) throw new Error(`uplot-lazy-intl: uPlot's source does not have this statement exactly once: ${from}`);
    code = code.replace(from, () => to);
  }
  return code;
}

/** The Vite plugin: `lazyIntlInUplot` on uPlot's ESM build, in the client and the server bundle alike. */
export function uplotLazyIntl(): Plugin {
  return {
    name: "shoreline:uplot-lazy-intl",
    transform: {
      filter: { id: UPLOT_ESM },
      handler: (code) => ({ code: lazyIntlInUplot(code), map: null }),
    },
  };
}
