import { Form, redirect, useNavigation, useSearchParams, data } from "react-router";
import { APIError } from "better-auth/api";
import { z } from "zod";
import type { Route } from "./+types/login";
import { siteName } from "#app/platform/http/meta.ts";
import { FormField } from "#app/ui/FormField.tsx";
import { authHeaders } from "#app/accounts/auth.server.ts";
import { clientAddressContext, currentUser, getServices, redirectWithCookies, safeRedirect } from "#app/web/context.server.ts";
import { formLimits, parseForm, type FormResult } from "#app/platform/text/forms.ts";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `Login · ${siteName(matches)}` }, { name: "robots", content: "noindex" }];
}

/** The sign-in form (spec §5: email and password are required). */
const LoginSchema = z.object({
  email: z.string().trim().min(1, "Please enter your email").max(254),
  password: z.string().min(1, "Please enter your password").max(1024),
});

const ResetSchema = z.object({ email: z.email("Please enter your email to reset the password") });

/**
 * The form's answer: the shared form result (a refused sign-in's message is the email field's error, so it is read
 * with the field), plus whether to offer a password reset and whether a reset link was asked for.
 */
type ActionData = FormResult & { offerReset?: boolean; resetSentTo?: string; secondFactor?: true; recovery?: boolean };

/** Guests only: a signed-in user is sent home (spec §6). */
export function loader({ context }: Route.LoaderArgs) {
  if (currentUser(context)) throw redirect("/");
  return { limits: formLimits(LoginSchema) };
}

/**
 * Signs in, or asks for a reset link. Both go through better-auth, whose `credentialThrottle` plugin counts every
 * attempt and refuses (429) a locked account or client address; its message is shown with the email field.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { auth, logger } = getServices(context);
  const headers = authHeaders(request, context.get(clientAddressContext));
  const form = await request.formData();
  const email = String(form.get("email") ?? "").trim();

  if (form.get("intent") === "reset") {
    const parsed = parseForm(ResetSchema, { email });
    if (!parsed.ok) return data<ActionData>({ ...parsed.result, offerReset: true }, { status: 400 });
    try {
      await auth.api.requestPasswordReset({ body: { email: parsed.data.email, redirectTo: "/reset-password" }, headers });
    } catch (error) {
      if (error instanceof APIError && error.statusCode === 429) {
        return data<ActionData>({ fieldErrors: { email: error.body?.message ?? error.message }, values: { email }, offerReset: true }, { status: 429 });
      }
      logger.warn({ err: error, email }, "password reset request failed");
    }
    // The same answer whether or not the account exists, so the form tells nobody who has an account.
    return data<ActionData>({ values: { email }, offerReset: true, resetSentTo: email });
  }

  const target = safeRedirect(new URL(request.url).searchParams.get("redirect"));
  if (form.get("intent") === "code" || form.get("intent") === "recovery") {
    return verifySecondFactor(auth, headers, form.get("intent") === "recovery", String(form.get("code") ?? ""), target);
  }

  const parsed = parseForm(LoginSchema, { email, password: String(form.get("password") ?? "") });
  // The password is never sent back to the page.
  if (!parsed.ok) return data<ActionData>({ ...parsed.result, values: { email } }, { status: 400 });
  try {
    const { headers: session, response } = await auth.api.signInEmail({
      body: { email: parsed.data.email.toLowerCase(), password: parsed.data.password },
      headers,
      returnHeaders: true,
    });
    // With two-factor sign-in on, better-auth made no session yet: it set a short-lived cookie for the code step.
    if ("twoFactorRedirect" in response && response.twoFactorRedirect) return redirectWithCookies(codeStepUrl(target), session);
    return redirectWithCookies(target, session);
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    const message = error.body?.message ?? error.message ?? "Sign-in failed";
    const status = error.statusCode === 429 ? 429 : 401;
    return data<ActionData>({ fieldErrors: { email: message }, values: { email }, offerReset: true }, { status });
  }
}

/** The second step of a sign-in with two-factor on: the code form, keeping where to go afterwards. */
function codeStepUrl(target: string): string {
  return `/login?step=code&redirect=${encodeURIComponent(target)}`;
}

const SECOND_STEP_EXPIRED = "Your sign-in took too long. Please enter your email and password again.";

/**
 * The code step: an authenticator app's code (TOTP) or a recovery code, checked by better-auth against the pending
 * sign-in's cookie. The `credentialThrottle` plugin counts each attempt with the account's failed sign-ins.
 */
async function verifySecondFactor(auth: ReturnType<typeof getServices>["auth"], headers: Headers, recovery: boolean, code: string, target: string) {
  const trimmed = code.trim();
  const step = { secondFactor: true as const, recovery };
  if (!trimmed || trimmed.length > 64) {
    return data<ActionData>({ ...step, fieldErrors: { code: recovery ? "Please enter one of your recovery codes" : "Please enter the 6-digit code your app shows" } }, { status: 400 });
  }
  try {
    const { headers: session } = recovery
      ? await auth.api.verifyBackupCode({ body: { code: trimmed }, headers, returnHeaders: true })
      : await auth.api.verifyTOTP({ body: { code: trimmed }, headers, returnHeaders: true });
    return redirectWithCookies(target, session);
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    if (error.statusCode === 429) return data<ActionData>({ ...step, fieldErrors: { code: error.body?.message ?? error.message } }, { status: 429 });
    const expired = /cookie|request a new code/i.test(error.body?.message ?? error.message ?? "");
    if (expired) return data<ActionData>({ fieldErrors: { email: SECOND_STEP_EXPIRED } }, { status: 401 });
    return data<ActionData>({ ...step, fieldErrors: { code: recovery ? "That recovery code is not right, or was used already" : "That code is not right. Enter the code your app shows now" } }, { status: 401 });
  }
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const busy = navigation.state === "submitting";
  const result = actionData as ActionData | undefined;
  const field = { limits: loaderData.limits, result, announce: true };
  const redirectQuery = params.get("redirect");
  const formAction = redirectQuery ? `/login?redirect=${encodeURIComponent(redirectQuery)}` : "/login";
  if (result?.secondFactor || (params.get("step") === "code" && !result)) {
    const recovery = result?.recovery ?? params.get("with") === "recovery";
    const stepAction = `/login?step=code${recovery ? "&with=recovery" : ""}${redirectQuery ? `&redirect=${encodeURIComponent(redirectQuery)}` : ""}`;
    return (
      <div className="page narrow">
        <h1>Login</h1>
        <p>{recovery ? "Enter one of your recovery codes. Each works once." : "Enter the 6-digit code your authenticator app shows for this site."}</p>
        <Form method="post" action={stepAction} className="stack">
          <FormField
            name="code"
            label={recovery ? "Recovery code" : "Code"}
            autoComplete="one-time-code"
            inputMode={recovery ? "text" : "numeric"}
            result={result}
            announce
          />
          <div className="button-row">
            <button type="submit" name="intent" value={recovery ? "recovery" : "code"} className="button" disabled={busy}>
              Verify
            </button>
          </div>
        </Form>
        <p>
          {recovery ? (
            <a href={`/login?step=code${redirectQuery ? `&redirect=${encodeURIComponent(redirectQuery)}` : ""}`}>Use a code from the app instead</a>
          ) : (
            <a href={`/login?step=code&with=recovery${redirectQuery ? `&redirect=${encodeURIComponent(redirectQuery)}` : ""}`}>Use a recovery code instead</a>
          )}
        </p>
      </div>
    );
  }
  return (
    <div className="page narrow">
      <h1>Login</h1>
      <Form method="post" action={formAction} className="stack" noValidate={false}>
        <FormField name="email" label="Email" type="email" autoComplete="username" {...field} />
        <FormField name="password" label="Password" type="password" autoComplete="current-password" {...field} />
        <div className="button-row">
          <button type="submit" name="intent" value="login" className="button" disabled={busy}>
            Login
          </button>
          {result?.offerReset && (
            <button type="submit" name="intent" value="reset" className="button secondary" formNoValidate disabled={busy}>
              Reset Password
            </button>
          )}
        </div>
        {result?.resetSentTo !== undefined && (
          <p className="notice" role="status">
            If an account exists for {result.resetSentTo}, a link to reset its password is on its way.
          </p>
        )}
      </Form>
    </div>
  );
}
