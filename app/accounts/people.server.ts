/**
 * The workflows of the People screen (issue 26): inviting a co-administrator by a one-time link, taking an
 * invitation, changing a role and removing someone. The rules (who may do what, the last Administrator) are in
 * ./roles.ts; the rows in ./data/people.server.ts.
 *
 * An invitation's token is 32 random bytes sent only in the mail; only its SHA-256 is stored. It works once, for
 * seven days, and can be withdrawn until it is used.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Mailer } from "#app/platform/mail/mailer.server.ts";
import type { Logger } from "#app/platform/logger.server.ts";
import { PASSWORD_MAX, PASSWORD_MIN } from "#app/platform/passwords.ts";
import { databaseOf, type Auth } from "./auth.server.ts";
import {
  accountExists,
  countAdministrators,
  deleteInvitationsTo,
  deleteRole,
  deleteTwoFactorRows,
  findInvitation,
  getPerson,
  insertInvitation,
  setRole,
  takeInvitation,
  type Invitation,
} from "./data/people.server.ts";
import { INVITATION_PROBLEMS } from "./invitation-problems.ts";
import { LAST_ADMINISTRATOR_MESSAGE, leavesNoAdministrator, ROLE_LABELS, type Role } from "./roles.ts";

/** How long an invitation link works, in milliseconds: 7 days. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The page an invitation link opens. */
export function invitationUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/invitation?token=${encodeURIComponent(token)}`;
}

function sha256(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** What an invitation needs besides the database: better-auth, the mailer, and where links lead. */
export interface PeopleServices {
  auth: Auth;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
}

/** A refusal the screen shows as it is. */
export class PeopleError extends Error {}

/**
 * Invites `email` to become `role`: stores the invitation (replacing any earlier one to the same address) and mails
 * the link. The association's name is in the mail so the invitee knows what it is for.
 * @throws PeopleError when the address already has access, or when the mail cannot be sent (the invitation is then
 *   withdrawn, so nothing waits that nobody received)
 */
export async function invite(services: PeopleServices, input: { email: string; role: Role; by: string; siteName: string }, now = Date.now()): Promise<Invitation> {
  const db = databaseOf(services.auth);
  const email = input.email.trim().toLowerCase();
  if (await accountExists(db, email)) throw new PeopleError(`${email} already has access.`);
  const token = randomBytes(32).toString("base64url");
  const invitation = { id: crypto.randomUUID(), email, role: input.role, invitedBy: input.by, createdAt: now, expiresAt: now + INVITATION_TTL_MS };
  await deleteInvitationsTo(db, email);
  await insertInvitation(db, invitation, sha256(token));
  const url = invitationUrl(services.publicUrl, token);
  try {
    await services.mailer.send({
      to: email,
      subject: `You are invited to help run ${input.siteName}'s website`,
      text:
        `${input.by} invited you to help run the website of ${input.siteName}, as an ${ROLE_LABELS[input.role]}.\n\n` +
        `To accept, open this link within 7 days, then choose your name and a password:\n${url}\n\n` +
        `The link works once. If you did not expect this message, ignore it; nothing happens unless the link is opened.`,
    });
  } catch (error) {
    await deleteInvitationsTo(db, email);
    services.logger.error({ err: error, email }, "invitation mail failed");
    throw new PeopleError(`The invitation could not be mailed to ${email}. Check the mail settings and try again.`);
  }
  services.logger.info({ email, role: input.role, by: input.by }, "invitation sent");
  return { ...invitation, usedAt: null };
}


export type InvitationCheck = { ok: true; invitation: Invitation } | { ok: false; problem: keyof typeof INVITATION_PROBLEMS };

/** Whether a link's token is a waiting invitation, and if not, why. @param now ms since epoch */
export async function checkInvitation(auth: Auth, token: string | null | undefined, now = Date.now()): Promise<InvitationCheck> {
  if (!token || token.length > 200) return { ok: false, problem: "unknown" };
  const invitation = await findInvitation(databaseOf(auth), sha256(token));
  if (!invitation) return { ok: false, problem: "unknown" };
  if (invitation.usedAt !== null) return { ok: false, problem: "used" };
  if (!(invitation.expiresAt > now)) return { ok: false, problem: "expired" };
  return { ok: true, invitation };
}

/**
 * Takes an invitation: the token is taken atomically first (two requests with one link make one account), then the
 * account is made with its display name, password and role.
 * @returns the new account's address (to sign in with), or the problem with the link
 * @throws RangeError for a password outside PASSWORD_MIN..PASSWORD_MAX (the form checks it first)
 */
export async function acceptInvitation(auth: Auth, token: string, input: { name: string; password: string }, now = Date.now()): Promise<{ ok: true; email: string } | { ok: false; problem: keyof typeof INVITATION_PROBLEMS }> {
  if (input.password.length < PASSWORD_MIN || input.password.length > PASSWORD_MAX) throw new RangeError("password length");
  const check = await checkInvitation(auth, token, now);
  if (!check.ok) return check;
  const db = databaseOf(auth);
  if (!(await takeInvitation(db, sha256(token), now))) return { ok: false, problem: "used" };
  const { email, role } = check.invitation;
  const ctx = await auth.$context;
  if (await ctx.internalAdapter.findUserByEmail(email)) return { ok: false, problem: "used" };
  const user = await ctx.internalAdapter.createUser({ email, name: input.name, emailVerified: true }, { method: "admin" });
  await ctx.internalAdapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: await ctx.password.hash(input.password) });
  await setRole(db, user.id, role);
  return { ok: true, email };
}

/**
 * Gives someone another role. Refused for the last Administrator.
 * @throws PeopleError with LAST_ADMINISTRATOR_MESSAGE, or when the account is gone
 */
export async function changeRole(auth: Auth, userId: string, role: Role): Promise<void> {
  const db = databaseOf(auth);
  await db.transaction().execute(async (trx) => {
    const person = await getPerson(trx, userId);
    if (!person) throw new PeopleError("This person no longer has access.");
    if (leavesNoAdministrator(await countAdministrators(trx), person.role, role)) throw new PeopleError(LAST_ADMINISTRATOR_MESSAGE);
    await setRole(trx, userId, role);
  });
}

/**
 * Removes someone: their sessions end at once (the next request they make is a guest's), then their password, two
 * factors and account go. Refused for the last Administrator.
 * @throws PeopleError with LAST_ADMINISTRATOR_MESSAGE, or when the account is gone
 */
export async function removePerson(auth: Auth, userId: string): Promise<{ email: string }> {
  const db = databaseOf(auth);
  const person = await getPerson(db, userId);
  if (!person) throw new PeopleError("This person no longer has access.");
  if (leavesNoAdministrator(await countAdministrators(db), person.role, null)) throw new PeopleError(LAST_ADMINISTRATOR_MESSAGE);
  const ctx = await auth.$context;
  await ctx.internalAdapter.deleteUserSessions(userId);
  await ctx.internalAdapter.deleteAccounts(userId);
  await deleteTwoFactorRows(db, userId);
  await ctx.internalAdapter.deleteUser(userId);
  await deleteRole(db, userId);
  return { email: person.email };
}

/**
 * Turns two-factor sign-in off for an account, from the server (`npm run admin -- reset-password`: the way back in
 * for someone who lost both their phone and their recovery codes). They can set it up again on Your account.
 * @returns whether it was on
 */
export async function turnOffTwoFactor(auth: Auth, email: string): Promise<boolean> {
  const ctx = await auth.$context;
  const found = await ctx.internalAdapter.findUserByEmail(email.trim().toLowerCase());
  if (!found) return false;
  const wasOn = (found.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled === true;
  await deleteTwoFactorRows(databaseOf(auth), found.user.id);
  if (wasOn) await ctx.internalAdapter.updateUser(found.user.id, { twoFactorEnabled: false });
  return wasOn;
}
