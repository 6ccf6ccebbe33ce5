import { data, Form } from "react-router";
import type { Route } from "./+types/subscriptions";
import { InvalidLinkBoundary } from "#app/mail/InvalidLink.tsx";
import { getServices } from "#app/web/context.server.ts";
import { formFields } from "#app/platform/text/forms.ts";
import { LINK_INVALID, LIST_LABELS, SUBSCRIBER_LISTS } from "#app/mail/mail-texts.ts";
import { pageMeta } from "#app/platform/http/meta.ts";
import { readLink } from "#app/mail/subscriptions.server.ts";
import { getSubscriber, parseLists, setSubscriberLists } from "#app/mail/data/subscribers.server.ts";

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
  const { subscriber } = await subscriberOf(args);
  return subscriber ? { email: subscriber.email, lists: parseLists(subscriber.lists) } : null;
}

export async function action(args: Route.ActionArgs) {
  const { services, subscriber } = await subscriberOf(args);
  if (!subscriber) return { saved: GONE };
  const form = formFields(await args.request.formData());
  const lists = form.intent === "unsubscribe" ? [] : SUBSCRIBER_LISTS.filter((l) => form[`list-${l}`] === "on");
  await setSubscriberLists(services.db, subscriber.id, lists);
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
