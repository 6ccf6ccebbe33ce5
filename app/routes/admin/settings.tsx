import { data, Form, Link, redirect, useNavigation } from "react-router";
import { dateTimeIn } from "#app/platform/text/dates.ts";
import { z } from "zod";
import type { Route } from "./+types/settings";
import { FormAlert, FormField, formFieldsOf, TimeZoneField } from "#app/ui/FormField.tsx";
import { ImageField } from "#app/ui/ImageField.tsx";
import { adminRequest } from "#app/web/admin-screens.server.ts";
import { formLimits, parseForm, type FormResult } from "#app/platform/text/forms.ts";
import { associationFields, socialFields, socialLabelNeeded, TIME_ZONES } from "#app/site/forms.ts";
import { choosePicture } from "#app/platform/files/image-form.server.ts";
import { getImage, readImageForm } from "#app/platform/files/images.server.ts";
import { getAssociationDetails, getLogoImageId, saveAssociationDetails, saveLogoImageId } from "#app/site/data/association.server.ts";
import type { RouteHandle } from "#app/platform/http/route-handle.ts";
import { imageFormBody } from "#app/platform/files/upload-limits.ts";
import { screen, screenMeta } from "./screens.ts";

const SCREEN = screen("settings");
const BASE = "/admin/settings";

/** A form with one picture, the logo (its size limit decides the body's). */
export const handle: RouteHandle = { body: imageFormBody(1) };

export function meta() {
  return screenMeta(SCREEN);
}

/** The association's details (issue 10): every field but the social link is required. */
const SettingsSchema = z
  .object({
    ...associationFields,
    ...socialFields,
  })
  .refine(...socialLabelNeeded);

export async function loader(args: Route.LoaderArgs) {
  const { services, url } = adminRequest(args);
  const { updatedBy, updatedAt, ...details } = await getAssociationDetails(services.db);
  const logo = await getImage(services.db, await getLogoImageId(services.db));
  return {
    details,
    logo: logo ?? null,
    limits: formLimits(SettingsSchema),
    // The server's list, so the page is the same after hydration whatever the browser knows.
    timeZones: TIME_ZONES,
    // Formatted here, in the association's time zone, so the browser shows the same words.
    changed: updatedBy && updatedAt ? { by: updatedBy, at: dateTimeIn(details.timeZone, updatedAt) } : null,
    saved: url.searchParams.has("saved"),
    // Changes with each save: the form is drawn again from what was saved (https:// added to a typed www. address).
    version: updatedAt ?? 0,
  };
}

/** Saves the details and the logo (optional: a multipart form with file `logo`, alt text `logoAlt`, `logoRemove`). */
export async function action(args: Route.ActionArgs) {
  const { user, services } = adminRequest(args);
  const form = await readImageForm(args.request, services, { fields: ["logo"], by: user.email });
  const logo = choosePicture(services, form, "logo", await getLogoImageId(services.db));
  const parsed = parseForm(SettingsSchema, form.fields);
  if (!parsed.ok || Object.keys(form.fieldErrors).length > 0) {
    await logo.discard();
    const fieldErrors = { ...form.fieldErrors, ...(parsed.ok ? {} : parsed.result.fieldErrors) };
    return data<FormResult>({ fieldErrors, values: form.fields }, { status: 400 });
  }
  try {
    await saveAssociationDetails(services.db, parsed.data, user.email);
    await saveLogoImageId(services.db, logo.id, user.email);
    await logo.commit();
  } catch (error) {
    services.logger.error({ err: error }, "settings save failed");
    await logo.discard();
    return data<FormResult>({ formError: "Failed to save the settings. Please try again.", values: parsed.values }, { status: 500 });
  }
  return redirect(`${BASE}?saved`);
}

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { details, changed, saved } = loaderData;
  const busy = useNavigation().state === "submitting";
  const field = formFieldsOf(loaderData.limits, actionData, details);
  return (
    <>
      <h1>{SCREEN.heading}</h1>
      <p className="muted">The association's name and details, as every page shows them.</p>
      <p>
        <Link to="/admin/settings/email">Email: mail server and sender</Link>
      </p>
      <p>
        <Link to="/admin/settings/backup">Backup: download everything the site holds</Link>
      </p>
      <FormAlert result={actionData} />
      {saved && !actionData && (
        <p className="success" role="status">
          The settings were saved.
        </p>
      )}
      <Form method="post" className="stack" encType="multipart/form-data" key={loaderData.version}>
        <FormField label="Name" hint="In the footer, page titles and emails." {...field("name")} />
        <FormField label="Short name" hint="In the header, beside the logo." {...field("shortName")} />
        <TimeZoneField zones={loaderData.timeZones} result={actionData} defaultValue={details.timeZone} />
        <FormField label="Contact email" type="email" hint="On the Contact page." {...field("contactEmail")} />
        <FormField label="Social page link" inputMode="url" placeholder="www.facebook.com/…" hint="Linked from the header; leave empty for none." {...field("socialUrl")} />
        <FormField label="Social page label" placeholder="Facebook" {...field("socialLabel")} />
        <FormField label="Beach name" hint="The beach whose water the association tests: the first beach on the Sites screen, renamed there too." {...field("beachName")} />
        <ImageField name="logo" label="Logo (optional)" current={loaderData.logo} result={actionData} removable hint="Shown small in the header of every page; a square picture works best. Without one, the bundled heron logo is shown." />
        {changed && <p className="muted">{`Last changed by ${changed.by} on ${changed.at}.`}</p>}
        <p>
          <button type="submit" className="button" disabled={busy}>
            Save Settings
          </button>
        </p>
      </Form>
    </>
  );
}
