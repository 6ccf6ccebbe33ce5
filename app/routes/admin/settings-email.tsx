import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/settings-email";
import { FormAlert, FormField } from "#app/ui/FormField.tsx";
import { adminRequest } from "#app/web/admin-screens.server.ts";
import { formLimits, parseForm, type FormResult } from "#app/platform/text/forms.ts";
import { mailSettingsSchema } from "#app/mail/forms.ts";
import { mailSettingsErrors, mailSettingsView, saveMailSettingsForm, sendMailTest, type MailTestResult } from "#app/mail/mail-settings.server.ts";
import { getTimeZone } from "#app/site/data/association.server.ts";
import { screen, screenMeta } from "./screens.ts";

const SCREEN = screen("settings/email");
const BASE = "/admin/settings/email";

export function meta() {
  return screenMeta(SCREEN);
}

/** How the connection to the SMTP server is protected, as the select offers it. */
const SECURITY_CHOICES = [
  { value: "starttls", label: "STARTTLS (usually port 587)" },
  { value: "tls", label: "TLS (usually port 465)" },
  { value: "none", label: "None (only for a server on this machine)" },
] as const;

export async function loader(args: Route.LoaderArgs) {
  const { services, user, url } = adminRequest(args);
  const view = await mailSettingsView(services.db, services.config);
  const zone = await getTimeZone(services.db);
  return {
    view,
    limits: formLimits(mailSettingsSchema),
    testTo: user.email,
    changed:
      view.updatedBy && view.updatedAt
        ? { by: view.updatedBy, at: new Date(view.updatedAt).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: zone }) }
        : null,
    saved: url.searchParams.has("saved"),
  };
}

/** What the action answers: a refused form, or a test message's outcome (with the form's values, never the password). */
type ActionResult = FormResult & { test?: MailTestResult };

/** Saves the settings ("save"), or sends a test message with them as typed, saving nothing ("test"). */
export async function action(args: Route.ActionArgs) {
  const { user, services } = adminRequest(args);
  const form = await args.request.formData();
  const intent = form.get("intent") === "test" ? "test" : "save";
  const parsed = parseForm(mailSettingsSchema, form);
  const { password: _password, ...values } = parsed.ok ? parsed.values : parsed.result.values;
  if (!parsed.ok) return data<ActionResult>({ ...parsed.result, values }, { status: 400 });
  if (intent === "test") {
    const to = parsed.data.testTo || user.email;
    if (!z.email().safeParse(to).success) {
      return data<ActionResult>({ fieldErrors: { testTo: "Please enter a valid email address, like name@example.org" }, values }, { status: 400 });
    }
    const test = await sendMailTest(services.db, services.config, parsed.data, to, { dkim: services.dkim });
    services.logger.info({ to, ok: test.ok, answer: test.ok ? test.response : test.error, by: user.email }, "test message");
    return data<ActionResult>({ test, values });
  }
  const fieldErrors = mailSettingsErrors(services.config, parsed.data);
  if (Object.keys(fieldErrors).length > 0) return data<ActionResult>({ fieldErrors, values }, { status: 400 });
  try {
    await saveMailSettingsForm(services.db, services.config, parsed.data, user.email);
  } catch (error) {
    services.logger.error({ err: error }, "mail settings save failed");
    return data<ActionResult>({ formError: "Failed to save the email settings. Please try again.", values }, { status: 500 });
  }
  return redirect(`${BASE}?saved`);
}

export default function AdminEmailSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { view, limits, changed, saved } = loaderData;
  const result = actionData as ActionResult | undefined;
  const busy = useNavigation().state === "submitting";
  const smtpFromEnv = view.smtp.source === "environment";
  const senderFromEnv = view.sender.source === "environment";
  const values: Record<string, string> = {
    host: view.smtp.host,
    port: String(view.smtp.port),
    user: view.smtp.user,
    fromAddress: view.sender.address,
    fromName: view.sender.name,
    testTo: loaderData.testTo,
  };
  const field = (name: string) => ({ name, limits, result: result?.test ? null : result, defaultValue: result?.values?.[name] ?? values[name] });
  const security = result?.values?.security ?? view.smtp.security;
  const test = result?.test;
  return (
    <>
      <h1>{SCREEN.heading}</h1>
      <p className="muted">
        How the site sends its mail: beach alerts, news and events to subscribers, confirmations and password resets. <Link to="/admin/settings">Back to Settings</Link>
      </p>
      {view.smtp.source === "none" ? (
        <p>No SMTP server is set: every message is saved as a file on the server instead of being sent.</p>
      ) : (
        <p>{`Mail is sent through ${view.smtp.host}, port ${view.smtp.port}, from ${view.sender.from}.`}</p>
      )}
      <FormAlert result={result} />
      {saved && !result && (
        <p className="success" role="status">
          The email settings were saved.
        </p>
      )}
      {test &&
        (test.ok ? (
          <div className="success" role="status">
            <p>{`The test message to ${test.to} was accepted. The server answered:`}</p>
            <p>
              <code>{test.response}</code>
            </p>
          </div>
        ) : (
          <div className="alert" role="alert">
            <p>{`The test message to ${test.to} could not be sent:`}</p>
            <p>
              <code>{test.error}</code>
            </p>
          </div>
        ))}
      {view.smtp.passwordUnreadable && (
        <p className="alert">The saved password cannot be read: the server's AUTH_SECRET changed since it was saved. Enter the password again and save.</p>
      )}
      <Form method="post" className="stack">
        <fieldset>
          <legend>SMTP server</legend>
          {smtpFromEnv && (
            <p className="notice">
              These are set by the server's environment (<code>SMTP_URL</code>), which wins over anything saved here. To change them, change
              the environment and restart the server.
            </p>
          )}
          <FormField
            label="Server name"
            placeholder="smtp.example.org"
            autoComplete="off"
            readOnly={smtpFromEnv}
            required={false}
            hint={smtpFromEnv ? undefined : "Your mail provider's SMTP server, e.g. smtp.gmail.com. Leave empty to keep saving mail as files."}
            {...field("host")}
          />
          <FormField label="Port" type="number" inputMode="numeric" readOnly={smtpFromEnv} hint={smtpFromEnv ? undefined : "Usually 587 (STARTTLS) or 465 (TLS)."} {...field("port")} />
          {smtpFromEnv ? (
            <FormField label="Security" readOnly id="security" name="securityShown" defaultValue={SECURITY_CHOICES.find((c) => c.value === security)?.label ?? security} />
          ) : (
            <div>
              <label htmlFor="security">Security</label>
              <select id="security" name="security" defaultValue={security}>
                {SECURITY_CHOICES.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label}
                  </option>
                ))}
              </select>
            </div>
          )}
          <FormField label="User name" autoComplete="off" readOnly={smtpFromEnv} hint={smtpFromEnv ? undefined : "Often your full email address; leave empty if the server needs no login."} {...field("user")} />
          {!smtpFromEnv && (
            <FormField
              label="Password"
              type="password"
              autoComplete="new-password"
              hint={view.smtp.hasPassword ? "A password is saved. Leave empty to keep the saved password." : "No password is saved."}
              {...field("password")}
            />
          )}
        </fieldset>
        <fieldset>
          <legend>Sender</legend>
          {senderFromEnv ? (
            <>
              <p className="notice">
                The sender is set by the server's environment (<code>MAIL_FROM</code>), which wins over anything saved here.
              </p>
              <FormField label="Sender" readOnly name="senderShown" defaultValue={view.sender.from} />
            </>
          ) : (
            <>
              <FormField
                label="Sender address"
                type="email"
                placeholder={view.sender.defaultAddress}
                hint="Mail comes from this address: use one your SMTP server may send from."
                {...field("fromAddress")}
              />
              <FormField label="Sender name" placeholder={view.sender.defaultName} hint={`Leave empty to use the association's name, ${view.sender.defaultName}.`} {...field("fromName")} />
            </>
          )}
        </fieldset>
        {changed && <p className="muted">{`Last changed by ${changed.by} on ${changed.at}.`}</p>}
        {!(smtpFromEnv && senderFromEnv) && (
          <p>
            <button type="submit" name="intent" value="save" className="button" disabled={busy}>
              Save Email Settings
            </button>
          </p>
        )}
        <fieldset>
          <legend>Test</legend>
          <p className="muted">Sends one message with the settings above as they are typed, without saving them, and shows the server's answer.</p>
          <FormField label="Send the test message to" type="email" autoComplete="email" {...field("testTo")} result={result} />
          <p>
            <button type="submit" name="intent" value="test" className="button secondary" disabled={busy}>
              Send a test message
            </button>
          </p>
        </fieldset>
      </Form>
    </>
  );
}
