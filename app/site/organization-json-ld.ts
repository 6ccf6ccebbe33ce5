/**
 * The association as a schema.org `Organization` (issue 28 part 6), in the home page's structured data: its name,
 * address on the web, logo, contact address and its page on a social network.
 */
import { SCHEMA_ORG } from "#app/platform/http/json-ld.ts";
import { absoluteUrl } from "#app/platform/http/server-url.ts";
import type { AssociationDetails } from "./data/association.server.ts";

/**
 * @param publicUrl the site's public address without a trailing slash
 * @param logo the logo's address (absolute, or a path on the site)
 */
export function organizationJsonLd(details: Pick<AssociationDetails, "name" | "contactEmail" | "socialUrl">, publicUrl: string, logo: string) {
  return {
    "@context": SCHEMA_ORG,
    "@type": "Organization",
    "@id": `${publicUrl}/#organization`,
    name: details.name,
    url: `${publicUrl}/`,
    logo: absoluteUrl(publicUrl, logo),
    ...(details.contactEmail ? { email: details.contactEmail } : {}),
    ...(details.socialUrl ? { sameAs: [details.socialUrl] } : {}),
  };
}
