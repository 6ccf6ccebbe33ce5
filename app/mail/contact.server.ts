/**
 * Receiving a message written on /contact-us (issue 28): the spam checks (app/mail/contact.ts says which), then the
 * message stored and its mail to the association's contact address queued in one transaction, with the writer's
 * address as Reply-To. The mail's Subject carries the writer's one-line name only; their address goes in Reply-To
 * alone, checked by the schema, so no header can be added by what a visitor types.
 */
import { escapeHtml } from "#app/platform/text/email-body.ts";
import { dateTimeIn } from "#app/platform/text/dates.ts";
import { getAssociationDetails } from "#app/site/data/association.server.ts";
import { CONTACT_WINDOW_MS, MAX_MESSAGES_PER_CLIENT, sentTooSoon } from "./contact.ts";
import type { ContactInput } from "./forms.ts";
import { readContactToken } from "./contact-token.server.ts";
import { countRecentContactMessages, storeContactMessage } from "./data/contact-messages.server.ts";
import type { MailServices } from "./outbox.server.ts";

/** What became of a message: "sent" (stored and queued), or why it was refused. */
export type ContactOutcome = "sent" | "trap" | "too-soon" | "throttled";

/** The mail the board gets: Subject with the writer's name, the message as written, and who wrote when. */
export function contactMail(input: ContactInput, when: string): { subject: string; text: string; html: string } {
  const intro = `${input.name} (${input.email}) wrote on the website's Contact us page on ${when}:`;
  const outro = "Reply to this mail to answer them: the reply goes to their address.";
  return {
    subject: `Message from ${input.name} via the website`,
    text: `${intro}\n\n${input.message}\n\n${outro}`,
    html:
      `<p>${escapeHtml(intro)}</p>` +
      `<blockquote style="white-space:pre-wrap;border-left:3px solid #ccc;margin:1em 0;padding-left:1em">${escapeHtml(input.message)}</blockquote>` +
      `<p>${escapeHtml(outro)}</p>`,
  };
}

/**
 * Takes a message from the form. The checks in order: the hidden field left empty, the time token signed by this
 * server and at least `MIN_FILL_MS` old, fewer than `MAX_MESSAGES_PER_CLIENT` from the client in the last hour.
 * A refused message is not stored; each refusal is logged with the client's address.
 * @param form.trap the hidden field's value ("" from a person)
 * @param form.token the form's time token
 * @param ip the client's address (the router context's)
 * @param now ms since epoch
 * @throws what the database throws (nothing is then stored or queued)
 */
export async function receiveContactMessage(
  services: MailServices,
  form: { input: ContactInput; trap: string; token: string | undefined },
  ip: string,
  now = Date.now(),
): Promise<ContactOutcome> {
  const { db, config, logger } = services;
  if (form.trap !== "") {
    logger.warn({ ip }, "contact message refused: hidden field filled in");
    return "trap";
  }
  const issuedAt = readContactToken(config.authSecret, form.token);
  if (issuedAt === null || sentTooSoon(issuedAt, now)) {
    logger.warn({ ip, ageMs: issuedAt === null ? null : now - issuedAt }, "contact message refused: no valid time token, or sent too soon");
    return "too-soon";
  }
  if ((await countRecentContactMessages(db, ip, now - CONTACT_WINDOW_MS)) >= MAX_MESSAGES_PER_CLIENT) {
    logger.warn({ ip }, "contact message refused: throttled");
    return "throttled";
  }
  const association = await getAssociationDetails(db);
  const mail = contactMail(form.input, dateTimeIn(association.timeZone, now));
  const { mailed } = await storeContactMessage(db, { ...form.input, ip }, association.contactEmail, { ...mail, createdBy: "contact form", replyTo: form.input.email }, now);
  if (mailed) services.outbox.kick();
  else logger.warn({ to: association.contactEmail }, "contact message stored, not mailed: the contact address is suppressed");
  logger.info({ ip }, "contact message received");
  return "sent";
}
