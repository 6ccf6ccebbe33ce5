import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/setup";
import { FormAlert, FormField, formFieldsOf, TimeZoneField } from "#app/ui/FormField.tsx";
import { ensureAdmin } from "#app/accounts/auth.server.ts";
import { getServices, signInAfterProof } from "#app/web/context.server.ts";
import { formLimits, parseForm, type FormResult } from "#app/platform/text/forms.ts";
import { associationFields, socialFields, socialLabelNeeded, TIME_ZONES } from "#app/site/forms.ts";
import { PASSWORD_MAX, PASSWORD_MIN } from "#app/platform/passwords.ts";
import { consumeSetupToken, isValidSetupToken } from "#app/accounts/setup.server.ts";
import { DEMO_DETAILS, saveAssociationDetails } from "#app/site/data/association.server.ts";
import { countDemoContent, describeDemoContent, removeDemoContent } from "#app/web/demo-content.server.ts";

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
    ...socialFields,
    /** "demo" (the default): keep the demo association's content to edit; "empty": remove it (decision 028). */
    start: z.enum(["demo", "empty"], "Please choose how the site starts").default("demo"),
  })
  .refine((v) => v.password === v.confirm, { path: ["confirm"], message: "The two passwords are not the same" })
  .refine(...socialLabelNeeded);

/** Without the current setup token (or once an administrator exists) there is no such page. */
async function requireSetupToken(context: Route.LoaderArgs["context"], request: Request): Promise<string> {
  const token = new URL(request.url).searchParams.get("token");
  if (!(await isValidSetupToken(getServices(context).db, token))) throw data("Not found", { status: 404 });
  return token as string;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireSetupToken(context, request);
  // The choice of a start is offered only while there is demo content to keep or remove (none after SEED=none). The
  // demo's social link does not count: this form sets the link, or none, either way.
  const hasDemo = describeDemoContent({ ...(await countDemoContent(getServices(context).db)), socialLink: null }) !== null;
  return { hasDemo, limits: formLimits(SetupSchema), timeZones: TIME_ZONES, defaults: { ...DEMO_DETAILS, name: "", shortName: "", contactEmail: "", beachName: "", socialUrl: "", socialLabel: "", start: "demo" } };
}

/**
 * Creates the first administrator and saves the association's details (the social link, or none), removes the demo
 * content when the volunteer chose an empty site (decision 028), then signs the administrator in. The token
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
  const { email, password, name, shortName, timeZone, contactEmail, beachName, socialUrl, socialLabel, start } = parsed.data;
  await ensureAdmin(services.auth, email, password);
  await saveAssociationDetails(services.db, { name, shortName, timeZone, contactEmail, beachName, socialUrl, socialLabel: socialUrl === "" ? "" : socialLabel }, email.toLowerCase());
  services.logger.info({ email, start }, "first administrator created through /setup");
  if (start === "empty") {
    try {
      services.logger.info({ removed: await removeDemoContent(services, email.toLowerCase()) }, "demo content removed at setup");
    } catch (error) {
      // The administrator exists and the link is spent: sign in anyway; Demo content in the admin can remove it later.
      services.logger.error({ err: error }, "demo content removal at setup failed");
    }
  }
  return signInAfterProof(context, request, { email: email.toLowerCase(), password });
}

export default function Setup({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const field = formFieldsOf(loaderData.limits, actionData, loaderData.defaults);
  const start = actionData?.values?.start ?? loaderData.defaults.start;
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
          <TimeZoneField zones={loaderData.timeZones} result={actionData} defaultValue={loaderData.defaults.timeZone} preferBrowserZone />
          <FormField label="Contact email" type="email" {...field("contactEmail")} />
          <FormField label="Beach name" hint="The beach whose water the association tests." {...field("beachName")} />
          <FormField label="Social page link" inputMode="url" placeholder="www.facebook.com/…" hint="Your Facebook page or group, linked from the header; leave empty for none." {...field("socialUrl")} />
          <FormField label="Social page label" placeholder="Facebook" {...field("socialLabel")} />
        </fieldset>
        {loaderData.hasDemo && (
          <fieldset className="stack">
            <legend>How the site starts</legend>
            <div className="choice">
              <input type="radio" id="start-demo" name="start" value="demo" defaultChecked={start !== "empty"} aria-describedby="start-demo-hint" />
              <label htmlFor="start-demo">Start from the demo association</label>
              <p id="start-demo-hint" className="muted">
                Heron Lake's news, events, beach readings, board, bylaws, questions and page texts, to edit into your own. Remove what is left at any
                time under Demo content.
              </p>
            </div>
            <div className="choice">
              <input type="radio" id="start-empty" name="start" value="empty" defaultChecked={start === "empty"} aria-describedby="start-empty-hint" />
              <label htmlFor="start-empty">Start with an empty site</label>
              <p id="start-empty-hint" className="muted">
                No news, events, readings or texts: each page says there is nothing yet until you add your own.
              </p>
            </div>
            {actionData?.fieldErrors?.start && <p className="field-error">{actionData.fieldErrors.start}</p>}
          </fieldset>
        )}
        <p>
          <button type="submit" className="button" disabled={busy}>
            Create the site
          </button>
        </p>
      </Form>
    </div>
  );
}
