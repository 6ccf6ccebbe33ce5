/**
 * What a route accepts as a request body, declared in its `handle` (`RouteHandle.body`) and enforced by the body
 * gate (server/body-gate.ts) before the route reads anything (issue 24: a 20 MB form posted to /subscribe by a guest
 * took the server from 160 MB to 1.6 GB).
 *
 * - A route that says nothing takes a form: `application/x-www-form-urlencoded` or `multipart/form-data`, at most
 *   `DEFAULT_BODY_LIMIT` bytes, read whole by `request.formData()` (a malformed one is refused with 400 before the
 *   action runs: `formBodyMiddleware`).
 * - An upload route (`kind: "upload"`) takes a form up to its own limit and reads it itself (streamed, or files
 *   bounded one by one), answering 400 for a malformed one.
 * - A JSON route (`kind: "json"`) takes `application/json` up to its own limit.
 * - A route that reads no body (`kind: "ignored"`: a button that confirms or unsubscribes, whose POST a mailbox
 *   provider may send in any form, RFC 8058 §3.2) takes any type, up to 1 MB, and nothing reads it.
 */
import { createContext, data, type MiddlewareFunction } from "react-router";
import { humanSize } from "#app/platform/text/format.ts";

/** The largest body a route takes unless its handle says otherwise: 1 MB (1,048,576 bytes). */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** What a route's handle may say about its request bodies. */
export interface BodyRule {
  kind: "form" | "upload" | "json" | "ignored";
  /** Most bytes, headers of the parts included (Content-Length, or counted as they arrive). */
  limit: number;
}

/** The rule of a route that says nothing. */
export const FORM_BODY: BodyRule = { kind: "form", limit: DEFAULT_BODY_LIMIT };

/** The rule of a route whose action reads no body. */
export const IGNORED_BODY: BodyRule = { kind: "ignored", limit: DEFAULT_BODY_LIMIT };

/** The media types each kind of body may have (`Content-Type` without its parameters, lower case); null: any. */
export const BODY_TYPES: Record<BodyRule["kind"], readonly string[] | null> = {
  form: ["application/x-www-form-urlencoded", "multipart/form-data"],
  // Upload screens also post their plain forms (a reading typed in beside the CSV import).
  upload: ["application/x-www-form-urlencoded", "multipart/form-data"],
  json: ["application/json"],
  ignored: null,
};

/** The answers of the body gate, as the sender reads them (plain text). */
export const BODY_MESSAGES = {
  tooLarge: (limit: number) => `The request is too large: this address takes at most ${formatBytes(limit)}.`,
  wrongType: (types: readonly string[]) => `This address takes ${types.join(" or ")}; send the request as that.`,
  unreadable: "The form could not be read: it was cut off or malformed. Please send it again.",
};

/** 1,048,576 → "1 MB"; 211,812,352 → "202 MB"; otherwise as `humanSize` writes it. */
function formatBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return Number.isInteger(mb) ? `${mb} MB` : humanSize(bytes);
}

/** The error a request body's stream fails with once it has passed its route's limit. */
export class BodyTooLargeError extends Error {
  override name = "BodyTooLargeError";
  readonly limit: number;
  constructor(limit: number) {
    super(BODY_MESSAGES.tooLarge(limit));
    this.limit = limit;
  }
}

/** Whether a request method carries a body the gate must judge (every method but GET, HEAD and OPTIONS). */
export const hasBody = (method: string | undefined) => method !== "GET" && method !== "HEAD" && method !== "OPTIONS";

/** The body rule the gate applied to this request (server/body-gate.ts, through the load context). */
export const bodyRuleContext = createContext<BodyRule>(FORM_BODY);

/**
 * Root middleware: a form posted to a route that takes forms is read once here, from a copy, so that one that is
 * cut off or malformed (a multipart body without its closing boundary) is refused with 400 and its reason before any
 * action runs, instead of failing inside one as a 500. The gate has already bounded it to 1 MB; upload and JSON
 * routes read their bodies themselves.
 */
export const formBodyMiddleware: MiddlewareFunction<Response> = async ({ request, context }) => {
  if (!hasBody(request.method) || context.get(bodyRuleContext).kind !== "form") return;
  try {
    await request.clone().formData();
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw error;
    throw data(BODY_MESSAGES.unreadable, { status: 400 });
  }
};
