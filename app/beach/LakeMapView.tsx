/**
 * The map of the sites on /the-lake (issue 27, point 8): the lake's outline and each located site as an inline SVG
 * (no map tiles, no request to anyone), and beside it the same sites as a table, which is what keyboard and
 * screen-reader users read (the SVG is one image with a title and a description). Rendered to HTML on the server
 * only (`app/beach/lake-map.server.tsx`): the browser never loads this module.
 */
import type { LakeMapData } from "./lake-map.ts";

const KIND_LABEL = { beach: "Beach", station: "Open-water station" } as const;

/** A beach is a circle, a station a diamond: told apart by shape, not by colour alone. */
function Marker({ kind, x, y }: { kind: "beach" | "station"; x: number; y: number }) {
  return kind === "beach" ? (
    <circle className="lake-map-beach" cx={x} cy={y} r={7} />
  ) : (
    <rect className="lake-map-station" x={x - 6} y={y - 6} width={12} height={12} transform={`rotate(45 ${x} ${y})`} />
  );
}

/** The map section's content: its heading, the SVG with its key, and the table of the sites. */
export function LakeMapView({ map }: { map: LakeMapData }) {
  const { drawing, sites } = map;
  const located = drawing.markers.length;
  const description = `${drawing.outline ? "The lake's outline" : "The sites' positions"}${located > 0 ? ` with ${located} ${located === 1 ? "site" : "sites"}: ${drawing.markers.map((m) => `${m.name} (${KIND_LABEL[m.kind].toLowerCase()})`).join(", ")}` : ""}. North is up. The table below lists every site.`;
  return (
    <>
      <h2 id="lake-map-heading">Where we sample</h2>
      <figure>
        <svg viewBox={`0 0 ${drawing.width} ${drawing.height}`} width={drawing.width} height={drawing.height} role="img" aria-labelledby="lake-map-title lake-map-desc">
          <title id="lake-map-title">Map of the lake's sampling sites</title>
          <desc id="lake-map-desc">{description}</desc>
          {drawing.outline && <path className="lake-map-water" d={drawing.outline} fillRule="evenodd" />}
          {drawing.markers.map((m) => {
            const left = m.x > drawing.width * 0.62;
            return (
              <g key={m.id}>
                <Marker kind={m.kind} x={m.x} y={m.y} />
                <text className="lake-map-label" x={left ? m.x - 11 : m.x + 11} y={m.y + 4} textAnchor={left ? "end" : "start"}>
                  {m.name}
                </text>
              </g>
            );
          })}
        </svg>
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
            {sites.map((s) => (
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
    </>
  );
}
