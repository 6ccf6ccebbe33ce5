/** Which "see events" button the home page shows (spec §9). */

/** How many upcoming events the home page shows (spec §9). */
export const HOME_EVENT_COUNT = 2;
/** How many news posts the home page and the news page show (spec §9). */
export const HOME_NEWS_COUNT = 1;
export const NEWS_PAGE_COUNT = 100;

/**
 * The label of the button under the home page's events: "See all events" when no upcoming event remains this year,
 * "See more events" when more are upcoming than are shown, and none otherwise.
 * @param upcoming how many events remain this year from today
 * @param shown how many the page shows (2)
 */
export function eventsButtonLabel(upcoming: number, shown = HOME_EVENT_COUNT): "See all events" | "See more events" | null {
  if (upcoming === 0) return "See all events";
  if (upcoming > shown) return "See more events";
  return null;
}
