/**
 * The placeholders every board text takes (issue 26 part 4): page texts, FAQ answers, bylaws and the banner show the
 * association's numbers in their place, filled in on the server by `fillNumbers` (data/governance.server.ts), so a
 * text never contradicts what the board set on the Pages and Bylaws screens. News posts and event details too, wherever
 * they go: the public pages, the Atom and iCalendar feeds and the list mail (app/news-events; titles stay as written).
 */
export const PLACEHOLDERS = ["{duesDollars}", "{duesDate}", "{quorum}", "{noticeDays}", "{boardSize}", "{termYears}"] as const;

/** What the editing screens say about them. */
export const PLACEHOLDER_HINT =
  "In any text, {duesDollars} and {duesDate} show the dues set on the Pages screen, and {quorum}, {noticeDays}, {boardSize} and {termYears} the numbers set on the Bylaws screen.";
