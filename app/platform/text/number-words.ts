/**
 * Counts as English texts write them: "six board members". Shared by the server and the browser (a page's `meta`
 * runs in both), so it imports nothing and stays small.
 */

const WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"];

/** A whole number in words up to twenty ("six"), in digits above ("21") and for anything not a whole number. */
export function numberWord(n: number): string {
  return (Number.isInteger(n) && n >= 0 && WORDS[n]) || String(n);
}
