import type { Route } from "./+types/manifest";
import { getServices } from "#app/web/context.server.ts";
import { feedResponse } from "#app/platform/http/feed-response.server.ts";
import { getAssociationDetails } from "#app/site/data/association.server.ts";
import { THEME_COLOR } from "#app/platform/http/meta.ts";

/** The page's background while a web app opens (app.css `--paper`). */
const BACKGROUND_COLOR = "#ffffff";

/**
 * /manifest.webmanifest (W3C Web Application Manifest), linked from every page: the association's names, the header's
 * blue, and the home-screen icons drawn from its logo (or the bundled heron; app/site/site-icon.server.ts).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const details = await getAssociationDetails(getServices(context).db);
  const manifest = {
    name: details.name,
    short_name: details.shortName || details.name,
    description: `${details.name}: beach conditions, news, events and membership.`,
    start_url: "/",
    scope: "/",
    display: "browser",
    lang: "en",
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png" },
      { src: "/apple-touch-icon.png", sizes: "180x180", type: "image/png" },
    ],
  };
  return feedResponse(JSON.stringify(manifest), "application/manifest+json; charset=utf-8");
}
