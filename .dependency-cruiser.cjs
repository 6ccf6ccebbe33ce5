/**
 * Shoreline's layers, checked by dependency-cruiser in `npm test` (`npm run deps`): a wrong import fails with the
 * rule's name and comment. The map of the layers is docs/architecture.md.
 *
 *   app/routes, app/root.tsx, app/routes.ts, app/entry.*   route modules, the registries and the layout
 *   app/web                                                 composition (services), request glue, admin screen kit
 *   app/beach, app/news-events, app/documents, app/accounts the domains that stand on the ones below
 *   app/search                                              the site search over what those write (read only)
 *   app/mail                                                the outbox, subscriptions and the member list
 *   app/site                                                the association's own content and details
 *   app/ui                                                  shared components
 *   app/platform                                            infrastructure: imports no domain
 */
const DOMAINS = ["site", "mail", "accounts", "beach", "news-events", "documents", "search"];
/** What each domain may import besides the platform and the shared components. */
const DOMAIN_MAY_IMPORT = {
  site: [],
  mail: ["site"],
  accounts: [],
  beach: ["site", "mail"],
  "news-events": ["site", "mail"],
  documents: [],
  search: [],
};
const TESTS = "\\.test\\.tsx?$";

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "No import circles anywhere, type-only imports included: split the module or move what both need down a layer.",
      from: {},
      to: { circular: true },
    },
    {
      name: "platform-imports-no-domain",
      severity: "error",
      comment: "app/platform is infrastructure: it imports only app/platform (and packages). Pass what it needs in, or move the code up into its domain.",
      from: { path: "^app/platform/" },
      to: { path: "^app/", pathNot: "^app/platform/" },
    },
    {
      name: "ui-imports-platform-only",
      severity: "error",
      comment: "app/ui holds shared components: they import app/platform and app/ui only. A component of one domain belongs in that domain's folder.",
      from: { path: "^app/ui/" },
      to: { path: "^app/", pathNot: "^app/(platform|ui)/" },
    },
    ...DOMAINS.map((domain) => ({
      name: `${domain}-imports-only-lower-layers`,
      severity: "error",
      comment:
        `app/${domain} may import app/platform, app/ui` +
        (DOMAIN_MAY_IMPORT[domain].length ? ` and ${DOMAIN_MAY_IMPORT[domain].map((d) => `app/${d}`).join(", ")}` : "") +
        ": never app/web, app/routes or a domain above it (.dependency-cruiser.cjs lists the order).",
      from: { path: `^app/${domain}/`, pathNot: TESTS },
      to: { path: "^app/", pathNot: `^app/(platform|ui|${[domain, ...DOMAIN_MAY_IMPORT[domain]].join("|")})/` },
    })),
    {
      name: "web-imports-no-route",
      severity: "error",
      comment: "app/web is the glue under the routes: it imports the domains, app/ui and app/platform, never a route module.",
      from: { path: "^app/web/" },
      to: { path: "^app/(routes/|root\\.tsx|routes\\.ts|entry\\.)" },
    },
    {
      name: "no-server-module-in-the-browser",
      severity: "error",
      comment:
        "A module the browser loads (a component, a hook, a shared rule) must not import a *.server.ts module: it would put server code (and secrets) in the client bundle. Route modules may, for their loaders and actions, which React Router keeps on the server.",
      from: { path: "^app/", pathNot: `(\\.server\\.tsx?$|^app/(routes/|root\\.tsx|entry\\.server\\.tsx)|${TESTS})` },
      // A type-only import is erased from the bundle.
      to: { path: "\\.server\\.tsx?$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "client-module-only-in-the-browser",
      severity: "error",
      comment: "A *.client.ts module runs in the browser only: only the client entry imports it.",
      from: { pathNot: "^app/entry\\.client\\.tsx$" },
      to: { path: "\\.client\\.tsx?$" },
    },
    {
      name: "migrations-stand-alone",
      severity: "error",
      comment: "A released migration must not change when the app does: db/migrations imports nothing from app/.",
      from: { path: "^db/migrations/", pathNot: TESTS },
      to: { path: "^app/" },
    },
    {
      name: "content-read-where-the-map-says",
      severity: "error",
      comment:
        "content/ (the demo association) is read only by app/site (its defaults) and db/seed.ts (the demo install); everything else asks app/site. Its pictures (content/images/) are static files a page may show until the board uploads its own.",
      from: { pathNot: "^(app/site/|db/seed\\.ts|content/)" },
      to: { path: "^content/", pathNot: "^content/images/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|build|\\.react-router)/|\\+types/" },
    // swc reads TypeScript (type-only imports included); dependency-cruiser cannot use TypeScript 7's compiler yet.
    parser: "swc",
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"], extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
