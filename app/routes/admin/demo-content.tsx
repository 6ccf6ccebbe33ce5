import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/demo-content";
import { ConfirmModal } from "#app/ui/ConfirmModal.tsx";
import { FormAlert } from "#app/ui/FormField.tsx";
import { adminRequest } from "#app/web/admin-screens.server.ts";
import { countDemoContent, describeDemoContent, removeDemoContent } from "#app/web/demo-content.server.ts";
import { formFields, type FormResult } from "#app/platform/text/forms.ts";
import { screen, screenMeta } from "./screens.ts";

const SCREEN = screen("demo-content");
const BASE = "/admin/demo-content";

export function meta() {
  return screenMeta(SCREEN);
}

/** What of the demo association is left (untouched by the board), in words; `?remove` opens the confirmation. */
export async function loader(args: Route.LoaderArgs) {
  const { services, url } = adminRequest(args);
  const summary = describeDemoContent(await countDemoContent(services.db));
  return { summary, confirm: url.searchParams.has("remove") && summary !== null, removed: url.searchParams.get("removed") };
}

/** Removes the demo content the board has not edited (intent "remove"), then says what went. */
export async function action(args: Route.ActionArgs) {
  const { user, services } = adminRequest(args);
  const form = formFields(await args.request.formData());
  if (form.intent !== "remove") return data<FormResult>({ formError: "Nothing was removed." }, { status: 400 });
  try {
    const removed = await removeDemoContent(services, user.email);
    services.logger.info({ by: user.email, removed }, "demo content removed");
    const said = describeDemoContent(removed);
    return redirect(`${BASE}?removed=${encodeURIComponent(said ? said.replace(/^This removes /, "") : "nothing")}`);
  } catch (error) {
    services.logger.error({ err: error }, "demo content removal failed");
    return data<FormResult>({ formError: "Failed to remove the demo content. Please try again." }, { status: 500 });
  }
}

export default function AdminDemoContent({ loaderData, actionData }: Route.ComponentProps) {
  const { summary, confirm, removed } = loaderData;
  return (
    <>
      <h1>{SCREEN.heading}</h1>
      <p className="muted">
        A new site starts with the content of a made-up association, Heron Lake, so that every page has something to show. Remove it
        when your own content is in. What you added or edited stays.
      </p>
      <FormAlert result={actionData} />
      {removed && !actionData && (
        <p className="success" role="status">
          {`Removed ${removed}`}
        </p>
      )}
      {summary ? (
        <>
          <p>{summary.replace(/^This removes /, "Left of the demo: ").replace(/\.$/, ".")}</p>
          <p>
            <Link className="button danger" to={`${BASE}?remove`} preventScrollReset>
              Remove demo content
            </Link>
          </p>
        </>
      ) : (
        <p className="empty">There is no demo content on this site.</p>
      )}
      {confirm && summary && (
        <ConfirmModal title="Remove the demo content?" id="demo" intent="remove" confirmLabel="Remove demo content" closeTo={BASE}>
          <p>{summary}</p>
          <p>Content you added or edited stays. This cannot be undone.</p>
        </ConfirmModal>
      )}
    </>
  );
}
