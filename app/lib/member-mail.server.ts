/**
 * Member email (spec §7): one message per member, HTML paragraphs with a plain-text part, so that no member sees
 * another's address. Used by the email worker endpoint (`/api/email`) and, when the worker address is this server,
 * by the Email Members screen directly.
 */
import { escapeHtml, htmlToText } from "./email-body.ts";
import type { Services } from "./services.server.ts";
import { listMembers } from "#app/models/members.server.ts";
import { getAssociationDetails } from "#app/models/association.server.ts";

/** The outcome: how many were sent and failed, or why nothing was sent (with the HTTP status the worker answers). */
export type MemberMailResult = { ok: true; sent: number; failed: number } | { ok: false; status: 400 | 502; message: string };

/**
 * Sends `{subject, body}` to every member, one message each. A member whose message fails is logged and counted;
 * the others still get theirs.
 * @param body HTML paragraphs (see `messageToHtml`)
 * @param by the administrator's email, for the log
 */
export async function sendMemberEmail(services: Services, { subject, body }: { subject: string; body: string }, by: string): Promise<MemberMailResult> {
  const { db, mailer, logger } = services;
  const [members, { name }] = await Promise.all([listMembers(db), getAssociationDetails(db)]);
  if (members.length === 0) return { ok: false, status: 400, message: "There are no members yet." };
  const text = htmlToText(body);
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5">${body}<hr><p style="color:#555;font-size:0.9em">${escapeHtml(name)}</p></body></html>`;
  let sent = 0;
  let failed = 0;
  for (const member of members) {
    try {
      await mailer.send({ to: member.email, subject, text: `${text}\n\n--\n${name}`, html });
      sent++;
    } catch (error) {
      failed++;
      logger.warn({ err: error, to: member.email }, "member email failed");
    }
  }
  logger.info({ by, sent, failed }, "member email sent");
  if (sent === 0) return { ok: false, status: 502, message: `No message could be sent (${failed} failed)` };
  return { ok: true, sent, failed };
}
