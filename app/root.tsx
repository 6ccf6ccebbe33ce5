import { useContext } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { FALLBACK_SITE, THEME_COLOR } from "#app/platform/http/meta.ts";
import { shareImagePath } from "#app/site/share-image.server.ts";
import { shareSite } from "#app/platform/http/head-extras.server.ts";
import { Footer } from "#app/routes/layout/Footer.tsx";
import { Header } from "#app/routes/layout/Header.tsx";
import { currentUser, getServices, sessionMiddleware } from "#app/web/context.server.ts";
import { getAssociationDetails, getLogoImageId } from "#app/site/data/association.server.ts";
import { getImage } from "#app/platform/files/images.server.ts";
import { listBeaches } from "#app/beach/data/sites.server.ts";
import { boardPageLinks } from "#app/site/data/board-pages.server.ts";
import { navOf, PUBLIC_SITE } from "#app/routes/public/pages.ts";
import { subscribeChoices } from "#app/mail/subscribe-choices.ts";
import { todayIn } from "#app/platform/text/dates.ts";
import { InlineStylesheet } from "#app/platform/http/inline-css.tsx";
import { NonceContext } from "#app/platform/http/nonce.ts";
import { formBodyMiddleware } from "#app/platform/http/request-body.ts";
import type { RouteHandle } from "#app/platform/http/route-handle.ts";

export const links: Route.LinksFunction = () => [
  // PNG, not SVG: a renderer draws an SVG icon as a document of its own, about 20 ms of main thread after the
  // first paint (decision 018); the heron is on the header's blue so that it shows on a light tab strip too. Once the
  // board uploads a logo, the server draws both icons from it instead (app/site/site-icon.server.ts).
  { rel: "icon", href: "/favicon.png", type: "image/png", sizes: "32x32" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  // The manifest, the feeds and the link-preview tags are added by the server (app/platform/http/head-extras.server.ts).
];

/** The document shell is the same for every visitor without a session; a page below decides for itself. */
export const handle: RouteHandle = { pageCache: true };

/**
 * The session is looked up once per request, here, for every route below (see `sessionMiddleware`); a form that
 * cannot be read is refused with 400 before any action runs (`formBodyMiddleware`).
 */
export const middleware: Route.MiddlewareFunction[] = [formBodyMiddleware, sessionMiddleware];

export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const [site, logoId, beaches, menuPages] = await Promise.all([getAssociationDetails(db), getLogoImageId(db), listBeaches(db), boardPageLinks(db, "menu")]);
  const logo = logoId ? await getImage(db, logoId) : undefined;
  // What link previews show, for the head the server writes (never sent to the browser as data).
  shareSite(context, { url: config.publicUrl, name: site.name, image: shareImagePath(logo) });
  return {
    logo: logo ?? null,
    signedIn: currentUser(context) !== null,
    year: Number(todayIn(site.timeZone).slice(0, 4)),
    site: { name: site.name, shortName: site.shortName, socialUrl: site.socialUrl, socialLabel: site.socialLabel },
    // The subscribe form's checkboxes: the lists and, with several beaches (issue 27), whose beach alerts.
    subscribe: subscribeChoices(beaches),
    // The header's section links (spec §2) from the public page registry, and the board's own pages placed in the
    // main menu after them (issue 28): data, so that the registry (every route's module path) is not in the browser's code.
    links: navOf(PUBLIC_SITE),
    menuPages,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const name = loaderData?.site.name ?? FALLBACK_SITE.name;
  return [{ title: name }, { name: "description", content: `${name}: beach conditions, news, events and membership.` }];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useContext(NonceContext);
  // A route whose handle says `ownMain` (the admin panel, whose menu is a nav beside its main) renders <main> itself.
  const ownMain = useMatches().some((m) => (m.handle as RouteHandle | undefined)?.ownMain);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={THEME_COLOR} />
        <Meta />
        <InlineStylesheet nonce={nonce} />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <Header signedIn={data?.signedIn ?? false} nonce={nonce} site={data?.site} logo={data?.logo} links={data?.links} pages={data?.menuPages} />
        {ownMain ? (
          children
        ) : (
          <main id="main" tabIndex={-1}>
            {children}
          </main>
        )}
        <Footer year={data?.year ?? new Date().getFullYear()} name={data?.site.name} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let title = "Something went wrong";
  let details = "An unexpected error occurred. Please try again in a moment.";
  let stack: string | undefined;
  if (isRouteErrorResponse(error)) {
    title = error.status === 404 ? "Page not found" : `Error ${error.status}`;
    // A refusal thrown with words (the admin guard's to an Editor, app/accounts/roles.ts) says them.
    details = error.status === 404 ? "We couldn't find that page." : (typeof error.data === "string" && error.data) || error.statusText || details;
  } else if (import.meta.env.DEV && error instanceof Error) {
    details = error.message;
    stack = error.stack;
  }
  return (
    <div className="page narrow">
      <h1>{title}</h1>
      <p>{details}</p>
      <p>
        <a href="/">Go to the home page</a>
      </p>
      {stack && (
        <pre>
          <code>{stack}</code>
        </pre>
      )}
    </div>
  );
}
