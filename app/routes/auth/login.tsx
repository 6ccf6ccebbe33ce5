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
type ActionData = FormResult & { offerReset?: boolean; resetSentTo?: string };

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

  const parsed = parseForm(LoginSchema, { email, password: String(form.get("password") ?? "") });
  // The password is never sent back to the page.
  if (!parsed.ok) return data<ActionData>({ ...parsed.result, values: { email } }, { status: 400 });
  try {
    const { headers: session } = await auth.api.signInEmail({
      body: { email: parsed.data.email.toLowerCase(), password: parsed.data.password },
      headers,
      returnHeaders: true,
    });
    const target = safeRedirect(new URL(request.url).searchParams.get("redirect"));
    return redirectWithCookies(target, session);
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    const message = error.body?.message ?? error.message ?? "Sign-in failed";
    const status = error.statusCode === 429 ? 429 : 401;
    return data<ActionData>({ fieldErrors: { email: message }, values: { email }, offerReset: true }, { status });
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
