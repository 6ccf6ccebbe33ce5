/**
 * The "Write to the board" form on /contact-us (issue 28): its schema, its spam rules and its texts. Spam is kept out
 * without a third party, by three checks that a person never meets:
 * - a hidden field (`CONTACT_TRAP_FIELD`) that people do not see and robots fill in;
 * - a time check: the form carries the time its page was made, signed by the server (contact-token.server.ts), and a
 *   message sent less than `MIN_FILL_MS` after it is refused. /contact-us is a cached page, so that time is when the
 *   cached copy was made: a lower bound of the time the visitor had, never more;
 * - a throttle: at most `MAX_MESSAGES_PER_CLIENT` messages from one client address in `CONTACT_WINDOW_MS`.
 * Shared by server and browser (the names and texts): imports nothing. The form's schema is `contactSchema`
 * (app/mail/forms.ts), used by the action only, so that zod stays out of the page's scripts.
 */
/** The hidden field's name: an address field that autofill leaves alone (autocomplete="off") and robots fill in. */
export const CONTACT_TRAP_FIELD = "website";
/** The signed time the form's page was made (contact-token.server.ts). */
export const CONTACT_TOKEN_FIELD = "formToken";

/** The least time between a page being made and its form sent, in milliseconds: no person types a message faster. */
export const MIN_FILL_MS = 3_000;
/** The throttle's window, in milliseconds, and how many messages one client address may send within it. */
export const CONTACT_WINDOW_MS = 60 * 60 * 1000;
export const MAX_MESSAGES_PER_CLIENT = 5;

/** What the writer sees once the message is stored and queued. */
export const CONTACT_THANKS = "Thank you: your message was sent to the board. We answer by email, usually within a few days.";
/** The answer to a post that failed the hidden-field or time check: a person who gets it can simply send again. */
export const CONTACT_REFUSED = "Your message could not be sent: the form was sent too quickly, or by a program. Please wait a few seconds and send it again.";
/** The answer to a throttled post (429). */
export const CONTACT_THROTTLED = "Too many messages from your connection in the last hour. Please wait an hour, or write to the board by email.";
/** The answer when the database refused the message. */
export const CONTACT_FAILED = "Your message could not be sent. Please try again, or write to the board by email.";

/**
 * Whether a form sent at `now` came too soon after its page was made at `issuedAt` (both ms since epoch): under
 * `MIN_FILL_MS`, or made "in the future" (beyond a minute of clock difference between servers).
 */
export function sentTooSoon(issuedAt: number, now: number): boolean {
  return now - issuedAt < MIN_FILL_MS || issuedAt - now > 60_000;
}
