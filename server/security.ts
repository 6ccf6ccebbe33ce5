/**
 * The HTTP protections every request passes before anything else reads it: security headers with a per-request
 * nonce, and the refusal of cross-site writes. `createApp` (server/app.ts) mounts them first.
 */
import { randomBytes } from "node:crypto";
import type { Request, Response } from "express";
import helmet from "helmet";

/**
 * Security headers on every response (OWASP ASVS 5.0 V3.4; MDN HTTP Observatory rules): a Content-Security-Policy
 * whose scripts and styles need the request's nonce (no 'unsafe-inline' or 'unsafe-eval'), no framing, no MIME
 * sniffing, a strict referrer policy, no powerful browser features, an isolated browsing context, and HSTS for a
 * year when the public address is https. `dev` (npm run dev) also lets the page reach Vite's hot-reload WebSocket.
 */
export function securityHeaders(publicUrl: string, dev = false) {
  const https = publicUrl.startsWith("https://");
  const nonce = (_req: unknown, res: unknown) => `'nonce-${(res as Response).locals.nonce as string}'`;
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", nonce],
        styleSrc: ["'self'", nonce],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'"],
        // In development the browser also talks to Vite's hot-reload WebSocket, on a port of its own.
        connectSrc: dev ? ["'self'", "ws:"] : ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginOpenerPolicy: { policy: "same-origin" },
    crossOriginResourcePolicy: { policy: "same-origin" },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: "deny" },
  });
  return (req: Request, res: Response, next: (error?: unknown) => void) => {
    res.locals.nonce = randomBytes(16).toString("base64");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()");
    headers(req, res, next);
  };
}

/**
 * Refuses (403) any state-changing request whose Origin is another site: cross-site request forgery. Same-origin
 * is this server's own address as the browser used it (Host) or the configured public address. Requests without
 * an Origin header (not from a browser form or script) pass; they carry no victim's cookies by accident.
 */
export function sameOriginWrites(publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  return (req: Request, res: Response, next: () => void) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const origin = req.get("origin");
    if (!origin || origin === publicOrigin || origin === `${req.protocol}://${req.get("host")}`) return next();
    res.status(403).type("text/plain").send("Cross-site request refused");
  };
}
