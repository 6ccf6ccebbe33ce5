import type { Route } from "./+types/robots-txt";
import { getServices } from "#app/web/context.server.ts";
import { feedResponse } from "#app/platform/http/feed-response.server.ts";
import { robotsTxt } from "#app/platform/http/sitemap.ts";
import { ROBOTS_DISALLOW } from "#app/web/sitemap.server.ts";

/** /robots.txt: crawlers may read the public site, not the admin panel or the per-visitor pages; where the sitemap is. */
export function loader({ context }: Route.LoaderArgs) {
  return feedResponse(robotsTxt(getServices(context).config.publicUrl, ROBOTS_DISALLOW), "text/plain; charset=utf-8");
}
