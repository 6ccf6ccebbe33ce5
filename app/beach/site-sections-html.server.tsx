/**
 * /the-lake's sections of the other sites as HTML, written on the server once per render: the page carries them once,
 * in its markup, and its hydration data holds a reference (`htmlFor`, app/platform/http/page-html.server.ts), as for the
 * board's texts. With ten sites the sections' data was 10 KB of the page's hydration data, sent beside the same
 * content as markup and hydrated by React for nothing: they hold no state and no handler, only links.
 */
import { renderToStaticMarkup } from "react-dom/server";
import type { BeachSection, StationSection } from "./site-sections.server.ts";
import { SiteSections } from "./SiteSections.tsx";

/** The sections' HTML: "" when there is none (one beach: the page reads as before). Never throws for valid sections. */
export function siteSectionsHtml(sections: readonly (BeachSection | StationSection)[]): string {
  return sections.length === 0 ? "" : renderToStaticMarkup(<SiteSections sections={sections} />);
}
