import { Link, useMatches } from "react-router";
import { FALLBACK_SITE } from "#app/platform/http/meta.ts";
import type { RouteHandle } from "#app/platform/http/route-handle.ts";
import { SubscribeForm } from "#app/mail/SubscribeForm.tsx";

/**
 * Site footer (spec §2): the current year, the association's name and a Contact link; on the public pages (those
 * the page cache may keep) without a form of their own, the "Get beach alerts and news" form (issue 11). Sign-in,
 * set-up and admin pages have none, so their own fields stay the only ones.
 */
export function Footer({ year, name = FALLBACK_SITE.name }: { year: number; name?: string }) {
  const handles = useMatches().map((m) => (m.handle ?? {}) as RouteHandle);
  const showForm = handles.every((h) => h.pageCache) && !handles.some((h) => h.subscribeForm);
  return (
    <footer className="site-footer">
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
