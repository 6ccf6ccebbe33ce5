/**
 * Member email (spec §7): one message per member, HTML paragraphs with a plain-text part, so that no member sees
 * another's address. Used by the email worker endpoint (`/api/email`) and, when the worker address is this server,
 * by the Email Members screen directly. The messages are queued in the outbox (issue 11) and sent by its worker,
 * each with the member's own unsubscribe link; members who unsubscribed and suppressed addresses are left out.
 * Both ways in pass through `sendMemberEmail`, which sanitises the HTML before anything is queued (issue 24).
 */
import { htmlToText, sanitizeMailHtml } from "./mail-html.server.ts";
import type { MailServices } from "./outbox.server.ts";
import { countMembers } from "#app/mail/data/members.server.ts";
import { queueListMail } from "#app/mail/data/outbox.server.ts";

/** The outcome: how many messages were queued, or why none was (with the HTTP status the worker answers). */
export type MemberMailResult = { ok: true; queued: number; messageId: string } | { ok: false; status: 400 | 502; message: string };

/**
 * Queues `{subject, body}` to every member who gets member email, one message each, and wakes the outbox worker.
 * The body is sanitised first (`sanitizeMailHtml`) and the plain-text part made from what is left; a body with no
 * text left (only scripts, say) is refused with 400.
 * @param body HTML paragraphs (see `messageToHtml`), or any HTML an administrator sent to the email worker
 * @param by the administrator's email, kept with the message
 */
export async function sendMemberEmail(services: MailServices, { subject, body }: { subject: string; body: string }, by: string): Promise<MemberMailResult> {
  const { db, logger } = services;
  const html = sanitizeMailHtml(body);
  const text = htmlToText(html);
  if (text === "") return { ok: false, status: 400, message: "The message has no text once scripts, styles and other unsafe HTML are removed." };
  if ((await countMembers(db)) === 0) return { ok: false, status: 400, message: "There are no members yet." };
  const queued = await queueListMail(db, "members", { subject, text, html, createdBy: by });
  if (queued.recipients === 0) return { ok: false, status: 400, message: "No member can get email: every member has unsubscribed or their address refuses mail." };
  services.outbox.kick();
  logger.info({ by, queued: queued.recipients, messageId: queued.messageId }, "member email queued");
  return { ok: true, queued: queued.recipients, messageId: queued.messageId };
}
