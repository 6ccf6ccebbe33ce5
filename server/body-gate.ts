/**
 * The body gate: every request with a body is held to what its route takes (`RouteHandle.body`, app/platform/http/request-body.ts)
 * before anything reads it, so that no request can make the server hold more than its route's limit in memory.
 *
 * - The type first: a body whose `Content-Type` is not one the route takes is refused with 415.
 * - The size from `Content-Length`: over the limit, 413 at once, without reading the body.
 * - The size while it arrives (a chunked body, or one that sends more than it announced): `countBody` counts each
 *   chunk as Node's HTTP parser hands it over; past the limit the gate answers 413, nothing more is passed on (not
 *   even the end, so a reader can never take a cut-off body for a whole one), and the body's stream fails with
 *   `BodyTooLargeError`, so the route reading it stops with nothing written.
 * - The rest of a refused body is not read; its connection stays open for `LINGER_MS` after the answer, so that the
 *   client reads the answer before it closes.
 */
import { IncomingMessage } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { BODY_MESSAGES, BODY_TYPES, BodyTooLargeError, hasBody, type BodyRule } from "#app/platform/http/request-body.ts";

/**
 * How long the connection of a refused request stays open after its answer, in milliseconds. The rest of the body is
 * not read (the client's upload stalls, costing nothing here), and the client reads the answer meanwhile, as browsers
 * and HTTP libraries do while they send; closing at once would make the client's system reset the connection while
 * it still sends, and the answer would be lost. A client that has stopped sending keeps its connection.
 */
const LINGER_MS = 5_000;

/** What the gate knows of one request's body as it arrives. */
class BodyCounter {
  received = 0;
  limit = Number.POSITIVE_INFINITY;
  /** The body is refused: nothing more of it is passed on. */
  refused = false;
  /** The whole request has arrived (Node's parser handed over its end). */
  complete = false;
  onTooLarge: (() => void) | undefined;
  onComplete: (() => void) | undefined;

  /** Holds the body to `limit` bytes; `onTooLarge` runs once when it is passed (at once if it already was). */
  set(limit: number, onTooLarge: () => void): void {
    this.limit = limit;
    this.onTooLarge = onTooLarge;
    if (this.received > limit) this.tooLarge();
  }

  tooLarge(): void {
    if (this.refused) return;
    this.refused = true;
    this.onTooLarge?.();
  }
}

const counters = new WeakMap<IncomingMessage, BodyCounter>();

/**
 * Counts the bytes of a request's body as they arrive, from its first: call it first thing in the server's request
 * listener. Node's HTTP parser hands every chunk of the body, and its end (null), to the request's `push`; this
 * request's own `push` counts them and, once the body is refused, passes nothing more on (not even the end, so that
 * no reader takes a cut-off body for a whole one). A subclass given to `createServer` would not do: Express gives each
 * request its own prototype.
 */
export function countBody(req: IncomingMessage): void {
  const counter = new BodyCounter();
  counters.set(req, counter);
  const push = req.push;
  req.push = function (chunk: unknown, encoding?: BufferEncoding): boolean {
    if (chunk === null || chunk === undefined) {
      counter.complete = true;
      counter.onComplete?.();
    } else {
      counter.received += (chunk as Buffer).length;
      if (counter.received > counter.limit) counter.tooLarge();
    }
    // Nothing of a refused body is passed on: what has arrived is dropped.
    if (counter.refused) return true;
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
    const counter = counters.get(req);
    /**
     * Answers with a plain-text message; the rest of the body is not read. Once the client has stopped sending, its
     * connection may carry its next request; if it has not within LINGER_MS after the answer, it is closed.
     */
    const refuse = (status: number, message: string) => {
      if (!counter) return void res.status(status).set("Connection", "close").type("text/plain").send(message);
      counter.refused = true;
      if (res.headersSent) return;
      res.status(status).type("text/plain").send(message);
      res.once("finish", () => {
        if (counter.complete) return;
        const timer = setTimeout(() => req.socket.destroy(), LINGER_MS);
        timer.unref();
        counter.onComplete = () => clearTimeout(timer);
      });
    };
    const types = BODY_TYPES[rule.kind];
    if (types && !types.includes(mediaType(req.get("content-type")))) return refuse(415, BODY_MESSAGES.wrongType(types));
    if (Number(req.get("content-length")) > rule.limit) return refuse(413, BODY_MESSAGES.tooLarge(rule.limit));
    counter?.set(rule.limit, () => {
      refuse(413, BODY_MESSAGES.tooLarge(rule.limit));
      // The route may be reading the body already: it fails with this error instead of waiting for an end that will
      // not come, and its own answer is dropped, as this one has gone out.
      if (req.listenerCount("error") > 0) req.emit("error", new BodyTooLargeError(rule.limit));
    });
    next();
  };
}
