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

/**
 * Unicode's bidirectional formatting characters (Unicode Standard Annex #9, "Unicode Bidirectional Algorithm", also
 * called TR9; § 2 "Directional Formatting Characters"): the embeddings and overrides LRE, RLE, PDF, LRO, RLO
 * (U+202A–U+202E), the isolates LRI, RLI, FSI, PDI (U+2066–U+2069) and the marks LRM, RLM (U+200E, U+200F) and ALM
 * (U+061C). They draw nothing themselves but reorder the characters around them, so a text can read otherwise than it
 * is stored: "ev\u202Eil.exe.csv" shows as "evvsc.exe.li", and the same trick hides code from review in the "Trojan
 * Source" attack (CVE-2021-42574).
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/**
 * `text` without its bidirectional formatting characters (see `BIDI_CONTROLS`), so that it shows its characters in the
 * order they are stored. For names and other one-line labels that one person gives and others trust: a file name, a
 * title. Right-to-left scripts still read right to left: that comes from their letters, not from these characters.
 */
export function stripBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, "");
}

/**
 * `text` ending as a sentence: a full stop is added unless it already ends with one (or with "!", "?", or one of
 * them before a closing quote or bracket), so "… from Heron Lake Association, Inc." gets no second one (issue 26).
 */
export function endSentence(text: string): string {
  return /[.!?…]["'”’)\]]?$/.test(text) ? text : `${text}.`;
}
