/**
 * The body gate: every request with a body is held to what its route takes (`RouteHandle.body`, app/lib/request-body.ts)
 * before anything reads it, so that no request can make the server hold more than its route's limit in memory.
 *
 * - The type first: a body whose `Content-Type` is not one the route takes is refused with 415.
 * - The size from `Content-Length`: over the limit, 413 at once, without reading the body.
 * - The size while it arrives (a chunked body, or one that sends more than it announced): `countBody` counts each
 *   chunk as Node's HTTP parser hands it over; past the limit the gate answers 413, nothing more is passed on (not
 *   even the end, so a reader can never take a cut-off body for a whole one), and the body's stream then fails with
 *   `BodyTooLargeError`, so the route reading it stops with nothing written.
 */
import { IncomingMessage } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { BODY_MESSAGES, BODY_TYPES, BodyTooLargeError, hasBody, type BodyRule } from "#app/lib/request-body.ts";

/** What the gate knows of one request's body as it arrives. */
class BodyCounter {
  received = 0;
  limit = Number.POSITIVE_INFINITY;
  refused = false;
  onTooLarge: (() => void) | undefined;

  /** Holds the body to `limit` bytes; `onTooLarge` runs once when it is passed (at once if it already was). */
  set(limit: number, onTooLarge: () => void): void {
    this.limit = limit;
    this.onTooLarge = onTooLarge;
    if (this.received > limit) this.refuse();
  }

  refuse(): void {
    if (this.refused) return;
    this.refused = true;
    this.onTooLarge?.();
  }
}

const counters = new WeakMap<IncomingMessage, BodyCounter>();

/**
 * Counts the bytes of a request's body as they arrive, from its first: call it first thing in the server's request
 * listener. Node's HTTP parser hands every chunk of the body, and its end (null), to the request's `push`; this
 * request's own `push` counts them and, once the limit the gate sets is passed, passes nothing more on (not even the
 * end, so that no reader takes a cut-off body for a whole one). A subclass given to `createServer` would not do:
 * Express gives each request its own prototype.
 */
export function countBody(req: IncomingMessage): void {
  const counter = new BodyCounter();
  counters.set(req, counter);
  const push = req.push;
  req.push = function (chunk: unknown, encoding?: BufferEncoding): boolean {
    if (counter.refused) return true;
    if (chunk !== null && chunk !== undefined) {
      counter.received += (chunk as Buffer).length;
      if (counter.received > counter.limit) {
        counter.refuse();
        // Read on and drop, so that the answer can be written while the client is still sending.
        return true;
      }
    }
    return push.call(this, chunk, encoding);
  };
}

/** The media type of a Content-Type header, without parameters, in lower case ("" when there is none). */
const mediaType = (contentType: string | undefined) => (contentType ?? "").split(";")[0]!.trim().toLowerCase();

/**
 * Express middleware: judges each request with a body by the rule `ruleFor` gives for its path, answering 415 or 413
 * with a plain-text message, and puts the rule in `res.locals.bodyRule` for the router context.
 * @param ruleFor the body rule of the route that serves a path
 */
export function bodyGate(ruleFor: (path: string) => Promise<BodyRule>) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!hasBody(req.method)) return next();
    let rule: BodyRule;
    try {
      rule = await ruleFor(req.path);
    } catch (error) {
      return next(error);
    }
    res.locals.bodyRule = rule;
    const refuse = (status: number, message: string) => {
      if (res.headersSent) return;
      // The rest of the body is not read: the connection closes after the answer.
      res.status(status).set("Connection", "close").type("text/plain").send(message);
    };
    const types = BODY_TYPES[rule.kind];
    if (types && !types.includes(mediaType(req.get("content-type")))) return refuse(415, BODY_MESSAGES.wrongType(types));
    const counter = counters.get(req);
    const declared = Number(req.get("content-length"));
    if (declared > rule.limit) {
      counter?.set(0, () => {});
      return refuse(413, BODY_MESSAGES.tooLarge(rule.limit));
    }
    if (counter) {
      counter.set(rule.limit, () => {
        refuse(413, BODY_MESSAGES.tooLarge(rule.limit));
        // Whoever reads the body (the route, after this answer) fails with this error instead of waiting for an end
        // that will not come; the route's own answer is dropped, as this one has gone out.
        const fail = () => req.destroy(new BodyTooLargeError(rule.limit));
        if (res.writableFinished) fail();
        else res.once("close", fail);
      });
    }
    next();
  };
}
