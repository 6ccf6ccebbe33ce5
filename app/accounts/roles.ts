/**
 * The two roles of an account (issue 26): an Administrator may do everything; an Editor keeps the association's
 * content (news, events, documents, beach data, banner, pages, board, FAQ, …) but not People, Settings, Subscribers,
 * Members or Email Members. Which screens are whose is said once, by `access` in the admin screen registry
 * (app/routes/admin/screens.ts); the guard (`requireAdmin`, app/web/context.server.ts) applies it on the server.
 *
 * Shared by server and browser: imports nothing.
 */

/** The roles, most powerful first. */
export const ROLES = ["administrator", "editor"] as const;
export type Role = (typeof ROLES)[number];

/** What the screens call each role. */
export const ROLE_LABELS: Record<Role, string> = { administrator: "Administrator", editor: "Editor" };

/** Who may use a screen: its registry entry's `access` ("administrator"), or everyone signed in. */
export type Access = "administrator" | "everyone";

/** Whether an account with `role` may use a screen open to `access`. */
export function mayUse(role: Role, access: Access): boolean {
  return access === "everyone" || role === "administrator";
}

/** `value` as a role; anything else (a missing or unknown row) is an Editor, the role that may do less. */
export function asRole(value: unknown): Role {
  return value === "administrator" ? "administrator" : "editor";
}

/**
 * Whether a change of role or a removal leaves the site without an Administrator, which is refused (someone must be
 * able to manage People and Settings).
 * @param administrators how many Administrators there are now
 * @param target the role of the account changed or removed now
 * @param after its role afterwards, or null when it is removed
 */
export function leavesNoAdministrator(administrators: number, target: Role, after: Role | null): boolean {
  return target === "administrator" && after !== "administrator" && administrators <= 1;
}

/** What the screen says when that is refused. */
export const LAST_ADMINISTRATOR_MESSAGE =
  "This is the last Administrator. Make someone else an Administrator first: the site always needs one to manage People and Settings.";

/** What an Editor is told on a screen for Administrators only (403). */
export const FORBIDDEN_MESSAGE = "Only an Administrator can use this screen.";
