import { useState } from "react";
import { Form, data, useNavigation } from "react-router";
import { APIError } from "better-auth/api";
import { z } from "zod";
import type { Route } from "./+types/reset-password";
import { association } from "#content/association.ts";
import { PASSWORD_MAX, PASSWORD_MIN } from "#app/lib/passwords.ts";
import { getServices, redirectWithCookies } from "#app/lib/context.server.ts";
import { FieldError } from "#app/components/FieldError.tsx";

export function meta() {
  return [{ title: `Choose a new password · ${association.name}` }, { name: "robots", content: "noindex" }];
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

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return { token: url.searchParams.get("token") ?? "", error: url.searchParams.get("error") };
}

/** Sets the new password (ending every other session), then signs the administrator in. */
export async function action({ request, context }: Route.ActionArgs) {
  const { auth, logger } = getServices(context);
  const form = Object.fromEntries(await request.formData());
  const parsed = ResetSchema.safeParse(form);
  if (!parsed.success) {
    const fields = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
    return data({ fields, message: null as string | null }, { status: 400 });
  }
  const ctx = await auth.$context;
  const verification = await ctx.internalAdapter.findVerificationValue(`reset-password:${parsed.data.token}`);
  const user = verification ? await ctx.internalAdapter.findUserById(verification.value) : null;
  try {
    await auth.api.resetPassword({ body: { newPassword: parsed.data.password, token: parsed.data.token } });
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    logger.info({ err: error.body }, "password reset refused");
    return data(
      { fields: {} as Record<string, string>, message: "This reset link is invalid or has expired. Ask for a new one from the login page." },
      { status: 400 },
    );
  }
  logger.info({ email: user?.email }, "password reset");
  if (!user) return redirectWithCookies("/login", new Headers());
  const { headers } = await auth.api.signInEmail({
    body: { email: user.email, password: parsed.data.password },
    headers: request.headers,
    returnHeaders: true,
  });
  return redirectWithCookies("/admin", headers);
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
  const fields: Record<string, string | undefined> = actionData?.fields ?? {};
  const message = actionData?.message ?? (loaderData.error ? "This reset link is invalid or has expired. Ask for a new one from the login page." : null);
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
        {fields.token && <p className="field-error">{fields.token}</p>}
        <div>
          <label htmlFor="password">New password</label>
          <input
            id="password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN}
            maxLength={PASSWORD_MAX}
            aria-describedby="password-hint password-error"
            onChange={(e) => setTyped(e.currentTarget.value.length)}
          />
          <p id="password-hint" className="muted" aria-live="polite">
            {lengthHint}
          </p>
          <FieldError id="password-error" message={fields.password} />
        </div>
        <div>
          <label htmlFor="confirm">Repeat the new password</label>
          <input id="confirm" name="confirm" type="password" autoComplete="new-password" required aria-describedby="confirm-error" />
          <FieldError id="confirm-error" message={fields.confirm} />
        </div>
        <p>
          <button type="submit" className="button" disabled={busy}>
            Save the new password
          </button>
        </p>
      </Form>
    </div>
  );
}
