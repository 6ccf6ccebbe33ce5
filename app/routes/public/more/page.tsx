import { data, redirect } from "react-router";
import type { Route } from "./+types/page";
import { getServices } from "#app/web/context.server.ts";
import { markdownFor } from "#app/platform/http/page-html.server.ts";
import { renderPageMarkdown } from "#app/platform/text/markdown.server.ts";
import { Markdown } from "#app/ui/Markdown.tsx";
import { pageMeta } from "#app/platform/http/meta.ts";
import { CACHEABLE_PAGE } from "#app/platform/http/route-handle.ts";
import { fillNumbers, getAssociationNumbers } from "#app/site/data/governance.server.ts";
import { findBoardPage } from "#app/site/data/board-pages.server.ts";
import { pageDescription } from "#app/site/board-pages.ts";

/** The same page for every visitor: the public page cache may keep it (a write to a page bumps "pages"). */
export const handle = CACHEABLE_PAGE;

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return loaderData ? pageMeta(matches, loaderData.title, loaderData.description) : [];
}

/**
 * A page of the board's own at /more/<slug> (issue 28): its title and Markdown text (pictures of ours included).
 * An address the page had before answers 301 to where it is now; an address no page has or had, or a removed
 * page's, answers 404. The More section's own pages (/more/meetboard, …) are static routes, which win over this one.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const found = await findBoardPage(db, params.slug);
  if (!found) throw data(null, { status: 404, statusText: "Not Found" });
  if ("redirect" in found) throw redirect(found.redirect, 301);
  const { page } = found;
  const numbers = await getAssociationNumbers(db);
  return { title: page.title, description: pageDescription(page.title, page.body), body: markdownFor(context, renderPageMarkdown)(fillNumbers(page.body, numbers)) };
}

export default function BoardPage({ loaderData }: Route.ComponentProps) {
  return (
    <article className="board-page narrow">
      <h1>{loaderData.title}</h1>
      <Markdown html={loaderData.body} />
    </article>
  );
}
