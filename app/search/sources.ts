/**
 * Where each source of the search index leads and what it is called on the results page (decision 039). The index
 * itself is filled by the database's triggers (db/migrations/0023-site-search.ts); a source added by a later
 * migration (`addSearchSource`) needs one entry here, and its page an `id` the link can point at.
 */

/** What a result needs to be linked: its source, its item's id (`ref`) and its date, if any ("YYYY-MM-DD" or ""). */
export interface SearchHit {
  source: string;
  ref: string;
  date: string;
}

export interface SearchSourceView {
  /** What kind of thing it is, as the results page says it: "News", "Event", … */
  label: string;
  /** The address of the item: a page and, where the item is one of many there, the anchor of its heading or entry. */
  href(hit: SearchHit): string;
}

/** Every source of the index, by the name the migration gave it. */
export const SEARCH_SOURCES: Readonly<Record<string, SearchSourceView>> = {
  news: { label: "News", href: (hit) => `/news/${encodeURIComponent(hit.ref)}` },
  events: { label: "Event", href: (hit) => `/events/${encodeURIComponent(hit.ref)}` },
  faq: { label: "Question", href: (hit) => `/the-lake#faq-${hit.ref}` },
  bylaws: { label: "Bylaws", href: (hit) => `/more/meetboard#bylaws-${hit.ref}` },
  documents: { label: "Document", href: (hit) => `/documents/${encodeURIComponent(hit.ref)}` },
  pages: { label: "Page", href: (hit) => `/more/${encodeURIComponent(hit.ref)}` },
};

/** The source's view, or undefined for a source this version does not know (its results are left out). */
export function sourceView(source: string): SearchSourceView | undefined {
  return Object.hasOwn(SEARCH_SOURCES, source) ? SEARCH_SOURCES[source] : undefined;
}
