import { data, Form, Link, redirect, useNavigation } from "react-router";
import { dateTimeIn } from "#app/platform/text/dates.ts";
import type { Route } from "./+types/banner";
import { ConfirmModal } from "#app/ui/ConfirmModal.tsx";
import { FormAlert } from "#app/ui/FormField.tsx";
import { MarkdownField } from "#app/ui/MarkdownField.tsx";
import { adminRequest } from "#app/web/admin-screens.server.ts";
import { formFields, formLimits, parseForm, type FormResult } from "#app/platform/text/forms.ts";
import { bannerSchema } from "#app/site/forms.ts";
import { getTimeZone } from "#app/site/data/association.server.ts";
import { deleteBanner, getBanner, setBanner } from "#app/site/data/banner.server.ts";
import { screen, screenMeta } from "./screens.ts";

const SCREEN = screen("banner");

export function meta() {
  return screenMeta(SCREEN);
}

const BASE = "/admin/banner";

export async function loader(args: Route.LoaderArgs) {
  const { services, url } = adminRequest(args);
  const [banner, timeZone] = await Promise.all([getBanner(services.db), getTimeZone(services.db)]);
  return {
    limits: formLimits(bannerSchema),
    banner: banner
      ? {
          text: banner.text,
          createdBy: banner.createdBy,
          // Formatted here, in the association's time zone, so the browser shows the same words.
          createdAt: dateTimeIn(timeZone, banner.createdAt),
        }
      : null,
    confirmDelete: url.searchParams.has("delete") && banner !== undefined,
    saved: url.searchParams.get("saved"),
  };
}

export async function action(args: Route.ActionArgs) {
  const { user, services } = adminRequest(args);
  const { db, logger } = services;
  const form = formFields(await args.request.formData());
  if (form.intent === "delete") {
    try {
      await deleteBanner(db);
    } catch (error) {
      logger.error({ err: error }, "banner delete failed");
      return data<FormResult>({ formError: "Failed to delete banner. Please try again." }, { status: 500 });
    }
    return redirect(`${BASE}?saved=deleted`);
  }
  const parsed = parseForm(bannerSchema, form);
  if (!parsed.ok) return data<FormResult>(parsed.result, { status: 400 });
  try {
    await setBanner(db, parsed.data.text, user.email);
  } catch (error) {
    logger.error({ err: error }, "banner save failed");
    return data<FormResult>({ formError: "Failed to save banner. Please try again.", values: form }, { status: 500 });
  }
  return redirect(`${BASE}?saved=${Date.now()}`);
}

export default function AdminBanner({ loaderData, actionData }: Route.ComponentProps) {
  const { banner, confirmDelete, saved } = loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <h1>{SCREEN.heading}</h1>
      <p className="muted">The banner shows at the top of the home page. To show none, delete it.</p>
      <FormAlert result={actionData} />
      {saved && !actionData && (
        <p className="success" role="status">
          {saved === "deleted" ? "The banner was deleted." : "The banner was saved."}
        </p>
      )}
      <Form method="post" className="stack" key={banner?.createdAt ?? "none"}>
        <MarkdownField inline name="text" label="Banner text" rows={4} limits={loaderData.limits} result={actionData} defaultValue={banner?.text ?? ""} />
        {banner && (
          <p className="muted">
            {`Last set by ${banner.createdBy} on ${banner.createdAt}.`}
          </p>
        )}
        <div className="button-row">
          <button type="submit" name="intent" value="save" className="button" disabled={busy}>
            {banner ? "Update Banner" : "Create Banner"}
          </button>
          {banner && (
            <Link className="button secondary" to={`${BASE}?delete`} preventScrollReset>
              Delete Banner
            </Link>
          )}
        </div>
      </Form>
      {confirmDelete && (
        <ConfirmModal title="Delete the banner?" id="banner" intent="delete" confirmLabel="Delete" closeTo={BASE}>
          <p>The banner will no longer show on the home page.</p>
        </ConfirmModal>
      )}
    </>
  );
}
