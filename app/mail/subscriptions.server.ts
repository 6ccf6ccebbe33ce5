/**
 * Subscribing (issue 11): the steps behind the public form, the confirmation link, the manage page and the one-click
 * unsubscribe. Every answer to the form is the same whether the address is known or not, so the form tells no one
 * who subscribed; what differs is only the mail the address's owner gets.
 */
import { endSentence } from "#app/platform/text/text.ts";
import { escapeHtml } from "#app/platform/text/email-body.ts";
import { LIST_LABELS } from "./mail-texts.ts";
import { makeMailToken, readMailToken, type MailToken, type SubscriberList } from "./mail-tokens.server.ts";
import type { MailServices } from "./outbox.server.ts";
import { getAssociationDetails } from "#app/site/data/association.server.ts";
import { unsubscribeMember } from "#app/mail/data/members.server.ts";
import { queueNotice } from "#app/mail/data/outbox.server.ts";
import {
  forgetUnconfirmed,
  isSubscribeThrottled,
  parseLists,
  recordSubscribeAttempt,
  requestSubscription,
  unsubscribeSubscriber,
} from "#app/mail/data/subscribers.server.ts";

export { LINK_INVALID, LIST_LABELS, SUBSCRIBE_ANSWER, SUBSCRIBE_THROTTLED } from "./mail-texts.ts";

/**
 * Takes the form's request: throttles (3 per address, 10 per client an hour), records the subscription, and
 * queues the mail its owner gets: a confirmation link for a new or unconfirmed address, a manage link for a
 * confirmed one.
 * @param input.beachSites the beaches (site ids) whose alerts the beach list brings (issue 27; none: the first beach's)
 * @returns "accepted" (answer SUBSCRIBE_ANSWER) or "throttled" (answer SUBSCRIBE_THROTTLED, status 429)
 */
export async function subscribe(
  services: MailServices,
  input: { email: string; lists: SubscriberList[]; ip: string; beachSites?: readonly string[] },
  now = Date.now(),
): Promise<"accepted" | "throttled"> {
  const { db, config, logger } = services;
  if (await isSubscribeThrottled(db, input.email, input.ip, now)) {
    logger.warn({ ip: input.ip }, "subscription request throttled");
    return "throttled";
  }
  await recordSubscribeAttempt(db, input.email, input.ip, now);
  const { subscriber, was } = await requestSubscription(db, input, now);
  const { name } = await getAssociationDetails(db);
  const token = (purpose: "confirm" | "manage") => makeMailToken(config.authSecret, purpose, { kind: "s", id: subscriber.id, list: "all" });
  const lists = parseLists(subscriber.lists).map((l) => LIST_LABELS[l]).join(", ");
  const paragraphs =
    was === "confirmed"
      ? {
          subject: `Your subscriptions at ${name}`,
          lines: [`${endSentence(`Someone, probably you, asked to subscribe this address to ${name}`)} It is already subscribed (${lists}).`, "To change what you get, or to unsubscribe, use this link:"],
          link: `${config.publicUrl}/subscriptions/${token("manage")}`,
          label: "Manage your subscriptions",
        }
      : {
          subject: `Confirm your subscription to ${name}`,
          lines: [`Someone, probably you, asked to get ${lists} from ${name} at this address.`, "To confirm, open this link and press the button:"],
          link: `${config.publicUrl}/subscribe/confirm/${token("confirm")}`,
          label: "Confirm your subscription",
        };
  const after = was === "confirmed" ? "If it was not you, ignore this mail: nothing has changed." : "If it was not you, ignore this mail: nothing will be sent, and the address is forgotten in 7 days.";
  await queueNotice(
    db,
    subscriber.email,
    {
      subject: paragraphs.subject,
      text: `${paragraphs.lines.join("\n\n")}\n\n${paragraphs.link}\n\n${after}`,
      html: `${paragraphs.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("")}<p><a href="${escapeHtml(paragraphs.link)}">${escapeHtml(paragraphs.label)}</a></p><p>${escapeHtml(after)}</p>`,
      createdBy: "system",
    },
    now,
  );
  services.outbox.kick();
  logger.info({ was }, "subscription requested");
  return "accepted";
}

/** Reads a link's token for `purpose`; null when it is malformed, forged or for another purpose. */
export function readLink(services: MailServices, purpose: "confirm" | "manage" | "unsubscribe", token: string | undefined): MailToken | null {
  return token ? readMailToken(services.config.authSecret, purpose, token) : null;
}

/**
 * The one-click unsubscribe (RFC 8058): takes the token's list (or every list) off a subscriber, or stops member
 * email to a member. Idempotent, at once, and needs no session.
 */
export async function unsubscribe(services: MailServices, token: MailToken, now = Date.now()): Promise<void> {
  if (token.kind === "m") await unsubscribeMember(services.db, token.id, now);
  else await unsubscribeSubscriber(services.db, token.id, token.list === "all" || token.list === "members" ? "all" : token.list, now);
  services.logger.info({ kind: token.kind, list: token.list }, "unsubscribed");
}

/** Forgets unconfirmed subscriptions older than 7 days (and old throttle records); run periodically. */
export async function forgetStaleSubscriptions(services: Pick<MailServices, "db" | "logger">, now = Date.now()): Promise<void> {
  const forgotten = await forgetUnconfirmed(services.db, now);
  if (forgotten > 0) services.logger.info({ forgotten }, "unconfirmed subscriptions forgotten");
}
