import { data, Form, useNavigation, useRevalidator } from "react-router";
import { dateTimeIn } from "#app/platform/text/dates.ts";
import type { Route } from "./+types/email";
import { FormAlert, FormField } from "#app/ui/FormField.tsx";
import { adminRequest } from "#app/web/admin-screens.server.ts";
import { messageToHtml } from "#app/platform/text/email-body.ts";
import { formLimits, parseForm, type FormResult } from "#app/platform/text/forms.ts";
import { memberEmailSchema } from "#app/mail/forms.ts";
import { sendMemberEmail } from "#app/mail/member-mail.server.ts";
import { ownUrl } from "#app/platform/http/server-url.ts";
import { useTimedFlag } from "#app/ui/use-timed-flag.ts";
import { countMailableMembers } from "#app/mail/data/members.server.ts";
import { recentMessages } from "#app/mail/data/outbox.server.ts";
import { getTimeZone } from "#app/site/data/association.server.ts";
import { useEffect } from "react";
import { getSetting, SETTING_KEYS } from "#app/platform/data/settings.server.ts";
import { screen, screenMeta } from "./screens.ts";

const SCREEN = screen("email");

export function meta() {
  return screenMeta(SCREEN);
}

/** How long the success message shows, in milliseconds (spec §9). */
const SUCCESS_MS = 3000;

/** The path of this server's own email worker (app/routes/api/email.ts). */
const OWN_WORKER_PATH = "/api/email";

export async function loader(args: Route.LoaderArgs) {
  const { services } = adminRequest(args);
  const [memberCount, recent, timeZone] = await Promise.all([countMailableMembers(services.db), recentMessages(services.db, "members", 5), getTimeZone(services.db)]);
  return { memberCount, recent: recent.map((m) => ({ ...m, when: dateTimeIn(timeZone, m.createdAt) })), limits: formLimits(memberEmailSchema) };
}

/** The form's result, and on success how many were sent and when (for the message that shows for 3 s). */
type Result = FormResult & { sent?: number; at?: number };

/**
 * Sends the message through the email worker at the address in the settings (spec §7). When that address is this
 * server's own worker (the default, "/api/email"), the member-mail function is called directly; another address
 * gets a JSON POST of {subject, body} with Target-Audience MEMBERS, made here on the server so that the form works
 * without JavaScript (an outside worker gets no session cookie).
 */
export async function action(args: Route.ActionArgs) {
  const { user, services } = adminRequest(args);
  const { db, logger, config } = services;
  const parsed = parseForm(memberEmailSchema, await args.request.formData());
  if (!parsed.ok) return data<Result>(parsed.result, { status: 400 });
  const values = parsed.values;
  const fail = (formError: string, status: number) => data<Result>({ formError, values }, { status });

  const address = await getSetting(db, SETTING_KEYS.emailWorkerUrl);
  if (address === undefined) return fail("Email service configuration not found", 500);
  if (address.trim() === "") return fail("Email service is not properly configured", 500);
  const self = ownUrl(config.host, config.port);
  let workerUrl: URL;
  try {
    workerUrl = new URL(address, self);
  } catch {
    return fail("Failed to initialize email service", 500);
  }
  const message = { subject: parsed.data.subject, body: messageToHtml(parsed.data.message) };
  const thisServer = workerUrl.origin === self || workerUrl.origin === new URL(config.publicUrl).origin;
  if (thisServer && workerUrl.pathname === OWN_WORKER_PATH) {
    const result = await sendMemberEmail(services, message, user.email);
    if (!result.ok) return fail(result.message, 502);
    return data<Result>({ sent: result.queued, at: Date.now() });
  }
  let response: Response;
  try {
    response = await fetch(workerUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Target-Audience": "MEMBERS" },
      body: JSON.stringify(message),
      signal: AbortSignal.timeout(120_000),
    });
  } catch (error) {
    logger.error({ err: error, workerUrl: workerUrl.href }, "email worker unreachable");
    return fail("Failed to send email. Please try again.", 502);
  }
  const reply = (await response.json().catch(() => ({}))) as { message?: string; sent?: number };
  if (!response.ok) return fail(reply.message ?? `Failed to send email (${response.status})`, 502);
  return data<Result>({ sent: reply.sent ?? 0, at: Date.now() });
}

export default function AdminEmail({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as Result | undefined;
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const success = useTimedFlag(result?.at ?? null, SUCCESS_MS);
  const field = { limits: loaderData.limits, result };
  return (
    <>
      <h1>{SCREEN.heading}</h1>
      <p className="muted">
        Each of the {loaderData.memberCount} {loaderData.memberCount === 1 ? "member" : "members"} gets a message of their own; no member sees
        another's address.
      </p>
      <Form method="post" className="stack" key={result?.at ?? "form"}>
        {/* Not `required` in the browser: an empty field gets the spec's own words from the server (§8). */}
        <FormField name="subject" label="Subject" required={false} {...field} />
        <FormField name="message" label="Message" rows={10} hint="Each line becomes a paragraph." required={false} {...field} />
        <p>
          <button type="submit" className="button" disabled={sending}>
            {sending ? "Sending…" : "Send Email"}
          </button>
        </p>
      </Form>
      <div aria-live="polite">
        {success && result?.sent !== undefined && (
          <p className="success">{`Email sent to ${result.sent} ${result.sent === 1 ? "member" : "members"}.`}</p>
        )}
        <FormAlert result={result} />
      </div>
      <DeliveryTable recent={loaderData.recent} />
    </>
  );
}

/**
 * The latest member emails and how their delivery stands: queued (waiting or being retried), sent, failed (refused
 * for good; the address is suppressed). Reloads on its own while any is queued.
 */
function DeliveryTable({ recent }: { recent: Route.ComponentProps["loaderData"]["recent"] }) {
  const pending = recent.some((m) => m.queued + m.sending > 0);
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!pending || state !== "idle") return;
    const timer = setTimeout(() => void revalidate(), 3000);
    return () => clearTimeout(timer);
  }, [pending, state, revalidate]);
  if (recent.length === 0) return null;
  return (
    <section aria-labelledby="delivery-heading">
      <h2 id="delivery-heading">Delivery</h2>
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">Subject</th>
              <th scope="col">Queued</th>
              <th scope="col">Sent</th>
              <th scope="col">Failed</th>
            </tr>
          </thead>
          <tbody>
            {recent.map((m) => (
              <tr key={m.id}>
                <th scope="row">
                  {m.subject}
                  <br />
                  <span className="muted">
                    <time dateTime={new Date(m.createdAt).toISOString()}>{m.when}</time>
                  </span>
                </th>
                <td>{m.queued + m.sending}</td>
                <td>{m.sent}</td>
                <td>{m.failed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
