import { data, Form, Link } from "react-router";
import type { Route } from "./+types/subscribe-confirm";
import { getServices } from "#app/web/context.server.ts";
import { makeMailToken } from "#app/mail/mail-tokens.server.ts";
import { pageMeta } from "#app/platform/http/meta.ts";
import { LINK_INVALID, LIST_LABELS } from "#app/mail/mail-texts.ts";
import { readLink } from "#app/mail/subscriptions.server.ts";
import { InvalidLinkBoundary } from "#app/mail/InvalidLink.tsx";
import { confirmSubscriber, getSubscriber, parseLists } from "#app/mail/data/subscribers.server.ts";
import { IGNORED_BODY } from "#app/platform/http/request-body.ts";

/** The confirming POST reads no body. */
export const handle = { body: IGNORED_BODY };

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Confirm your subscription", "Confirm an email subscription.");
}

/** The link's subscriber, or a 404 with the invalid-link message. */
async function subscriberOf(args: Route.LoaderArgs | Route.ActionArgs) {
  const services = getServices(args.context);
  const token = readLink(services, "confirm", args.params.token);
  const subscriber = token?.kind === "s" ? await getSubscriber(services.db, token.id) : undefined;
  if (!subscriber) throw data({ message: LINK_INVALID }, { status: 404 });
  return { services, subscriber };
}

/**
 * `/subscribe/confirm/:token`, the link in the confirmation mail. A GET only shows a button: mail scanners that
 * open links must not confirm anyone; the POST confirms (idempotent).
 */
export async function loader(args: Route.LoaderArgs) {
  const { subscriber } = await subscriberOf(args);
  return { email: subscriber.email, lists: parseLists(subscriber.lists).map((l) => LIST_LABELS[l]), confirmed: subscriber.confirmedAt !== null };
}

export async function action(args: Route.ActionArgs) {
  const { services, subscriber } = await subscriberOf(args);
  await confirmSubscriber(services.db, subscriber.id);
  services.logger.info("subscription confirmed");
  return { confirmed: true, manage: `/subscriptions/${makeMailToken(services.config.authSecret, "manage", { kind: "s", id: subscriber.id, list: "all" })}` };
}

export default function ConfirmSubscription({ loaderData, actionData }: Route.ComponentProps) {
  const confirmed = actionData?.confirmed ?? loaderData.confirmed;
  return (
    <div className="page narrow">
      <h1>Confirm your subscription</h1>
      {confirmed ? (
        <>
          <p className="success" role="status">
            You are subscribed: {loaderData.lists.join(", ")} to {loaderData.email}.
          </p>
          <p>Every mail has a link to change your lists or unsubscribe.{actionData?.manage && <> You can also <Link to={actionData.manage}>manage your subscriptions</Link> now.</>}</p>
        </>
      ) : (
        <Form method="post" className="stack">
          <p>
            Send {loaderData.lists.join(", ")} to <strong>{loaderData.email}</strong>?
          </p>
          <p>
            <button type="submit" className="button">
              Confirm subscription
            </button>
          </p>
        </Form>
      )}
    </div>
  );
}

export const ErrorBoundary = InvalidLinkBoundary;
