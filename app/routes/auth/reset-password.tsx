import { useState } from "react";
import { Form, data, useNavigation } from "react-router";
import { APIError } from "better-auth/api";
import { z } from "zod";
import type { Route } from "./+types/reset-password";
import { siteName } from "#app/platform/http/meta.ts";
import { PASSWORD_MAX, PASSWORD_MIN } from "#app/platform/passwords.ts";
import { getServices, redirectWithCookies, signInAfterProof } from "#app/web/context.server.ts";
import { FormField } from "#app/ui/FormField.tsx";
import { formLimits, parseForm, type FormResult } from "#app/platform/text/forms.ts";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `Choose a new password · ${siteName(matches)}` }, { name: "robots", content: "noindex" }];
}

const ResetSchema = z
  .object({
    token: z.string().min(1, "This reset link is incomplete. Ask for a new one from the login page."),
    password: z
      .string()
      .min(PASSWORD_MIN, `The password needs at least ${PASSWORD_MIN} characters`)
      .max(PASSWORD_MAX, `The password can have at most ${PASSWORD_MAX} characters`),
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { path: ["confirm"], message: "The two passwords are not the same" });

/**
 * The form, for the token of the link. A link that is no longer valid (used, ended by a later reset, expired) says so
 * at once, before anything is typed.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const ctx = await getServices(context).auth.$context;
  const verification = token ? await ctx.internalAdapter.findVerificationValue(`reset-password:${token}`) : null;
  const valid = verification !== null && new Date(verification.expiresAt).getTime() > Date.now();
  return { token, error: valid ? null : "invalid", limits: formLimits(ResetSchema) };
}

/**
 * Sets the new password: better-auth consumes the link atomically (a second use, even at the same moment, is
 * refused), ends every session and the account's other reset links (`onPasswordReset`), then signs the
 * administrator in (or, should the sign-in be refused, sends them to /login with the new password set).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { auth, logger } = getServices(context);
  const parsed = parseForm(ResetSchema, await request.formData());
  // The passwords are never sent back to the page.
  if (!parsed.ok) return data<FormResult>({ fieldErrors: parsed.result.fieldErrors }, { status: 400 });
  const ctx = await auth.$context;
  const verification = await ctx.internalAdapter.findVerificationValue(`reset-password:${parsed.data.token}`);
  const user = verification ? await ctx.internalAdapter.findUserById(verification.value) : null;
  try {
    await auth.api.resetPassword({ body: { newPassword: parsed.data.password, token: parsed.data.token } });
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    logger.info({ err: error.body }, "password reset refused");
    return data<FormResult>({ formError: "This reset link is invalid or has expired. Ask for a new one from the login page." }, { status: 400 });
  }
  logger.info({ email: user?.email }, "password reset");
  if (!user) return redirectWithCookies("/login", new Headers());
  return signInAfterProof(context, request, { email: user.email, password: parsed.data.password });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const [typed, setTyped] = useState<number | null>(null);
  const lengthHint =
    typed === null
      ? `${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`
      : typed < PASSWORD_MIN
        ? `${typed} characters: at least ${PASSWORD_MIN} are needed.`
        : typed > PASSWORD_MAX
          ? `${typed} characters: at most ${PASSWORD_MAX} are allowed.`
          : `${typed} characters: long enough.`;
  const field = { limits: loaderData.limits, result: actionData };
  const tokenError = actionData?.fieldErrors?.token;
  const message = actionData?.formError ?? (loaderData.error ? "This reset link is invalid or has expired. Ask for a new one from the login page." : null);
  return (
    <div className="page narrow">
      <h1>Choose a new password</h1>
      {message && (
        <p className="field-error" role="alert">
          {message}
        </p>
      )}
      <Form method="post" className="stack">
        <input type="hidden" name="token" value={loaderData.token} />
        {tokenError && <p className="field-error">{tokenError}</p>}
        <FormField name="password" label="New password" type="password" autoComplete="new-password" hint={lengthHint} liveHint onValue={(v) => setTyped(v.length)} {...field} />
        <FormField name="confirm" label="Repeat the new password" type="password" autoComplete="new-password" {...field} />
        <p>
          <button type="submit" className="button" disabled={busy}>
            Save the new password
          </button>
        </p>
      </Form>
    </div>
  );
}
