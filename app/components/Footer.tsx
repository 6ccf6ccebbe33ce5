import { Link } from "react-router";
import { FALLBACK_SITE } from "#app/lib/meta.ts";

/** Site footer (spec §2): the current year, the association's name and a Contact link. */
export function Footer({ year, name = FALLBACK_SITE.name }: { year: number; name?: string }) {
  return (
    <footer className="site-footer">
      <p>
        © {year} {name}
      </p>
      <p>
        <Link to="/contact-us">Contact</Link>
      </p>
    </footer>
  );
}
