import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/email";
import { getServices, requireAdmin } from "#app/lib/context.server.ts";
import { messageToHtml } from "#app/lib/email-body.ts";
import { fieldErrors, formFields, memberEmailSchema } from "#app/lib/forms.ts";
import { useTimedFlag } from "#app/lib/use-timed-flag.ts";
import { listMembers } from "#app/models/members.server.ts";
import { getSetting, SETTING_KEYS } from "#app/models/settings.server.ts";
import { FieldError } from "#app/components/FieldError.tsx";

export function meta() {
  return [{ title: "Email Members · Admin" }];
}

/** How long the success message shows, in milliseconds (spec §9). */
const SUCCESS_MS = 3000;

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const members = await listMembers(getServices(context).db);
  return { memberCount: members.length };
}

type Result =
  | { state: "invalid"; fields: Record<string, string>; values: Record<string, string> }
  | { state: "error"; error: string; values: Record<string, string> }
  | { state: "success"; sent: number; at: number };

/**
 * Sends the message through the email worker (spec §7): a JSON POST of {subject, body} with Target-Audience MEMBERS
 * to the address in the settings. The request is made here on the server, with the administrator's session, so the
 * form works without JavaScript; the worker checks that session again.
 */
export async function action({ context, request }: Route.ActionArgs) {
  requireAdmin(context, request);
  const { db, logger } = getServices(context);
  const values = formFields(await request.formData());
  const parsed = memberEmailSchema.safeParse(values);
  if (!parsed.success) return data<Result>({ state: "invalid", fields: fieldErrors(parsed.error), values }, { status: 400 });

  const address = await getSetting(db, SETTING_KEYS.emailWorkerUrl);
  if (address === undefined) return data<Result>({ state: "error", error: "Email service configuration not found", values }, { status: 500 });
  if (address.trim() === "") return data<Result>({ state: "error", error: "Email service is not properly configured", values }, { status: 500 });
  // A relative address ("/api/email", the default) is this server, reached directly rather than through any proxy.
  const { host, port } = getServices(context).config;
  const self = `http://${host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host}:${port}`;
  let workerUrl: URL;
  try {
    workerUrl = new URL(address, self);
  } catch {
    return data<Result>({ state: "error", error: "Failed to initialize email service", values }, { status: 500 });
  }
  const requestOrigin = self;
  const sameSite = workerUrl.origin === self;
  let response: Response;
  try {
    response = await fetch(workerUrl, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "Target-Audience": "MEMBERS",
        // Our own worker signs the administrator in from the session; another worker gets no cookie.
        ...(sameSite ? { Cookie: request.headers.get("cookie") ?? "", Origin: requestOrigin } : {}),
      },
      body: JSON.stringify({ subject: parsed.data.subject, body: messageToHtml(parsed.data.message) }),
      signal: AbortSignal.timeout(120_000),
    });
  } catch (error) {
    logger.error({ err: error, workerUrl: workerUrl.href }, "email worker unreachable");
    return data<Result>({ state: "error", error: "Failed to send email. Please try again.", values }, { status: 502 });
  }
  const reply = (await response.json().catch(() => ({}))) as { message?: string; sent?: number };
  if (!response.ok) {
    const error = reply.message ?? `Failed to send email (${response.status})`;
    return data<Result>({ state: "error", error, values }, { status: 502 });
  }
  return data<Result>({ state: "success", sent: reply.sent ?? 0, at: Date.now() });
}

export default function AdminEmail({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as Result | undefined;
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const success = useTimedFlag(result?.state === "success" ? result.at : null, SUCCESS_MS);
  const fields = result?.state === "invalid" ? result.fields : {};
  const values = result && result.state !== "success" ? result.values : {};
  return (
    <>
      <h1>Email Members</h1>
      <p className="muted">
        Each of the {loaderData.memberCount} {loaderData.memberCount === 1 ? "member" : "members"} gets a message of their own; no member sees
        another's address.
      </p>
      <Form method="post" className="stack" key={result?.state === "success" ? result.at : "form"}>
        <div>
          <label htmlFor="subject">Subject</label>
          <input id="subject" name="subject" maxLength={300} defaultValue={values.subject ?? ""} aria-invalid={fields.subject ? true : undefined} aria-describedby={fields.subject ? "subject-error" : undefined} />
          <FieldError id="subject-error" message={fields.subject} />
        </div>
        <div>
          <label htmlFor="message">Message</label>
          <textarea id="message" name="message" rows={10} defaultValue={values.message ?? ""} aria-invalid={fields.message ? true : undefined} aria-describedby={fields.message ? "message-error" : "message-hint"} />
          <p id="message-hint" className="muted">
            Each line becomes a paragraph.
          </p>
          <FieldError id="message-error" message={fields.message} />
        </div>
        <p>
          <button type="submit" className="button" disabled={sending}>
            {sending ? "Sending…" : "Send Email"}
          </button>
        </p>
      </Form>
      <div aria-live="polite">
        {success && result?.state === "success" && (
          <p className="success">{`Email sent to ${result.sent} ${result.sent === 1 ? "member" : "members"}.`}</p>
        )}
        {result?.state === "error" && (
          <p className="alert" role="alert">
            {result.error}
          </p>
        )}
      </div>
    </>
  );
}
