import { Link } from "react-router";
import { association } from "#content/association.ts";

/** Site footer (spec §2): the current year, the association's name and a Contact link. */
export function Footer({ year, name = association.name }: { year: number; name?: string }) {
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
