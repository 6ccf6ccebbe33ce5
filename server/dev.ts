/**
 * `npm run dev`: the same Express app and services as production, with React Router's Vite plugin in middleware
 * mode, so that a change to a route, a component or the stylesheet shows in the browser at once (hot module
 * replacement) and a change to server code is picked up on the next request. Data, mail and configuration are as
 * in production (the same environment variables); the public page cache is off.
 */
import { createServer } from "vite";

const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
const { start } = (await vite.ssrLoadModule("/server/app.ts")) as typeof import("./app.ts");
await start(vite);
