/**
 * News and events as schema.org structured data (issue 28 part 6): an event as an `Event` with its `eventStatus`,
 * start (and end, once events have one) in the association's zone and its place; a news post as a `NewsArticle`.
 * Pure, and small on purpose: the objects travel in the page's HTML once (`JsonLd`), nothing of them runs.
 *
 * `eventJsonLd` takes any event-like object of the shape `EventForLd`: today's stored events, and the occurrences
 * of repeating events once they are expanded (each occurrence with its own date, `url` and `status`) fit it as they are.
 */
import type { Event, NewsPost } from "#db/schema.ts";
import { SCHEMA_ORG, zonedDateTime } from "#app/platform/http/json-ld.ts";
import { firstPicture, markdownSummary } from "#app/platform/text/markdown.server.ts";
import { absoluteUrl } from "#app/platform/http/server-url.ts";
import { cleanText } from "#app/platform/text/text.ts";

/** schema.org's event statuses (https://schema.org/EventStatusType). */
export type EventStatus = "EventScheduled" | "EventCancelled" | "EventPostponed" | "EventRescheduled" | "EventMovedOnline";

/** What an event's structured data is made of: a stored event's fields, and optionally an end and a status. */
export type EventForLd = Pick<Event, "id" | "title" | "date" | "startTime" | "place" | "eventDetails"> & {
  /** "YYYY-MM-DD" of the last day, for an event with an end. */
  endDate?: string;
  /** "HH:MM" it ends, or "". */
  endTime?: string;
  /** 1 for an event without times ("All day"): its dates alone, whatever its times say. */
  allDay?: number;
  /** EventScheduled unless said. */
  status?: EventStatus;
  /** The event's page, when not `/events/<id>` (an occurrence of a repeating event). */
  url?: string;
};

/** The association a page's structured data names: publisher of the news and organizer of the events. */
export interface LdSite {
  name: string;
  /** The public address, without a trailing slash. */
  publicUrl: string;
  timeZone: string;
  /** The logo's address (absolute, or a path on the site). */
  logo: string;
}

/** A description's length in structured data, in characters: a search result's snippet, not the whole text. */
const SUMMARY_LENGTH = 200;

function organization(site: Pick<LdSite, "name" | "publicUrl">) {
  return { "@type": "Organization", name: site.name, url: `${site.publicUrl}/` };
}

/** An event as a schema.org `Event`: name, start, end when it has one, status, place, organizer, its page. */
export function eventJsonLd(event: EventForLd, site: Omit<LdSite, "logo">) {
  const description = markdownSummary(cleanText(event.eventDetails), SUMMARY_LENGTH);
  const place = cleanText(event.place);
  const allDay = event.allDay === 1;
  const endTime = allDay ? "" : (event.endTime ?? "");
  return {
    "@type": "Event",
    name: cleanText(event.title),
    url: absoluteUrl(site.publicUrl, event.url ?? `/events/${encodeURIComponent(event.id)}`),
    startDate: zonedDateTime(event.date, allDay ? "" : event.startTime, site.timeZone),
    // An end on the same day ("" is no end date) at its end time; a last day; or no end.
    ...(event.endDate || endTime ? { endDate: zonedDateTime(event.endDate || event.date, endTime, site.timeZone) } : {}),
    eventStatus: `${SCHEMA_ORG}/${event.status ?? "EventScheduled"}`,
    eventAttendanceMode: `${SCHEMA_ORG}/OfflineEventAttendanceMode`,
    // A place is a name as the board wrote it ("Town hall, room B"); schema.org wants an address too, the same words.
    location: place ? { "@type": "Place", name: place, address: place } : { "@type": "Place", name: site.name, address: site.name },
    ...(description ? { description } : {}),
    organizer: organization(site),
  };
}

/**
 * A news post as a schema.org `NewsArticle`: headline, its date as published, its own last change as modified,
 * author, publisher with the logo, and its first picture (or the logo) as its image.
 * @param author the name shown as the post's author (`publicAuthor`)
 */
export function newsArticleJsonLd(post: Pick<NewsPost, "id" | "title" | "text" | "timestamp" | "updated">, author: string, site: LdSite) {
  const url = absoluteUrl(site.publicUrl, `/news/${encodeURIComponent(post.id)}`);
  const description = markdownSummary(cleanText(post.text), SUMMARY_LENGTH);
  return {
    "@type": "NewsArticle",
    headline: cleanText(post.title).slice(0, 110),
    url,
    mainEntityOfPage: url,
    datePublished: new Date(post.timestamp).toISOString(),
    dateModified: new Date(Math.max(post.updated, post.timestamp)).toISOString(),
    author: { "@type": author === site.name ? "Organization" : "Person", name: author },
    publisher: { ...organization(site), logo: { "@type": "ImageObject", url: absoluteUrl(site.publicUrl, site.logo) } },
    image: absoluteUrl(site.publicUrl, firstPicture(post.text) ?? site.logo),
    ...(description ? { description } : {}),
  };
}

/** Several objects as one JSON-LD document (`@graph`), or the one object itself, with schema.org's context. */
export function jsonLdDocument(items: readonly object[]) {
  return items.length === 1 ? { "@context": SCHEMA_ORG, ...items[0] } : { "@context": SCHEMA_ORG, "@graph": items };
}
