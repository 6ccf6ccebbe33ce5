/**
 * The people who may sign in (issue 26): each account's role and last sign-in (`account_role`, ours), joined with
 * better-auth's `user` table for the address and display name (plain SQL there, as in auth-tables.server.ts), and the
 * invitations (`account_invitation`). The rules are in ../roles.ts; the workflows in ../people.server.ts.
 */
import { sql } from "kysely";
import type { Database } from "#app/platform/data/db.server.ts";
import { getSetting, setSetting } from "#app/platform/data/settings.server.ts";
import { asRole, type Role } from "../roles.ts";

/** One person with access, as the People screen lists them. */
export interface Person {
  /** better-auth's user id. */
  id: string;
  email: string;
  /** The display name (better-auth's `user.name`). */
  name: string;
  role: Role;
  /** ms since epoch, or null when never signed in. */
  lastSignInAt: number | null;
  twoFactorEnabled: boolean;
}

/** Every account, Administrators first, then by address. */
export async function listPeople(db: Database): Promise<Person[]> {
  const { rows } = await sql<{ id: string; email: string; name: string; role: string | null; lastSignInAt: number | string | null; twoFactorEnabled: unknown }>`
    SELECT u.id, u.email, u.name, r.role, r.${sql.ref("lastSignInAt")}, u.${sql.ref("twoFactorEnabled")}
    FROM ${sql.table("user")} u LEFT JOIN account_role r ON r.${sql.ref("userId")} = u.id
    ORDER BY u.email`.execute(db);
  const people = rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: r.name,
    role: asRole(r.role),
    lastSignInAt: r.lastSignInAt === null ? null : Number(r.lastSignInAt),
    twoFactorEnabled: r.twoFactorEnabled === true || r.twoFactorEnabled === 1,
  }));
  return people.sort((a, b) => (a.role === b.role ? 0 : a.role === "administrator" ? -1 : 1));
}

/** One account by id, or undefined. */
export async function getPerson(db: Database, id: string): Promise<Person | undefined> {
  return (await listPeople(db)).find((p) => p.id === id);
}

/** The role of the account `userId`; an account without a row is an Editor (`asRole`). */
export async function roleOf(db: Database, userId: string): Promise<Role> {
  const row = await db.selectFrom("account_role").select("role").where("userId", "=", userId).executeTakeFirst();
  return asRole(row?.role);
}

/** Gives the account `userId` this role (made or replaced). */
export async function setRole(db: Database, userId: string, role: Role): Promise<void> {
  await db
    .insertInto("account_role")
    .values({ userId, role, lastSignInAt: null })
    .onConflict((oc) => oc.column("userId").doUpdateSet({ role }))
    .execute();
}

/** Records that a session was just made for `userId` (a sign-in). @param now ms since epoch */
export async function recordSignIn(db: Database, userId: string, now = Date.now()): Promise<void> {
  await db.updateTable("account_role").set({ lastSignInAt: now }).where("userId", "=", userId).execute();
}

/** How many accounts are Administrators (those whose `user` row still exists). */
export async function countAdministrators(db: Database): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`
    SELECT COUNT(*) AS n FROM account_role r JOIN ${sql.table("user")} u ON u.id = r.${sql.ref("userId")}
    WHERE r.role = 'administrator'`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Forgets the role row of a removed account. */
export async function deleteRole(db: Database, userId: string): Promise<void> {
  await db.deleteFrom("account_role").where("userId", "=", userId).execute();
}

/** Whether an account with this address (trimmed, lower-cased) exists. */
export async function accountExists(db: Database, email: string): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`SELECT id FROM ${sql.table("user")} WHERE email = ${email} LIMIT 1`.execute(db);
  return rows.length > 0;
}

/** An invitation as stored. */
export interface Invitation {
  id: string;
  email: string;
  role: Role;
  invitedBy: string;
  /** ms since epoch */
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

const toInvitation = (row: { id: string; email: string; role: string; invitedBy: string; createdAt: number | string; expiresAt: number | string; usedAt: number | string | null }): Invitation => ({
  id: row.id,
  email: row.email,
  role: asRole(row.role),
  invitedBy: row.invitedBy,
  createdAt: Number(row.createdAt),
  expiresAt: Number(row.expiresAt),
  usedAt: row.usedAt === null ? null : Number(row.usedAt),
});

const INVITATION_COLUMNS = ["id", "email", "role", "invitedBy", "createdAt", "expiresAt", "usedAt"] as const;

/** Stores a new invitation. @param tokenHash the token's SHA-256, hex */
export async function insertInvitation(db: Database, invitation: Omit<Invitation, "usedAt">, tokenHash: string): Promise<void> {
  await db.insertInto("account_invitation").values({ ...invitation, tokenHash, usedAt: null }).execute();
}

/** The invitations not used yet (expired ones too, so the screen can say so), newest first. */
export async function listPendingInvitations(db: Database): Promise<Invitation[]> {
  const rows = await db.selectFrom("account_invitation").select(INVITATION_COLUMNS).where("usedAt", "is", null).orderBy("createdAt", "desc").execute();
  return rows.map(toInvitation);
}

/** The invitation whose token has this hash, used or not, or undefined. */
export async function findInvitation(db: Database, tokenHash: string): Promise<Invitation | undefined> {
  const row = await db.selectFrom("account_invitation").select(INVITATION_COLUMNS).where("tokenHash", "=", tokenHash).executeTakeFirst();
  return row ? toInvitation(row) : undefined;
}

/**
 * Marks the invitation with this token hash used, atomically: of any number of callers at once, exactly one gets
 * true, and only while it is unused and unexpired.
 * @param now ms since epoch
 */
export async function takeInvitation(db: Database, tokenHash: string, now = Date.now()): Promise<boolean> {
  const result = await db
    .updateTable("account_invitation")
    .set({ usedAt: now })
    .where("tokenHash", "=", tokenHash)
    .where("usedAt", "is", null)
    .where("expiresAt", ">", now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Withdraws (deletes) an unused invitation. @returns whether there was one */
export async function deleteInvitation(db: Database, id: string): Promise<boolean> {
  const result = await db.deleteFrom("account_invitation").where("id", "=", id).where("usedAt", "is", null).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Withdraws every unused invitation to this address (a new one replaces them). */
export async function deleteInvitationsTo(db: Database, email: string): Promise<void> {
  await db.deleteFrom("account_invitation").where("email", "=", email).where("usedAt", "is", null).execute();
}

/** Deletes the two-factor rows of an account being removed (better-auth's `twoFactor` table). */
export async function deleteTwoFactorRows(db: Database, userId: string): Promise<void> {
  await sql`DELETE FROM ${sql.table("twoFactor")} WHERE ${sql.ref("userId")} = ${userId}`.execute(db);
}

const REQUIRE_TWO_FACTOR_KEY = "requireTwoFactor";

/** Whether an Administrator requires two-factor sign-in of everyone (a row of the `setting` table). */
export async function isTwoFactorRequired(db: Database): Promise<boolean> {
  return (await getSetting(db, REQUIRE_TWO_FACTOR_KEY)) === "1";
}

/** Requires two-factor sign-in of everyone, or stops requiring it. */
export async function setTwoFactorRequired(db: Database, required: boolean): Promise<void> {
  await setSetting(db, REQUIRE_TWO_FACTOR_KEY, required ? "1" : "0");
}
