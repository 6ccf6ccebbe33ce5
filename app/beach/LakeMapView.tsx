/**
 * The map of the sites on /the-lake (issue 27, point 8) as an SVG document of its own: the lake's outline and each
 * located site (no map tiles, no request to anyone). It is served at /the-lake/map.svg and shown as an image, so that
 * the page and its hydration data carry only the image's address and the table of the sites (`LakeMapSites`), which is
 * what keyboard and screen-reader users read. Colours are presentation attributes, not a style sheet: the image needs
 * no style allowed by the Content-Security-Policy. Rendered on the server only (`app/beach/lake-map.server.tsx`).
 */
import type { LakeMapDrawing } from "./lake-map.ts";

/** The site's colours (app/app.css: --wash, --accent, --brand, --paper, --ink). */
const COLOURS = { wash: "#f2f6f9", water: "#cfe6f5", accent: "#0b6b8a", brand: "#0b3d5c", paper: "#ffffff", ink: "#14202b" } as const;

/** A beach is a circle, a station a diamond: told apart by shape, not by colour alone. */
export function Marker({ kind, x, y, styled = false }: { kind: "beach" | "station"; x: number; y: number; styled?: boolean }) {
  if (kind === "beach") {
    return styled ? <circle cx={x} cy={y} r={7} fill={COLOURS.paper} stroke={COLOURS.brand} strokeWidth={3} /> : <circle className="lake-map-beach" cx={x} cy={y} r={7} />;
  }
  const shape = { x: x - 6, y: y - 6, width: 12, height: 12, transform: `rotate(45 ${x} ${y})` };
  return styled ? <rect {...shape} fill={COLOURS.brand} stroke={COLOURS.paper} strokeWidth={1.5} /> : <rect className="lake-map-station" {...shape} />;
}

/** The map as a standalone SVG document (its `title` and `desc` name it when opened alone). */
export function LakeMapSvg({ drawing, description }: { drawing: LakeMapDrawing; description: string }) {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox={`0 0 ${drawing.width} ${drawing.height}`} width={drawing.width} height={drawing.height}>
      <title>Map of the lake's sampling sites</title>
      <desc>{description}</desc>
      <rect width={drawing.width} height={drawing.height} rx={8} fill={COLOURS.wash} />
      {drawing.outline && <path d={drawing.outline} fillRule="evenodd" fill={COLOURS.water} stroke={COLOURS.accent} strokeWidth={1.5} />}
      {drawing.markers.map((m) => {
        const left = m.x > drawing.width * 0.62;
        return (
          <g key={m.id}>
            <Marker kind={m.kind} x={m.x} y={m.y} styled />
            <text
              x={left ? m.x - 11 : m.x + 11}
              y={m.y + 4}
              textAnchor={left ? "end" : "start"}
              fontFamily="system-ui, sans-serif"
              fontSize={14}
              fill={COLOURS.ink}
              stroke={COLOURS.paper}
              strokeWidth={3}
              paintOrder="stroke"
              strokeLinejoin="round"
            >
              {m.name}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
