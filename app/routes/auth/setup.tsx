import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/setup";
import { FormAlert, FormField, formFieldsOf, TimeZoneField } from "#app/ui/FormField.tsx";
import { ensureAdmin } from "#app/accounts/auth.server.ts";
import { getServices, signInAfterProof } from "#app/web/context.server.ts";
import { formLimits, parseForm, type FormResult } from "#app/platform/text/forms.ts";
import { associationFields, TIME_ZONES } from "#app/site/forms.ts";
import { PASSWORD_MAX, PASSWORD_MIN } from "#app/platform/passwords.ts";
import { consumeSetupToken, isValidSetupToken } from "#app/accounts/setup.server.ts";
import { DEMO_DETAILS, saveAssociationDetails } from "#app/site/data/association.server.ts";

export function meta() {
  return [{ title: "Set up your association's site · Shoreline" }, { name: "robots", content: "noindex" }];
}

const SetupSchema = z
  .object({
    email: z.email("Please enter the administrator's email").max(254),
    password: z
      .string()
      .min(PASSWORD_MIN, `The password needs at least ${PASSWORD_MIN} characters`)
      .max(PASSWORD_MAX, `The password can have at most ${PASSWORD_MAX} characters`),
    confirm: z.string().min(1, "Please repeat the password"),
    ...associationFields,
  })
  .refine((v) => v.password === v.confirm, { path: ["confirm"], message: "The two passwords are not the same" });

/** Without the current setup token (or once an administrator exists) there is no such page. */
async function requireSetupToken(context: Route.LoaderArgs["context"], request: Request): Promise<string> {
  const token = new URL(request.url).searchParams.get("token");
  if (!(await isValidSetupToken(getServices(context).db, token))) throw data("Not found", { status: 404 });
  return token as string;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireSetupToken(context, request);
  return { limits: formLimits(SetupSchema), timeZones: TIME_ZONES, defaults: { ...DEMO_DETAILS, name: "", shortName: "", contactEmail: "", beachName: "" } };
}

/**
 * Creates the first administrator and saves the association's details, then signs the administrator in. The token
 * is taken atomically before anything is created, so two requests racing with the same link make one administrator.
 */
export async function action({ context, request }: Route.ActionArgs) {
  await requireSetupToken(context, request);
  const services = getServices(context);
  const parsed = parseForm(SetupSchema, await request.formData());
  if (!parsed.ok) {
    const { password: _password, confirm: _confirm, ...values } = parsed.result.values;
    return data<FormResult>({ fieldErrors: parsed.result.fieldErrors, values }, { status: 400 });
  }
  if (!(await consumeSetupToken(services.db, new URL(request.url).searchParams.get("token")))) throw data("Not found", { status: 404 });
  const { email, password, name, shortName, timeZone, contactEmail, beachName } = parsed.data;
  await ensureAdmin(services.auth, email, password);
  await saveAssociationDetails(services.db, { name, shortName, timeZone, contactEmail, beachName }, email.toLowerCase());
  services.logger.info({ email }, "first administrator created through /setup");
  return signInAfterProof(context, request, { email: email.toLowerCase(), password });
}

export default function Setup({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const field = formFieldsOf(loaderData.limits, actionData, loaderData.defaults);
  return (
    <div className="page narrow">
      <h1>Set up your association's site</h1>
      <p>This link works once. It creates the first administrator, who can then add others and change everything else.</p>
      <FormAlert result={actionData} />
      <Form method="post" className="stack">
        <fieldset className="stack">
          <legend>The first administrator</legend>
          <FormField label="Email" type="email" autoComplete="username" {...field("email")} />
          <FormField label="Password" type="password" autoComplete="new-password" hint={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`} {...field("password")} />
          <FormField label="Repeat the password" type="password" autoComplete="new-password" {...field("confirm")} />
        </fieldset>
        <fieldset className="stack">
          <legend>The association</legend>
          <FormField label="Name" hint="As it appears in the footer and in emails, e.g. Heron Lake Association." {...field("name")} />
          <FormField label="Short name" hint="For the header, e.g. Heron Lake." {...field("shortName")} />
          <TimeZoneField zones={loaderData.timeZones} result={actionData} defaultValue={loaderData.defaults.timeZone} />
          <FormField label="Contact email" type="email" {...field("contactEmail")} />
          <FormField label="Beach name" hint="The beach whose water the association tests." {...field("beachName")} />
        </fieldset>
        <p>
          <button type="submit" className="button" disabled={busy}>
            Create the site
          </button>
        </p>
      </Form>
    </div>
  );
}
