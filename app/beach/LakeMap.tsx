/**
 * The map of the sites on /the-lake (issue 27, point 8), as the page shows it: a section around the HTML the server
 * rendered (`loadLakeMap`, app/beach/lake-map.server.tsx: the SVG and the table of the sites). The drawing's code stays
 * on the server, so the map adds no JavaScript to the page; the section is absent when there is nothing to draw.
 */

/** The section, or nothing when `map` is null (no outline and fewer than two sites with coordinates). */
export function LakeMap({ map }: { map: { html: string } | null }) {
  if (!map) return null;
  // The server's own rendering of LakeMapView (site names escaped by React), kept as it is when the page hydrates.
  return <section aria-labelledby="lake-map-heading" className="lake-map" dangerouslySetInnerHTML={{ __html: map.html }} />;
}
