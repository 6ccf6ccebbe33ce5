import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/email";
import { currentUser, getServices } from "#app/web/context.server.ts";
import { FORBIDDEN_MESSAGE } from "#app/accounts/roles.ts";
import { sendMemberEmail } from "#app/mail/member-mail.server.ts";
import type { RouteHandle } from "#app/platform/http/route-handle.ts";

/**
 * JSON of up to 4 MB: the body's 1,000,000 characters (below) may take up to four bytes each in UTF-8.
 */
export const handle: RouteHandle = { body: { kind: "json", limit: 4 * 1024 * 1024 } };

/** The email worker's request (spec §7): JSON {subject, body}, body being HTML paragraphs. */
const WorkerRequest = z.object({
  subject: z.string().trim().min(1).max(300).refine((v) => !/[\r\n]/.test(v), "The subject must be one line"),
  body: z.string().min(1).max(1_000_000),
});

/**
 * The email worker, at `/api/email`: the member email screen posts `{subject, body}` here with
 * `Content-Type: application/json` and `Target-Audience: MEMBERS` (spec §7). Only a signed-in administrator may
 * send. Each member gets a message of their own (no member sees another's address), HTML with a plain-text part;
 * the HTML is sanitised by `sendMemberEmail` (scripts, event attributes and `javascript:` links never reach a member).
 * The messages are queued in the outbox and sent by its worker (issue 11). Answers `{queued, sent}` (both the number
 * of members queued, `sent` kept for callers of the first version); on failure `{message}` with a 4xx or 5xx status.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  if (request.method !== "POST") return data({ message: "Method not allowed" }, { status: 405 });
  const user = currentUser(context);
  if (!user) return data({ message: "Sign in as an administrator to send member email" }, { status: 401 });
  // Member email is an Administrator's (the Email Members screen is `access: "administrator"`, decision 023); so is
  // this, its worker address, and someone required to set up two-factor sign-in has not done so yet.
  if (user.role !== "administrator" || user.mustSetUpTwoFactor) return data({ message: FORBIDDEN_MESSAGE }, { status: 403 });
  if (request.headers.get("target-audience") !== "MEMBERS") {
    return data({ message: "Unknown audience: only Target-Audience MEMBERS is served" }, { status: 400 });
  }
  let parsed;
  try {
    parsed = WorkerRequest.safeParse(await request.json());
  } catch {
    return data({ message: "The request body is not valid JSON" }, { status: 400 });
  }
  if (!parsed.success) return data({ message: parsed.error.issues[0]?.message ?? "Invalid request" }, { status: 400 });
  const result = await sendMemberEmail(services, parsed.data, user.email);
  if (!result.ok) return data({ message: result.message }, { status: result.status });
  return data({ queued: result.queued, sent: result.queued });
}

export function loader() {
  return data({ message: "Method not allowed" }, { status: 405 });
}
