import { Link } from "react-router";
import { association } from "#content/association.ts";

/** Site footer (spec §2): the current year, the association's name and a Contact link. */
export function Footer({ year }: { year: number }) {
  return (
    <footer className="site-footer">
      <p>
        © {year} {association.name}
      </p>
      <p>
        <Link to="/contact-us">Contact</Link>
      </p>
    </footer>
  );
}
