import { data, Form, redirect, useNavigation } from "react-router";
import { dateTimeIn } from "#app/platform/text/dates.ts";
import type { Route } from "./+types/beach-advisory";
import { FormAlert, FormField } from "#app/ui/FormField.tsx";
import { adminRequest, authorOf } from "#app/web/admin-screens.server.ts";
import { liftAdvisory, postAdvisory } from "#app/beach/updates.server.ts";
import { formFields, formLimits, parseForm, type FormResult } from "#app/platform/text/forms.ts";
import { advisorySchema } from "#app/beach/forms.ts";
import { getTimeZone } from "#app/site/data/association.server.ts";
import { ADVISORY_STATUSES } from "#app/beach/status.ts";
import { getBeachAdvisory } from "#app/beach/data/advisory.server.ts";
import { countMailableSubscribers } from "#app/mail/data/subscribers.server.ts";
import { screen, screenMeta } from "./screens.ts";

const SCREEN = screen("beach-advisory");
const BASE = "/admin/beach-advisory";

export function meta() {
  return screenMeta(SCREEN);
}

/**
 * The manual beach advisory (issue 11): a closure for a spill or after heavy rain, with its reason. While posted it
 * overrides the status of the latest reading on the public pages; posting and lifting each alert the beach list.
 */
export async function loader(args: Route.LoaderArgs) {
  const { services, url } = adminRequest(args);
  const [advisory, timeZone, subscribers] = await Promise.all([getBeachAdvisory(services.db), getTimeZone(services.db), countMailableSubscribers(services.db, "beach")]);
  return {
    advisory: advisory && { ...advisory, when: dateTimeIn(timeZone, advisory.postedAt) },
    subscribers,
    done: url.searchParams.get("done"),
    limits: formLimits(advisorySchema),
  };
}

export async function action(args: Route.ActionArgs) {
  const { user, services } = adminRequest(args);
  const fields = formFields(await args.request.formData());
  if (fields.intent === "lift") {
    if (!(await liftAdvisory(services))) return data<FormResult>({ formError: "There is no advisory to lift." }, { status: 400 });
    services.logger.info({ by: user.email }, "beach advisory lifted");
    return redirect(`${BASE}?done=lifted`);
  }
  const parsed = parseForm(advisorySchema, fields);
  if (!parsed.ok) return data<FormResult>(parsed.result, { status: 400 });
  await postAdvisory(services, { ...parsed.data, postedAt: Date.now(), postedBy: authorOf(user) });
  services.logger.info({ by: user.email, status: parsed.data.status }, "beach advisory posted");
  return redirect(`${BASE}?done=posted`);
}

export default function AdminBeachAdvisory({ loaderData, actionData }: Route.ComponentProps) {
  const { advisory, subscribers, done, limits } = loaderData;
  const busy = useNavigation().state === "submitting";
  const field = { limits, result: actionData };
  const alerted = `${subscribers} beach alert ${subscribers === 1 ? "subscriber is" : "subscribers are"} told by email.`;
  return (
    <>
      <h1>{SCREEN.heading}</h1>
      {done && !actionData && (
        <p className="success" role="status">
          {done === "lifted" ? "Advisory lifted." : "Advisory posted."} {alerted}
        </p>
      )}
      <FormAlert result={actionData} />
      {advisory ? (
        <section aria-labelledby="current" className="card">
          <h2 id="current">In force: {advisory.status}</h2>
          <p>{advisory.reason}</p>
          <p className="muted">
            Posted {advisory.when} by {advisory.postedBy}. The public pages show this instead of the latest reading's status.
          </p>
          <Form method="post">
            <button type="submit" name="intent" value="lift" className="button" disabled={busy}>
              Lift advisory
            </button>
          </Form>
        </section>
      ) : (
        <p>No advisory is posted: the public pages show the status of the latest reading.</p>
      )}
      <h2>{advisory ? "Change the advisory" : "Post an advisory"}</h2>
      <p className="muted">For a closure or a warning no sample shows yet: a spill, heavy rain, an algae bloom. {alerted}</p>
      <Form method="post" className="stack">
        <FormField name="status" label="Status" options={ADVISORY_STATUSES} defaultValue={advisory?.status ?? "Closed"} {...field} />
        <FormField name="reason" label="Reason" rows={3} hint="Residents read this on the site and in the alert." defaultValue={advisory?.reason} {...field} />
        <p>
          <button type="submit" name="intent" value="post" className="button" disabled={busy}>
            Post advisory
          </button>
        </p>
      </Form>
    </>
  );
}
