import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/banner";
import { association } from "#content/association.ts";
import { ConfirmModal } from "#app/components/ConfirmModal.tsx";
import { getServices, requireAdmin } from "#app/lib/context.server.ts";
import { bannerSchema, fieldErrors, formFields } from "#app/lib/forms.ts";
import { deleteBanner, getBanner, setBanner } from "#app/models/banner.server.ts";
import { FieldError } from "#app/components/FieldError.tsx";

export function meta() {
  return [{ title: "Banner · Admin" }];
}

const BASE = "/admin/banner";

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const banner = await getBanner(getServices(context).db);
  const url = new URL(request.url);
  return {
    banner: banner
      ? {
          text: banner.text,
          createdBy: banner.createdBy,
          // Formatted here, in the association's time zone, so the browser shows the same words.
          createdAt: new Date(banner.createdAt).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: association.timeZone }),
        }
      : null,
    confirmDelete: url.searchParams.has("delete") && banner !== undefined,
    saved: url.searchParams.get("saved"),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireAdmin(context, request);
  const { db, logger } = getServices(context);
  const form = formFields(await request.formData());
  if (form.intent === "delete") {
    try {
      await deleteBanner(db);
    } catch (error) {
      logger.error({ err: error }, "banner delete failed");
      return data({ error: "Failed to delete banner. Please try again.", fields: null, values: null }, { status: 500 });
    }
    return redirect(`${BASE}?saved=deleted`);
  }
  const parsed = bannerSchema.safeParse(form);
  if (!parsed.success) return data({ error: null, fields: fieldErrors(parsed.error), values: form }, { status: 400 });
  try {
    await setBanner(db, parsed.data.text, user.email);
  } catch (error) {
    logger.error({ err: error }, "banner save failed");
    return data({ error: "Failed to save banner. Please try again.", fields: null, values: form }, { status: 500 });
  }
  return redirect(`${BASE}?saved=${Date.now()}`);
}

export default function AdminBanner({ loaderData, actionData }: Route.ComponentProps) {
  const { banner, confirmDelete, saved } = loaderData;
  const busy = useNavigation().state === "submitting";
  const fields: Record<string, string | undefined> = actionData?.fields ?? {};
  return (
    <>
      <h1>Banner</h1>
      <p className="muted">The banner shows at the top of the home page. To show none, delete it.</p>
      {actionData?.error && (
        <p className="alert" role="alert">
          {actionData.error}
        </p>
      )}
      {saved && !actionData && (
        <p className="success" role="status">
          {saved === "deleted" ? "The banner was deleted." : "The banner was saved."}
        </p>
      )}
      <Form method="post" className="stack" key={banner?.createdAt ?? "none"}>
        <div>
          <label htmlFor="text">Banner text</label>
          <textarea
            id="text"
            name="text"
            rows={4}
            maxLength={2000}
            required
            defaultValue={actionData?.values?.text ?? banner?.text ?? ""}
            aria-invalid={fields.text ? true : undefined}
            aria-describedby={fields.text ? "text-error" : undefined}
          />
          <FieldError id="text-error" message={fields.text} />
        </div>
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
