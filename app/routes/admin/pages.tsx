import { data, Form, redirect, useNavigation } from "react-router";
import { dateTimeIn } from "#app/platform/text/dates.ts";
import type { Route } from "./+types/pages";
import { FormAlert, FormField, formFieldsOf } from "#app/ui/FormField.tsx";
import { ImageField } from "#app/ui/ImageField.tsx";
import { MarkdownField } from "#app/ui/MarkdownField.tsx";
import { adminRequest, authorOf } from "#app/web/admin-screens.server.ts";
import { formLimits, parseForm, type FormResult } from "#app/platform/text/forms.ts";
import { choosePicture } from "#app/platform/files/image-form.server.ts";
import { getImages, readImageForm } from "#app/platform/files/images.server.ts";
import { associationNumbers, getAssociationNumbers, saveAssociationNumbers } from "#app/site/data/governance.server.ts";
import { getPageImageIds, getPageTexts, pageTextsSchema, savePageTexts, type PageImageField } from "#app/site/data/page-texts.server.ts";
import { getTimeZone } from "#app/site/data/association.server.ts";
import { PLACEHOLDER_HINT } from "#app/site/placeholders.ts";
import type { RouteHandle } from "#app/platform/http/route-handle.ts";
import { imageFormBody } from "#app/platform/files/upload-limits.ts";
import { screen, screenMeta } from "./screens.ts";

const SCREEN = screen("pages");
const BASE = "/admin/pages";

export function meta() {
  return screenMeta(SCREEN);
}

/** Every text of the public pages, and the dues (US dollars, and the date as shown). */
const PagesSchema = pageTextsSchema.extend(associationNumbers.pick({ duesDollars: true, duesDate: true }).shape);

/** The pictures of the form: the ImageField's name (its alt text is `${name}Alt`) and the page setting it fills. */
const PICTURES: Record<"map" | "treasurer" | "homePhoto", PageImageField> = { map: "mapImageId", treasurer: "treasurerImageId", homePhoto: "homePhotoId" };
const PICTURE_NAMES = Object.keys(PICTURES) as (keyof typeof PICTURES)[];

/** A form with its three pictures (their size limit decides the body's). */
export const handle: RouteHandle = { body: imageFormBody(PICTURE_NAMES.length) };

export async function loader(args: Route.LoaderArgs) {
  const { services, url } = adminRequest(args);
  const [{ updatedBy, updatedAt, ...texts }, numbers, timeZone, ids] = await Promise.all([getPageTexts(services.db), getAssociationNumbers(services.db), getTimeZone(services.db), getPageImageIds(services.db)]);
  const images = await getImages(services.db, Object.values(ids));
  const pictures = Object.fromEntries(PICTURE_NAMES.map((name) => [name, images.get(ids[PICTURES[name]]) ?? null]));
  return {
    pictures: pictures as Record<keyof typeof PICTURES, (typeof pictures)[string]>,
    values: { ...texts, duesDollars: String(numbers.duesDollars), duesDate: numbers.duesDate },
    limits: formLimits(PagesSchema),
    changed: updatedBy && updatedAt ? { by: updatedBy, at: dateTimeIn(timeZone, updatedAt) } : null,
    saved: url.searchParams.has("saved"),
  };
}

/**
 * Saves the texts, the dues and the pictures (a multipart form: files `map`, `treasurer`, `homePhoto`, each with its
 * alt text `${name}Alt` and `${name}Remove`; the map's and the card's alt texts are the page texts `mapAlt` and
 * `treasurerAlt`). Anything refused sends the whole form back as typed and keeps no new picture.
 */
export async function action(args: Route.ActionArgs) {
  const { user, services } = adminRequest(args);
  const form = await readImageForm(args.request, services, { fields: PICTURE_NAMES, by: authorOf(user) });
  const ids = await getPageImageIds(services.db);
  const choices = PICTURE_NAMES.map((name) => ({ name, choice: choosePicture(services, form, name, ids[PICTURES[name]] || null) }));
  const discard = () => Promise.all(choices.map(({ choice }) => choice.discard()));
  const parsed = parseForm(PagesSchema, form.fields);
  if (!parsed.ok || Object.keys(form.fieldErrors).length > 0) {
    await discard();
    return data<FormResult>({ fieldErrors: { ...form.fieldErrors, ...(parsed.ok ? {} : parsed.result.fieldErrors) }, values: form.fields }, { status: 400 });
  }
  const { duesDollars, duesDate, ...texts } = parsed.data;
  const pictureIds = Object.fromEntries(choices.map(({ name, choice }) => [PICTURES[name], choice.id ?? ""]));
  try {
    await savePageTexts(services.db, { ...texts, ...pictureIds }, authorOf(user));
    await saveAssociationNumbers(services.db, { duesDollars, duesDate }, authorOf(user));
    for (const { choice } of choices) await choice.commit();
  } catch (error) {
    services.logger.error({ err: error }, "pages save failed");
    await discard();
    return data<FormResult>({ formError: "Failed to save the pages. Please try again.", values: parsed.values }, { status: 500 });
  }
  return redirect(`${BASE}?saved`);
}

export default function AdminPages({ loaderData, actionData }: Route.ComponentProps) {
  const { changed, saved, pictures } = loaderData;
  const busy = useNavigation().state === "submitting";
  const field = formFieldsOf(loaderData.limits, actionData, loaderData.values);
  return (
    <>
      <h1>{SCREEN.heading}</h1>
      <p className="muted">The words of the public pages. Leave a text empty to leave its part out.</p>
      <p className="muted">{PLACEHOLDER_HINT}</p>
      <FormAlert result={actionData} />
      {saved && !actionData && (
        <p className="success" role="status">
          The pages were saved.
        </p>
      )}
      <Form method="post" className="stack wide" encType="multipart/form-data">
        <fieldset>
          <legend>Home page</legend>
          <MarkdownField label="Welcome" rows={6} {...field("welcome")} />
          <FormField label="President's name" {...field("presidentName")} />
          <MarkdownField label="From the President" rows={10} {...field("presidentLetter")} />
          <ImageField name="homePhoto" label="Photo beside the welcome (optional)" current={pictures.homePhoto} result={actionData} removable />
        </fieldset>
        <fieldset>
          <legend>The Lake</legend>
          <MarkdownField label="About the lake" rows={6} {...field("lakeIntro")} />
          <FormField label="Facts and figures" rows={8} hint="One fact per line, as Label: value (Surface area: 412 acres)." {...field("lakeFacts")} />
          <ImageField name="map" label="Map of the lake" current={pictures.map} alt={loaderData.values.mapAlt} result={actionData} removable hint="A JPEG, PNG or WebP picture of up to 20 MB. Without one, the bundled map is shown with this description." />
          <FormField label="Map caption" {...field("mapCaption")} />
          <MarkdownField label="Beach: Learn More" rows={8} {...field("learnMore")} />
          <FormField label="Geese advice: heading" {...field("geeseTitle")} />
          <MarkdownField label="Geese advice" rows={10} {...field("geeseAdvice")} />
        </fieldset>
        <fieldset>
          <legend>Membership</legend>
          <MarkdownField label="Member benefits" rows={8} hint="One benefit per line, each starting with - ." {...field("benefits")} />
          <FormField label="Dues per household (US dollars)" type="number" inputMode="decimal" {...field("duesDollars")} />
          <FormField label="Dues are due on" placeholder="April 1" {...field("duesDate")} />
          <MarkdownField label="How to pay" rows={6} {...field("howToPay")} />
          <MarkdownField label="Treasurer contact" rows={5} hint="Name, postal address and email, as members should write them. End a line with two spaces to keep the next on its own line." {...field("treasurerContact")} />
          <ImageField name="treasurer" label="Treasurer contact card" current={pictures.treasurer} alt={loaderData.values.treasurerAlt} result={actionData} removable hint="A picture shown under the contact text, if you want one; its description must say what it shows." />
        </fieldset>
        {changed && <p className="muted">{`Last changed by ${changed.by} on ${changed.at}.`}</p>}
        <p>
          <button type="submit" className="button" disabled={busy}>
            Save Pages
          </button>
        </p>
      </Form>
    </>
  );
}
