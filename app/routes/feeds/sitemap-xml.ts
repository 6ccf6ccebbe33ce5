import type { Route } from "./+types/sitemap-xml";
import { getServices } from "#app/web/context.server.ts";
import { feedResponse } from "#app/platform/http/feed-response.server.ts";
import { sitemapXml } from "#app/platform/http/sitemap.ts";
import { sitemapUrls } from "#app/web/sitemap.server.ts";
import { publicPages } from "#app/routes/public/pages.ts";

/**
 * /sitemap.xml: every public page, news post and event with the date it last changed (sitemaps.org 0.9; what it lists
 * comes from `SITEMAP_SOURCES`, app/web/sitemap.server.ts).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const services = getServices(context);
  return feedResponse(sitemapXml(services.config.publicUrl, await sitemapUrls(services, publicPages())), "application/xml; charset=utf-8");
}
