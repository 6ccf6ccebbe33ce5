import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/invitation";
import { FormAlert, FormField, formFieldsOf } from "#app/ui/FormField.tsx";
import { getServices, signInAfterProof } from "#app/web/context.server.ts";
import { formLimits, parseForm, type FormResult } from "#app/platform/text/forms.ts";
import { PASSWORD_MAX, PASSWORD_MIN } from "#app/platform/passwords.ts";
import { acceptInvitation, checkInvitation } from "#app/accounts/people.server.ts";
import { INVITATION_PROBLEMS } from "#app/accounts/invitation-problems.ts";
import { ROLE_LABELS } from "#app/accounts/roles.ts";

export function meta() {
  // The token is in the address: no search engine. (No `referrer` policy of its own: "no-referrer" makes the browser
  // send `Origin: null` with the form, which the cross-site check refuses; the site's strict-origin-when-cross-origin
  // never sends the query to another site.)
  return [{ title: "Accept your invitation · Shoreline" }, { name: "robots", content: "noindex" }];
}

/** The invitee chooses the name the site shows and a password (issue 26). */
const AcceptSchema = z
  .object({
    name: z.string().trim().min(1, "Please enter your name as the site should show it").max(80, "At most 80 characters"),
    password: z
      .string()
      .min(PASSWORD_MIN, `The password needs at least ${PASSWORD_MIN} characters`)
      .max(PASSWORD_MAX, `The password can have at most ${PASSWORD_MAX} characters`),
    confirm: z.string().min(1, "Please repeat the password"),
  })
  .refine((v) => v.password === v.confirm, { path: ["confirm"], message: "The two passwords are not the same" });

/** An invitation link: the form when it waits, or what is wrong with it (used, expired, unknown), with status 410/404. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const check = await checkInvitation(getServices(context).auth, token);
  if (!check.ok) throw data({ problem: INVITATION_PROBLEMS[check.problem] }, { status: check.problem === "unknown" ? 404 : 410 });
  return { email: check.invitation.email, role: ROLE_LABELS[check.invitation.role], limits: formLimits(AcceptSchema) };
}

/** Makes the account (the link is taken at once, so it works once) and signs the new person in. */
export async function action({ context, request }: Route.ActionArgs) {
  const services = getServices(context);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const parsed = parseForm(AcceptSchema, await request.formData());
  if (!parsed.ok) {
    const { password: _p, confirm: _c, ...values } = parsed.result.values;
    return data<FormResult>({ fieldErrors: parsed.result.fieldErrors, values }, { status: 400 });
  }
  const outcome = await acceptInvitation(services.auth, token, { name: parsed.data.name, password: parsed.data.password });
  if (!outcome.ok) return data<FormResult>({ formError: INVITATION_PROBLEMS[outcome.problem] }, { status: outcome.problem === "unknown" ? 404 : 410 });
  services.logger.info({ email: outcome.email }, "invitation accepted");
  return signInAfterProof(context, request, { email: outcome.email, password: parsed.data.password });
}

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const field = formFieldsOf(loaderData.limits, actionData, actionData?.values);
  return (
    <div className="page narrow">
      <h1>Accept your invitation</h1>
      <p>
        You are invited to help run this website as an {loaderData.role}. You will sign in with {loaderData.email}.
      </p>
      <FormAlert result={actionData} />
      <Form method="post" className="stack">
        <FormField label="Your name" autoComplete="name" hint="Shown as the author of what you post." {...field("name")} />
        <FormField label="Password" type="password" autoComplete="new-password" hint={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`} {...field("password")} />
        <FormField label="Repeat the password" type="password" autoComplete="new-password" {...field("confirm")} />
        <p>
          <button type="submit" className="button" disabled={busy}>
            Accept and sign in
          </button>
        </p>
      </Form>
    </div>
  );
}

/** A link that no longer works says why, in words the invitee can act on. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const problem = (error as { data?: { problem?: string } } | undefined)?.data?.problem;
  return (
    <div className="page narrow">
      <h1>This invitation link does not work</h1>
      <p className="alert" role="alert">
        {problem ?? INVITATION_PROBLEMS.unknown}
      </p>
    </div>
  );
}
