/**
 * The HTTP server: Express in front of React Router. Vite bundles this file with the app (see vite.config.ts), so
 * the app's modules and this one share one module graph and one set of services. `server/main.ts` starts it.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { existsSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import compression from "compression";
import expressStaticGzip from "express-static-gzip";
import express, { type Response } from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { seedOnce } from "#db/seed.ts";
import { createPageHandler } from "./page-handler.ts";
import { bodyGate, countBody } from "./body-gate.ts";
import { sameOriginWrites, securityHeaders } from "./security.ts";
import { bodyRuleContext, type BodyRule } from "#app/platform/http/request-body.ts";
import { clientAddressContext } from "#app/web/context.server.ts";
import { ownUrl } from "#app/platform/http/server-url.ts";
import { issueSetupToken } from "#app/accounts/setup.server.ts";
import { SITE_ICON_SIZES, siteIco, siteIcon } from "#app/site/site-icon.server.ts";
import { ping, withStartupLock } from "#app/platform/data/db.server.ts";
import { pageHtmlContext } from "#app/platform/http/page-html.server.ts";
import { headExtrasContext, newHeadExtras } from "#app/platform/http/head-extras.server.ts";
import { nonceContext } from "#app/platform/http/nonce.ts";
import { createChangeFeed, type ChangeFeed } from "#app/platform/data/change-feed.server.ts";
import { ConfigError, loadConfig } from "#app/platform/config.server.ts";
import { createLogger, type Logger } from "#app/platform/logger.server.ts";
import { startMaintenance } from "#app/web/maintenance.server.ts";
import { watchVersions } from "#app/platform/data/changes.server.ts";
import { closeServices, createServices, prepareServices, servicesContext, type Services } from "#app/web/services.server.ts";

/** How long shutdown waits for requests in flight before closing their connections, in milliseconds. */
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * What keeps this instance from serving: "database unavailable" and/or "storage unavailable", each logged; an empty
 * list when both answer.
 */
async function healthProblems(services: Services): Promise<string[]> {
  const problems: string[] = [];
  try {
    await ping(services.db);
  } catch (error) {
    services.logger.error({ err: error }, "health check: database unavailable");
    problems.push("database unavailable");
  }
  try {
    await Promise.all([services.storage.check(), services.images.check()]);
  } catch (error) {
    services.logger.error({ err: error }, "health check: storage unavailable");
    problems.push("storage unavailable");
  }
  return problems;
}

/**
 * Development only: the Vite dev server (`npm run dev`, server/dev.ts) whose middlewares serve the browser's modules
 * with hot reload, and which loads the route modules anew when they change.
 */
export interface DevServer {
  middlewares: express.RequestHandler;
  ssrLoadModule(url: string): Promise<Record<string, unknown>>;
}

/** Whether the server is shutting down: `/readyz` answers 503 from the moment it is asked to stop. */
export interface Lifecycle {
  draining: boolean;
}

/**
 * Builds the server's request handler over ready services: a stored public page straight from the page cache
 * (`serveStored`, server/page-handler.ts), anything else through the Express application; with `dev`, it serves
 * the app from Vite's dev server.
 */
export function createApp(services: Services, feed: ChangeFeed, streams: Set<Response>, dev?: DevServer, lifecycle: Lifecycle = { draining: false }) {
  const { logger } = services;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", services.config.trustProxy);
  // Each request is logged at level info when it ends (LOG_LEVEL=info, the default; the bench runs at warn), by the
  // handler returned below, whichever way it is answered.
  const logRequests = logger.isLevelEnabled("info");
  const logged = (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    res.on("finish", () => {
      logger.info({ method: req.method, url: req.url, status: res.statusCode, ms: Math.round(performance.now() - started) }, "request");
    });
  };
  app.use(compression({ filter: (req, res) => !req.path.startsWith("/api/changes") && compression.filter(req, res) }));
  app.use(securityHeaders(services.config.publicUrl, dev !== undefined));
  app.use(sameOriginWrites(services.config.publicUrl));

  // In development Vite serves the browser's modules (and /@vite/client for hot reload), before anything else.
  if (dev) app.use(dev.middlewares);
  const clientDir = fileURLToPath(new URL("../client", import.meta.url));
  // Hashed file names change with their content, so they may be cached for a year. Files are sent as the Brotli or
  // gzip copy made at build time (scripts/precompress.ts) when the browser accepts it.
  const precompressed = { enableBrotli: true, orderPreference: ["br"], index: false as const };
  app.use("/assets", expressStaticGzip(`${clientDir}/assets`, { ...precompressed, serveStatic: { immutable: true, maxAge: "1y", index: false } }));
  // A hashed file that is not there (an old page asking for last build's script) is a plain 404, not a page: the
  // static handler has already set the file's type, and a page must not be rendered over it.
  app.use("/assets", (_req, res) => {
    res.removeHeader("Content-Type");
    res.status(404).type("text/plain").send("Not found");
  });
  // The few files at the top of build/client (the bundled icons, from public/) are looked up by
  // name, so that a page request does not cost a file system lookup first.
  const topFiles = new Set(
    (existsSync(clientDir) ? readdirSync(clientDir, { withFileTypes: true }) : [])
      .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name))
      .map((entry) => `/${entry.name}`),
  );
  const topStatic = expressStaticGzip(clientDir, { ...precompressed, serveStatic: { maxAge: "1h", index: false } });
  // The tab and home-screen icons are drawn from the association's logo once one is uploaded (app/site/site-icon.server.ts);
  // the browser asks again each time (no-cache) and gets a 304 while the logo is the same.
  app.get(Object.keys(SITE_ICON_SIZES), async (req, res, next) => {
    try {
      const icon = await siteIcon(services, SITE_ICON_SIZES[req.path]!);
      if (!icon) return next();
      res.set({ "Cache-Control": "no-cache", ETag: icon.etag });
      if (req.fresh) return void res.status(304).end();
      res.type("image/png").send(icon.png);
    } catch (error) {
      next(error);
    }
  });
  app.get("/favicon.ico", async (req, res, next) => {
    try {
      const icon = await siteIco(services);
      if (!icon) return next();
      res.set({ "Cache-Control": "no-cache", ETag: icon.etag });
      if (req.fresh) return void res.status(304).end();
      res.type("image/x-icon").send(icon.ico);
    } catch (error) {
      next(error);
    }
  });
  app.use((req, res, next) => (topFiles.has(req.path) ? topStatic(req, res, next) : next()));

  // For a load balancer: /healthz says whether this instance can serve (its database and its storage answer);
  // /readyz also says whether it wants traffic (not while it drains at shutdown). Neither is cached.
  app.get("/healthz", async (_req, res) => {
    const problems = await healthProblems(services);
    res.set("Cache-Control", "no-store").type("text/plain");
    if (problems.length === 0) res.send("ok");
    else res.status(503).send(problems.join("\n"));
  });
  app.get("/readyz", async (_req, res) => {
    res.set("Cache-Control", "no-store").type("text/plain");
    if (lifecycle.draining) {
      res.status(503).send("draining");
      return;
    }
    const problems = await healthProblems(services);
    if (problems.length === 0) res.send("ready");
    else res.status(503).send(problems.join("\n"));
  });

  app.get("/api/changes", (req, res) => {
    res.writeHead(200, {
      "Content-Type": "text/event-stream",
      "Cache-Control": "no-store",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    });
    res.write("retry: 5000\n\n");
    streams.add(res);
    const unsubscribe = feed.subscribe((topics) => {
      res.write(`event: change\ndata: ${JSON.stringify({ topics })}\n\n`);
    });
    const keepAlive = setInterval(() => res.write(": keep-alive\n\n"), 25_000);
    req.on("close", () => {
      clearInterval(keepAlive);
      unsubscribe();
      streams.delete(res);
    });
  });

  // better-auth is called from our own routes only (every credential check throttled and logged there and in its
  // `credentialThrottle` plugin): none of its HTTP endpoints is served. A reset link mailed by an earlier version
  // (`/api/auth/reset-password/<token>?callbackURL=…`) leads to the page that takes the token.
  app.get("/api/auth/reset-password/:token", (req, res) => {
    res.redirect(302, `/reset-password?token=${encodeURIComponent(req.params.token)}`);
  });
  app.all("/api/auth/*splat", (_req, res) => {
    res.status(404).type("text/plain").send("Not found");
  });

  // In production the build is imported once: React Router calls this for every request, and an `import()` of a
  // module already loaded still costs a module-map lookup and a link check each time (about a millisecond of a
  // rendered page's 15 under --optimize-for-size, in the CPU profile of /the-lake). In development Vite hands out
  // the module as it is now.
  let built: Promise<ServerBuild> | undefined;
  const pages = createPageHandler({
    build: dev
      ? () => dev.ssrLoadModule("virtual:react-router/server-build") as unknown as Promise<ServerBuild>
      : () => (built ??= import("virtual:react-router/server-build")),
    mode: dev ? "development" : "production",
    db: services.db,
    versions: watchVersions(services.database),
    getLoadContext(req, res) {
      const context = new RouterContextProvider();
      context.set(nonceContext, String(res.locals.nonce ?? ""));
      context.set(servicesContext, services);
      context.set(clientAddressContext, req.ip ?? "unknown");
      if (res.locals.bodyRule) context.set(bodyRuleContext, res.locals.bodyRule as BodyRule);
      // A document request renders stored texts once, in the markup; its hydration data refers to them
      // (app/platform/http/page-html.ts). A `.data` request carries the texts themselves.
      if (!req.path.endsWith(".data")) {
        context.set(pageHtmlContext, new Map());
        // What the server adds to the document's head (canonical link, link previews, structured data).
        context.set(headExtrasContext, newHeadExtras());
      }
      return context;
    },
  });
  // Before anything reads a body: its type and size, as its route allows (server/body-gate.ts). Everything above
  // answers without reading one.
  app.use(bodyGate((path) => pages.bodyRule(path)));
  app.use(pages);
  return (req: IncomingMessage, res: ServerResponse) => {
    countBody(req);
    if (logRequests) logged(req, res);
    if (!pages.serveStored(req, res)) app(req, res);
  };
}

/** The route manifest of the build (ids, paths, parents, modules), for tests that enumerate every route. */
export async function routeManifest() {
  const build = await import("virtual:react-router/server-build");
  return build.routes;
}

/**
 * Starts Shoreline: reads the configuration, migrates, seeds a new database, listens, and shuts down gracefully on
 * SIGTERM or SIGINT (finishes requests in flight, then closes the database). Exits 1 on a bad configuration.
 */
export async function start(dev?: DevServer): Promise<Server> {
  const startedAt = performance.now();
  let config;
  let logger;
  let services;
  try {
    config = loadConfig();
    logger = createLogger(config.logLevel);
    services = createServices(config, logger);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // Instances of a cluster started together take turns: one migrates and seeds a new database, the next finds it done.
  await withStartupLock(services.database, async () => {
    const applied = await prepareServices(services);
    if (applied.length > 0) logger.info({ migrations: applied }, "database migrated");
    if (await seedOnce(services.db, config.seed, new Date(), services.images)) logger.info("demo content seeded");
  });

  const feed = createChangeFeed(services.database, logger);
  const streams = new Set<Response>();
  const lifecycle: Lifecycle = { draining: false };
  const app = createApp(services, feed, streams, dev, lifecycle);
  const server = await new Promise<Server>((resolve, reject) => {
    const s = createServer(app);
    s.once("error", reject);
    s.listen(config.port, config.host, () => {
      s.off("error", reject);
      resolve(s);
    });
  });
  const url = ownUrl(config.host, config.port);
  // Where files are kept, never how to reach them: no key is logged.
  const files = config.s3 ? `s3://${config.s3.bucket}/${config.s3.prefix}` : "disk";
  logger.info({ url, database: services.database.dialect, files, ms: Math.round(performance.now() - startedAt) }, "listening");
  console.log(`Shoreline is running at ${url}`);
  // A new install with no administrator is set up in the browser (docs/setup.md).
  const setupToken = await issueSetupToken(services.db);
  if (setupToken) {
    console.log(`No administrator yet: set up the site at ${config.publicUrl}/setup?token=${setupToken} (this link works once, for 1 hour; a restart prints a new one)`);
  }

  // Mail queued in the database goes out from here (app/mail/outbox.server.ts); the chores forget old unconfirmed
  // subscriptions and announce a beach reading that turned stale.
  services.outbox.start();
  const stopMaintenance = startMaintenance(services);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Drain: /readyz answers 503 at once, the port stays open for SHUTDOWN_DRAIN_SECONDS, then it closes.
    lifecycle.draining = true;
    logger.info({ signal, drainMs: config.drainMs }, "draining");
    const drained = new Promise((resolve) => setTimeout(resolve, config.drainMs));
    void Promise.all([stopMaintenance(), drained]).then(() => shutdown(signal, server, services, feed, streams, logger));
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
  return server;
}

async function shutdown(signal: string, server: Server, services: Services, feed: ChangeFeed, streams: Set<Response>, logger: Logger) {
  logger.info({ signal }, "shutting down");
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  feed.close();
  for (const res of streams) res.end();
  server.closeIdleConnections();
  const timeout = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
  await closed;
  clearTimeout(timeout);
  await closeServices(services);
  logger.info("stopped");
  process.exit(0);
}
