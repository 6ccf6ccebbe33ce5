/**
 * Production entry: `node server/main.js` (run by `npm start` after the build, and by `npm run serve`). Everything
 * else is in the bundle that `react-router build` writes from server/app.ts.
 *
 * Plain JavaScript on purpose: it is the one file an older Node must be able to read, so that started with one it
 * says which Node is needed in one line, instead of failing on the first TypeScript file with a stack trace. `npm
 * install` puts Node 24 into node_modules (the `node` package in package.json), and npm scripts run that one.
 */
import { existsSync } from "node:fs";

const NEEDED_MAJOR = 24;
const major = Number(process.versions.node.split(".")[0]);
if (!(major >= NEEDED_MAJOR)) {
  console.error(
    `Shoreline needs Node ${NEEDED_MAJOR} or newer, and this is Node ${process.version}: start it with \`npm start\` ` +
      `after \`npm install\` (which installs Node ${NEEDED_MAJOR} into node_modules), or install Node ${NEEDED_MAJOR} from https://nodejs.org.`,
  );
  process.exit(1);
}

const bundle = new URL("../build/server/index.js", import.meta.url);
if (!existsSync(bundle)) {
  console.error("The site is not built yet: run `npm run build` first (npm start does it for you).");
  process.exit(1);
}
// This entry serves the production build: React and its dependencies load their production code only when
// NODE_ENV says so (with their development code an admin list took about 1.5 times as long to render, fastest
// request of 60: 17–24 ms against 12–15 ms). `npm run dev` has its own entry.
if (!process.env.NODE_ENV) process.env.NODE_ENV = "production";

// No top-level await, so that even a Node too old for it reads this file and prints the line above.
import(bundle.href).then(({ start }) => start());
