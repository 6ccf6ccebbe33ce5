import { data } from "react-router";
import type { Route } from "./+types/subscribe";
import { SubscribeForm, type SubscribeResult } from "#app/mail/SubscribeForm.tsx";
import { clientAddressContext, getServices } from "#app/web/context.server.ts";
import { parseForm } from "#app/platform/text/forms.ts";
import { subscribeSchema } from "#app/mail/forms.ts";
import { pageMeta } from "#app/platform/http/meta.ts";
import { SUBSCRIBE_ANSWER, SUBSCRIBE_THROTTLED, SUBSCRIBER_LISTS } from "#app/mail/mail-texts.ts";
import { subscribe } from "#app/mail/subscriptions.server.ts";
import { listBeaches } from "#app/beach/data/sites.server.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Get beach alerts and news", "Subscribe by email to beach status alerts, news and events.");
}

/** The page's own copy of the form hides the footer's. */
export const handle = { subscribeForm: true };

/**
 * `/subscribe`: the form's target (issue 11). Every accepted request gets the same answer, whether the address is
 * new, waiting for confirmation or already subscribed; too many requests from one address or client get 429.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const form = await request.formData();
  if (form.getAll("email").length > 1) return data<SubscribeResult>({ formError: "Send one email address at a time." }, { status: 400 });
  const parsed = parseForm(subscribeSchema, form);
  if (!parsed.ok) return data<SubscribeResult>(parsed.result, { status: 400 });
  const lists = SUBSCRIBER_LISTS.filter((l) => parsed.data[`list-${l}`] === "on");
  // Whose beach alerts (issue 27): the beaches ticked when there are several, else the one beach.
  const beaches = lists.includes("beach") ? await listBeaches(services.db) : [];
  const beachSites = beaches.length > 1 ? beaches.filter((b) => parsed.values[`beach-${b.id}`] === "on").map((b) => b.id) : beaches.slice(0, 1).map((b) => b.id);
  if (beaches.length > 1 && beachSites.length === 0) {
    return data<SubscribeResult>({ fieldErrors: { beaches: "Choose at least one beach" }, values: parsed.values }, { status: 400 });
  }
  const outcome = await subscribe(services, { email: parsed.data.email, lists, ip: context.get(clientAddressContext), beachSites });
  if (outcome === "throttled") return data<SubscribeResult>({ formError: SUBSCRIBE_THROTTLED, values: parsed.values }, { status: 429 });
  return data<SubscribeResult>({ done: SUBSCRIBE_ANSWER });
}

export default function Subscribe({ actionData }: Route.ComponentProps) {
  return (
    <div className="page narrow">
      <h1>Get beach alerts and news</h1>
      <SubscribeForm result={actionData} />
    </div>
  );
}
