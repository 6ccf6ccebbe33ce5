import { data, Form } from "react-router";
import type { Route } from "./+types/subscriptions";
import { InvalidLinkBoundary } from "#app/mail/InvalidLink.tsx";
import { getServices } from "#app/web/context.server.ts";
import { formFields } from "#app/platform/text/forms.ts";
import { LINK_INVALID, LIST_LABELS, SUBSCRIBER_LISTS } from "#app/mail/mail-texts.ts";
import { pageMeta } from "#app/platform/http/meta.ts";
import { readLink } from "#app/mail/subscriptions.server.ts";
import { getSubscriber, parseLists, setSubscriberLists } from "#app/mail/data/subscribers.server.ts";
import { listBeaches } from "#app/beach/data/sites.server.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Your subscriptions", "Change the lists you get by email, or unsubscribe.");
}

/** The link's subscriber: undefined when the link is good but its subscriber is gone (unsubscribed from all). */
async function subscriberOf(args: Route.LoaderArgs | Route.ActionArgs) {
  const services = getServices(args.context);
  const token = readLink(services, "manage", args.params.token);
  if (token?.kind !== "s") throw data({ message: LINK_INVALID }, { status: 404 });
  const subscriber = await getSubscriber(services.db, token.id);
  return { services, subscriber: subscriber?.confirmedAt === null ? undefined : subscriber };
}

const GONE = "You are unsubscribed from every list. No more mail will be sent to you.";

/** `/subscriptions/:token`, the manage link in every mail to a subscriber: change the lists, or unsubscribe from all. */
export async function loader(args: Route.LoaderArgs) {
  const { services, subscriber } = await subscriberOf(args);
  if (!subscriber) return null;
  // With several beaches (issue 27), whose beach alerts: those chosen, or the first beach's for a subscription that chose none.
  const beaches = await listBeaches(services.db);
  const chosen = new Set(subscriber.beachSites.split(","));
  const choices = beaches.length < 2 ? [] : beaches.map((b, i) => ({ id: b.id, name: b.name, checked: chosen.has(b.id) || (subscriber.beachSites === "" && i === 0) }));
  return { email: subscriber.email, lists: parseLists(subscriber.lists), beaches: choices };
}

export async function action(args: Route.ActionArgs) {
  const { services, subscriber } = await subscriberOf(args);
  if (!subscriber) return { saved: GONE };
  const form = formFields(await args.request.formData());
  let lists = form.intent === "unsubscribe" ? [] : SUBSCRIBER_LISTS.filter((l) => form[`list-${l}`] === "on");
  const beaches = await listBeaches(services.db);
  const beachSites = beaches.length < 2 ? undefined : beaches.filter((b) => form[`beach-${b.id}`] === "on").map((b) => b.id);
  // No beach ticked among several: no beach alerts.
  if (beachSites?.length === 0) lists = lists.filter((l) => l !== "beach");
  await setSubscriberLists(services.db, subscriber.id, lists, Date.now(), beachSites);
  services.logger.info({ lists }, "subscription changed");
  return { saved: lists.length === 0 ? GONE : `Saved: you get ${lists.map((l) => LIST_LABELS[l]).join(", ")}.` };
}

export default function ManageSubscriptions({ loaderData, actionData }: Route.ComponentProps) {
  const gone = loaderData === null;
  return (
    <div className="page narrow">
      <h1>Your subscriptions</h1>
      {(actionData || gone) && (
        <p className="success" role="status">
          {actionData?.saved ?? GONE}
        </p>
      )}
      {loaderData && (
        <Form method="post" className="stack">
          <fieldset>
            <legend>Send to {loaderData.email}</legend>
            {SUBSCRIBER_LISTS.map((list) => (
              <label key={list} className="checkbox">
                <input type="checkbox" name={`list-${list}`} defaultChecked={loaderData.lists.includes(list)} /> {LIST_LABELS[list]}
              </label>
            ))}
          </fieldset>
          {loaderData.beaches.length > 0 && (
            <fieldset>
              <legend>Beach status alerts for</legend>
              {loaderData.beaches.map((beach) => (
                <label key={beach.id} className="checkbox">
                  <input type="checkbox" name={`beach-${beach.id}`} defaultChecked={beach.checked} /> {beach.name}
                </label>
              ))}
            </fieldset>
          )}
          <p className="button-row">
            <button type="submit" name="intent" value="save" className="button">
              Save
            </button>
            <button type="submit" name="intent" value="unsubscribe" className="button secondary">
              Unsubscribe from all
            </button>
          </p>
        </Form>
      )}
    </div>
  );
}

export const ErrorBoundary = InvalidLinkBoundary;
