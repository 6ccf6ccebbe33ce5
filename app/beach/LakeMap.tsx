/**
 * The map section of /the-lake (issue 27, point 8): the map as an image (/the-lake/map.svg, drawn on the server by
 * `lake-map.server.tsx`, cached by the browser under its version), its key, and the table of the sites, which is what
 * keyboard and screen-reader users read. The section is absent when there is nothing to draw.
 */
import { Marker } from "./LakeMapView.tsx";
import type { LakeMapSection } from "./lake-map.ts";

const KIND_LABEL = { beach: "Beach", station: "Open-water station" } as const;

/** The section, or nothing when `map` is null (no outline and fewer than two sites with coordinates). */
export function LakeMap({ map }: { map: LakeMapSection | null }) {
  if (!map) return null;
  return (
    <section aria-labelledby="lake-map-heading" className="lake-map">
      <h2 id="lake-map-heading">Where we sample</h2>
      <figure>
        <img src={map.src} width={map.width} height={map.height} alt={`Map of the lake's sampling sites. ${map.description}`} loading="lazy" decoding="async" />
        <figcaption>
          <span className="lake-map-key">
            <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
              <Marker kind="beach" x={8} y={8} />
            </svg>{" "}
            Beach
          </span>{" "}
          <span className="lake-map-key">
            <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
              <Marker kind="station" x={8} y={8} />
            </svg>{" "}
            Open-water station
          </span>
        </figcaption>
      </figure>
      <div className="lake-map-sites">
        <table>
          <caption className="visually-hidden">The sites on the map, with their coordinates in decimal degrees (WGS 84)</caption>
          <thead>
            <tr>
              <th scope="col">Site</th>
              <th scope="col">Kind</th>
              <th scope="col">Coordinates</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {map.sites.map((s) => (
              <tr key={s.id}>
                <th scope="row">{s.name}</th>
                <td>{KIND_LABEL[s.kind]}</td>
                <td>{s.coordinates || "Not given"}</td>
                <td>
                  <a href={s.href}>
                    Status<span className="visually-hidden"> at {s.name}</span>
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
