import { Link, useMatches } from "react-router";
import { FALLBACK_SITE } from "#app/platform/http/meta.ts";
import type { RouteHandle } from "#app/platform/http/route-handle.ts";
import { SubscribeForm } from "#app/mail/SubscribeForm.tsx";

/**
 * Site footer (spec §2): the current year, the association's name and a Contact link; on the public pages (those
 * the page cache may keep) without a form of their own, the site search box (issue 28: a plain GET form to /search,
 * no script) and the "Get beach alerts and news" form (issue 11). Sign-in, set-up and admin pages have neither, so
 * their own fields stay the only ones.
 */
export function Footer({ year, name = FALLBACK_SITE.name }: { year: number; name?: string }) {
  const handles = useMatches().map((m) => (m.handle ?? {}) as RouteHandle);
  const publicPage = handles.every((h) => h.pageCache);
  const showForm = publicPage && !handles.some((h) => h.subscribeForm);
  const showSearch = publicPage && !handles.some((h) => h.searchForm);
  return (
    <footer className="site-footer">
      {showSearch && (
        <form method="get" action="/search" role="search" aria-label="Search the site" className="footer-search">
          <label htmlFor="site-search-q">Search this site</label>
          <input id="site-search-q" type="search" name="q" />
          <button type="submit" className="button secondary">
            Search
          </button>
        </form>
      )}
      {showForm && (
        <div className="footer-subscribe">
          <SubscribeForm />
        </div>
      )}
      <p>
        © {year} {name}
      </p>
      <p>
        <Link to="/contact-us">Contact</Link>
      </p>
    </footer>
  );
}
