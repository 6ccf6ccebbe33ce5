import { useEffect, useRef, useState, type MouseEvent } from "react";
import { Link, NavLink, useLocation, useNavigate } from "react-router";
import { FALLBACK_SITE } from "#app/platform/http/meta.ts";
import logoSvg from "#content/images/logo.svg?raw";
import type { NavItem } from "#app/routes/public/pages.ts";
import { Picture, type PictureImage } from "#app/ui/Picture.tsx";

/** How long the menu takes to close, in milliseconds (spec §9). */
export const MENU_CLOSE_DELAY_MS = 150;

type MenuState = "closed" | "open" | "closing";

/**
 * Site header (spec §2): logo to / (a ctrl or meta click goes to /admin when signed in, else /login), the four
 * section links (`links`: the registry's, `navOf(PUBLIC_SITE)`, given by the root loader so that the registry stays out of
 * the browser's code) and the board's own pages placed in the main menu (`pages`, at most `MAX_MENU_PAGES`; issue 28),
 * the social page in a new tab, and on narrow screens a menu toggle that closes after 150 ms.
 * Its height is published as the page-wide CSS value `--header-height`. `uploaded` is the board's own logo (settings),
 * shown with priority in place of the bundled one; the link's label names it, so its alt is empty here.
 */
export function Header({
  signedIn,
  nonce,
  site = FALLBACK_SITE,
  logo: uploaded,
  links = [],
  pages = [],
}: {
  signedIn: boolean;
  nonce: string;
  site?: { name: string; shortName: string; socialUrl: string; socialLabel: string };
  logo?: PictureImage | null;
  links?: readonly NavItem[];
  pages?: readonly NavItem[];
}) {
  const [menu, setMenu] = useState<MenuState>("closed");
  const headerRef = useRef<HTMLElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    const header = headerRef.current;
    if (!header) return;
    const publish = () => document.documentElement.style.setProperty("--header-height", `${header.offsetHeight}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(header);
    return () => observer.disconnect();
  }, []);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  function closeMenu() {
    setMenu((current) => {
      if (current !== "open") return current;
      clearTimeout(closeTimer.current);
      closeTimer.current = setTimeout(() => setMenu("closed"), MENU_CLOSE_DELAY_MS);
      return "closing";
    });
  }

  // Following a link closes the menu (the links close it on click too, for a link to the page already shown).
  useEffect(() => closeMenu(), [location.pathname]);

  useEffect(() => {
    if (menu !== "open") return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") closeMenu();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [menu]);

  function toggleMenu() {
    if (menu === "open") closeMenu();
    else {
      clearTimeout(closeTimer.current);
      setMenu("open");
    }
  }

  function onLogoClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.ctrlKey || event.metaKey) {
      event.preventDefault();
      void navigate(signedIn ? "/admin" : "/login");
    }
  }

  const expanded = menu === "open";
  const onMenuPage = pages.some((page) => page.to === location.pathname);
  return (
    <header className="site-header" ref={headerRef} data-menu={menu}>
      {/* Without JavaScript the menu cannot toggle, so it stays open on narrow screens. */}
      <noscript>
        <style nonce={nonce}>{".menu-toggle{display:none!important}.site-nav{display:block!important}"}</style>
      </noscript>
      <div className="header-bar">
        <Link to="/" className="logo" onClick={(event) => { closeMenu(); onLogoClick(event); }} aria-label={`${site.name}, home`}>
          {/* The bundled logo is in the markup itself: as an <img>, an SVG is a document of its own (decision 018). */}
          {uploaded ? <Picture image={uploaded} sizes="40px" alt="" priority /> : <span className="logo-mark" aria-hidden="true" dangerouslySetInnerHTML={{ __html: logoSvg }} />}
          <span className="logo-text">{site.shortName}</span>
        </Link>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={expanded}
          aria-controls="site-menu"
          aria-label={expanded ? "Close menu" : "Open menu"}
          onClick={toggleMenu}
        >
          {expanded ? <CloseIcon /> : <MenuIcon />}
        </button>
        <nav id="site-menu" className="site-nav" aria-label="Main">
          <ul>
            {[...links, ...pages].map((link) => (
              <li key={link.to}>
                {/* On a board page of the main menu (under /more), its own link is the current one, not Board & More's. */}
                {onMenuPage && link.to !== location.pathname ? (
                  <Link to={link.to} prefetch="intent" onClick={closeMenu}>
                    {link.label}
                  </Link>
                ) : (
                  <NavLink to={link.to} prefetch="intent" onClick={closeMenu}>
                    {link.label}
                  </NavLink>
                )}
              </li>
            ))}
            {site.socialUrl && (
              <li className="social">
                <a href={site.socialUrl} target="_blank" rel="noopener noreferrer" onClick={closeMenu}>
                  {site.socialLabel}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            )}
          </ul>
        </nav>
      </div>
    </header>
  );
}

function MenuIcon() {
  return (
    <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" className="icon-open">
      <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function CloseIcon() {
  return (
    <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" className="icon-close">
      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
