/**
 * Text as Shoreline stores and publishes it, whatever a person or a program sent.
 */

/** Control characters (Unicode's Cc: C0, DEL and C1) but tab and line feed. */
const CONTROL_CHARACTERS = /[^\P{Cc}\t\n]/gu;

/**
 * Submitted text as it is stored: line breaks as LF, and no other control character but tab. Browsers send a
 * textarea's line breaks as CRLF (HTML, "textarea wrapping transformation") while they count each as one character
 * against `maxlength`, so normalising them makes the server count as the browser did. Control characters have no
 * use in a form: NUL cannot be stored in PostgreSQL text, and the others make the feeds invalid (XML 1.0 §2.2
 * allows none of them; RFC 5545 §3.3.11 neither in iCalendar TEXT).
 */
export function cleanText(value: string): string {
  return value.replace(/\r\n?/g, "\n").replace(CONTROL_CHARACTERS, "");
}
