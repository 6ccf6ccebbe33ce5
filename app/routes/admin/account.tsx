import { data, Form, redirect, useNavigation } from "react-router";
import { APIError } from "better-auth/api";
import { z } from "zod";
import type { Route } from "./+types/account";
import { FormAlert, FormField, formFieldsOf } from "#app/ui/FormField.tsx";
import { adminRequest } from "#app/web/admin-screens.server.ts";
import { clientAddressContext, redirectWithCookies } from "#app/web/context.server.ts";
import { authHeaders } from "#app/accounts/auth.server.ts";
import { formLimits, parseForm, type FormResult } from "#app/platform/text/forms.ts";
import { PASSWORD_MAX, PASSWORD_MIN } from "#app/platform/passwords.ts";
import { ROLE_LABELS } from "#app/accounts/roles.ts";
import { screen, screenMeta } from "./screens.ts";

const SCREEN = screen("account");
const BASE = "/admin/account";

export function meta() {
  return screenMeta(SCREEN);
}

const NameSchema = z.object({ name: z.string().trim().min(1, "Please enter your name as the site should show it").max(80, "At most 80 characters") });
const PasswordSchema = z
  .object({
    currentPassword: z.string().min(1, "Please enter your current password").max(PASSWORD_MAX),
    newPassword: z
      .string()
      .min(PASSWORD_MIN, `The password needs at least ${PASSWORD_MIN} characters`)
      .max(PASSWORD_MAX, `The password can have at most ${PASSWORD_MAX} characters`),
    confirm: z.string().min(1, "Please repeat the new password"),
  })
  .refine((v) => v.newPassword === v.confirm, { path: ["confirm"], message: "The two passwords are not the same" });
const CodeSchema = z.object({ code: z.string().trim().regex(/^\d{6}$/, "Please enter the 6-digit code your app shows") });

/** What the action answers: a form result, and while two-factor sign-in is being set up, what the app needs. */
type AccountResult = FormResult & { form?: string; setup?: { secret: string; uri: string; recoveryCodes: string[] } };

const DONE: Record<string, string> = {
  name: "Your name was saved.",
  password: "Your password was changed. Your other sessions have ended.",
  "two-factor-on": "Two-factor sign-in is on. Keep your recovery codes somewhere safe.",
  "two-factor-off": "Two-factor sign-in is off.",
};

export function loader(args: Route.LoaderArgs) {
  const { user, url } = adminRequest(args);
  const done = url.searchParams.get("done");
  return {
    name: user.name,
    email: user.email,
    role: ROLE_LABELS[user.role],
    twoFactorEnabled: user.twoFactorEnabled,
    required: url.searchParams.get("twoFactor") === "required" || user.mustSetUpTwoFactor,
    done: done ? (DONE[done] ?? null) : null,
    limits: { ...formLimits(NameSchema), ...formLimits(PasswordSchema), ...formLimits(CodeSchema) },
  };
}

/** The message better-auth gave, for the form. */
const messageOf = (error: APIError) => error.body?.message ?? error.message;

/** Saves the display name, changes the password, or sets up or turns off two-factor sign-in. */
export async function action(args: Route.ActionArgs) {
  const { user, services } = adminRequest(args);
  const { auth } = services;
  const headers = authHeaders(args.request, args.context.get(clientAddressContext));
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  const refuse = (result: AccountResult, status = 400) => data<AccountResult>({ ...result, form: intent }, { status });
  try {
    if (intent === "name") {
      const parsed = parseForm(NameSchema, form);
      if (!parsed.ok) return refuse(parsed.result);
      const ctx = await auth.$context;
      await ctx.internalAdapter.updateUser(user.id, { name: parsed.data.name });
      return redirect(`${BASE}?done=name`);
    }
    if (intent === "password") {
      const parsed = parseForm(PasswordSchema, form);
      if (!parsed.ok) return refuse({ fieldErrors: parsed.result.fieldErrors });
      const { headers: cookies } = await auth.api.changePassword({
        body: { currentPassword: parsed.data.currentPassword, newPassword: parsed.data.newPassword, revokeOtherSessions: true },
        headers,
        returnHeaders: true,
      });
      return redirectWithCookies(`${BASE}?done=password`, cookies);
    }
    if (intent === "two-factor-start") {
      const password = String(form.get("password") ?? "");
      if (!password) return refuse({ fieldErrors: { password: "Please enter your password" } });
      const result = await auth.api.enableTwoFactor({ body: { password }, headers });
      if (!("totpURI" in result) || !result.totpURI) return refuse({ formError: "Two-factor sign-in could not be set up. Please try again." }, 500);
      const secret = new URL(result.totpURI).searchParams.get("secret") ?? "";
      return data<AccountResult>({ form: intent, setup: { secret, uri: result.totpURI, recoveryCodes: result.backupCodes ?? [] } });
    }
    if (intent === "two-factor-verify") {
      // The secret and codes shown before come back with the form, so that a mistyped code loses nothing.
      const setup = { secret: String(form.get("secret") ?? ""), uri: String(form.get("uri") ?? ""), recoveryCodes: String(form.get("recoveryCodes") ?? "").split(" ").filter(Boolean) };
      const parsed = parseForm(CodeSchema, form);
      if (!parsed.ok) return refuse({ fieldErrors: parsed.result.fieldErrors, setup });
      try {
        const { headers: cookies } = await auth.api.verifyTOTP({ body: { code: parsed.data.code }, headers, returnHeaders: true });
        services.logger.info({ email: user.email }, "two-factor sign-in set up");
        return redirectWithCookies(`${BASE}?done=two-factor-on`, cookies);
      } catch (error) {
        if (!(error instanceof APIError)) throw error;
        return refuse({ fieldErrors: { code: "That code is not right. Check the time on your phone and enter the code shown now." }, setup });
      }
    }
    if (intent === "two-factor-off") {
      const password = String(form.get("password") ?? "");
      if (!password) return refuse({ fieldErrors: { password: "Please enter your password" } });
      const { headers: cookies } = await auth.api.disableTwoFactor({ body: { password }, headers, returnHeaders: true });
      services.logger.info({ email: user.email }, "two-factor sign-in turned off");
      return redirectWithCookies(`${BASE}?done=two-factor-off`, cookies);
    }
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    const message = messageOf(error);
    const field = intent === "password" ? "currentPassword" : "password";
    return refuse({ fieldErrors: { [field]: /password/i.test(message) ? "That password is not right" : message } }, error.statusCode === 429 ? 429 : 400);
  }
  return refuse({ formError: "This form was not understood. Please try again." });
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const result = actionData as AccountResult | undefined;
  const resultFor = (form: string) => (result?.form === form ? result : undefined);
  const field = (form: string) => formFieldsOf(loaderData.limits, resultFor(form), form === "name" ? { name: loaderData.name } : undefined);
  const setup = result?.setup;
  return (
    <>
      <h1>{SCREEN.heading}</h1>
      <p className="muted">
        You sign in as {loaderData.email}, an {loaderData.role}.
      </p>
      {loaderData.required && !loaderData.twoFactorEnabled && (
        <p className="notice" role="status">
          An Administrator requires two-factor sign-in for everyone. Set it up below to reach the other screens.
        </p>
      )}
      {loaderData.done && !result && (
        <p className="success" role="status">
          {loaderData.done}
        </p>
      )}
      <FormAlert result={result} />

      <h2>Your name</h2>
      <Form method="post" className="stack">
        <FormField label="Display name" hint="Shown as the author of what you post." {...field("name")("name")} />
        <p>
          <button type="submit" name="intent" value="name" className="button" disabled={busy}>
            Save name
          </button>
        </p>
      </Form>

      <h2>Password</h2>
      <Form method="post" className="stack">
        <FormField label="Current password" type="password" autoComplete="current-password" {...field("password")("currentPassword")} />
        <FormField label="New password" type="password" autoComplete="new-password" hint={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`} {...field("password")("newPassword")} />
        <FormField label="Repeat the new password" type="password" autoComplete="new-password" {...field("password")("confirm")} />
        <p>
          <button type="submit" name="intent" value="password" className="button" disabled={busy}>
            Change password
          </button>
        </p>
      </Form>

      <h2>Two-factor sign-in</h2>
      {loaderData.twoFactorEnabled ? (
        <>
          <p>Two-factor sign-in is on: after your password, sign-in asks for the code of your authenticator app, or one of your recovery codes.</p>
          <Form method="post" className="stack">
            <FormField label="Password" type="password" autoComplete="current-password" hint="To turn two-factor sign-in off." {...field("two-factor-off")("password")} />
            <p>
              <button type="submit" name="intent" value="two-factor-off" className="button secondary" disabled={busy}>
                Turn off two-factor sign-in
              </button>
            </p>
          </Form>
        </>
      ) : setup ? (
        <>
          <p>Add this account to an authenticator app (such as Aegis, 2FAS, Google Authenticator or 1Password): open the link on your phone, or type the key.</p>
          <dl className="facts people">
            <dt>Key</dt>
            <dd>
              <code>{setup.secret}</code>
            </dd>
            <dt>Link</dt>
            <dd>
              <a href={setup.uri}>Add to an authenticator app</a>
            </dd>
          </dl>
          <p>Your recovery codes: each works once, if you lose your phone. Keep them somewhere safe; they are shown only now.</p>
          <ul className="recovery-codes" aria-label="Recovery codes">
            {setup.recoveryCodes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ul>
          <Form method="post" className="stack">
            <input type="hidden" name="secret" value={setup.secret} />
            <input type="hidden" name="uri" value={setup.uri} />
            <input type="hidden" name="recoveryCodes" value={setup.recoveryCodes.join(" ")} />
            <FormField label="Code from the app" inputMode="numeric" autoComplete="one-time-code" {...field("two-factor-verify")("code")} />
            <p>
              <button type="submit" name="intent" value="two-factor-verify" className="button" disabled={busy}>
                Turn on two-factor sign-in
              </button>
            </p>
          </Form>
        </>
      ) : (
        <>
          <p>Two-factor sign-in is off. With it on, sign-in also asks for a code from an app on your phone.</p>
          <Form method="post" className="stack">
            <FormField label="Password" type="password" autoComplete="current-password" hint="To set up two-factor sign-in." {...field("two-factor-start")("password")} />
            <p>
              <button type="submit" name="intent" value="two-factor-start" className="button" disabled={busy}>
                Set up two-factor sign-in
              </button>
            </p>
          </Form>
        </>
      )}
    </>
  );
}
