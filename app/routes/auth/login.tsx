import { Form, redirect, useNavigation, useSearchParams, data } from "react-router";
import { APIError } from "better-auth/api";
import { z } from "zod";
import type { Route } from "./+types/login";
import { association } from "#content/association.ts";
import { clientAddressContext, getServices, getSignedInUser, redirectWithCookies, safeRedirect } from "#app/lib/context.server.ts";
import { isThrottled, recordAttempt, THROTTLED_MESSAGE } from "#app/lib/throttle.server.ts";

export function meta() {
  return [{ title: `Login · ${association.name}` }, { name: "robots", content: "noindex" }];
}

/** The sign-in form (spec §5: email and password are required). */
const LoginSchema = z.object({
  email: z.string().trim().min(1, "Please enter your email").max(254),
  password: z.string().min(1, "Please enter your password").max(1024),
});

const ResetSchema = z.object({ email: z.email("Please enter your email to reset the password") });

type ActionData =
  | { kind: "invalid"; fields: { email?: string; password?: string }; email: string }
  | { kind: "failed"; message: string; email: string }
  | { kind: "reset-sent"; email: string };

/** Guests only: a signed-in user is sent home (spec §6). */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getSignedInUser(getServices(context), request)) throw redirect("/");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const { auth, db, logger } = services;
  const ip = context.get(clientAddressContext);
  const form = await request.formData();
  const email = String(form.get("email") ?? "").trim();

  if (form.get("intent") === "reset") {
    const parsed = ResetSchema.safeParse({ email });
    if (!parsed.success) {
      return data<ActionData>({ kind: "invalid", fields: { email: parsed.error.issues[0]?.message }, email }, { status: 400 });
    }
    try {
      await auth.api.requestPasswordReset({ body: { email: parsed.data.email, redirectTo: "/reset-password" }, headers: request.headers });
    } catch (error) {
      logger.warn({ err: error, email }, "password reset request failed");
    }
    // The same answer whether or not the account exists, so the form tells nobody who has an account.
    return data<ActionData>({ kind: "reset-sent", email });
  }

  const parsed = LoginSchema.safeParse({ email, password: form.get("password") ?? "" });
  if (!parsed.success) {
    const fields = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
    return data<ActionData>({ kind: "invalid", fields, email }, { status: 400 });
  }
  const account = parsed.data.email.toLowerCase();
  if (await isThrottled(db, account, ip)) {
    logger.warn({ email: account, ip }, "sign-in throttled");
    return data<ActionData>({ kind: "failed", message: THROTTLED_MESSAGE, email }, { status: 429 });
  }
  try {
    const { headers } = await auth.api.signInEmail({
      body: { email: account, password: parsed.data.password },
      headers: request.headers,
      returnHeaders: true,
    });
    await recordAttempt(db, account, ip, true);
    logger.info({ email: account, ip }, "sign-in succeeded");
    const target = safeRedirect(new URL(request.url).searchParams.get("redirect"));
    return redirectWithCookies(target, headers);
  } catch (error) {
    await recordAttempt(db, account, ip, false);
    logger.info({ email: account, ip }, "sign-in failed");
    if (error instanceof APIError) {
      const message = error.body?.message ?? error.message ?? "Sign-in failed";
      return data<ActionData>({ kind: "failed", message, email }, { status: error.statusCode === 429 ? 429 : 401 });
    }
    throw error;
  }
}

export default function Login({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const busy = navigation.state === "submitting";
  const result = actionData as ActionData | undefined;
  const emailError = result?.kind === "invalid" ? result.fields.email : result?.kind === "failed" ? result.message : undefined;
  const passwordError = result?.kind === "invalid" ? result.fields.password : undefined;
  const showReset = result?.kind === "failed" || result?.kind === "reset-sent" || (result?.kind === "invalid" && result.fields.email?.includes("reset"));
  const redirectQuery = params.get("redirect");
  const formAction = redirectQuery ? `/login?redirect=${encodeURIComponent(redirectQuery)}` : "/login";
  return (
    <div className="page narrow">
      <h1>Login</h1>
      <Form method="post" action={formAction} className="stack" noValidate={false}>
        <div>
          <label htmlFor="email">Email</label>
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="username"
            required
            defaultValue={result?.email ?? ""}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? "email-error" : undefined}
          />
          {emailError && (
            <p id="email-error" className="field-error" role="alert">
              {emailError}
            </p>
          )}
        </div>
        <div>
          <label htmlFor="password">Password</label>
          <input
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={passwordError ? "password-error" : undefined}
          />
          {passwordError && (
            <p id="password-error" className="field-error" role="alert">
              {passwordError}
            </p>
          )}
        </div>
        <div className="button-row">
          <button type="submit" name="intent" value="login" className="button" disabled={busy}>
            Login
          </button>
          {showReset && (
            <button type="submit" name="intent" value="reset" className="button secondary" formNoValidate disabled={busy}>
              Reset Password
            </button>
          )}
        </div>
        {result?.kind === "reset-sent" && (
          <p className="notice" role="status">
            If an account exists for {result.email}, a link to reset its password is on its way.
          </p>
        )}
      </Form>
    </div>
  );
}
