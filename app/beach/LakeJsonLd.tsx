/**
 * The lake's structured data (schema.org JSON-LD, app/beach/lake-json-ld.ts) as a `<script type="application/ld+json">`
 * in /the-lake. It carries the request's CSP nonce like every inline script; a page kept by the page cache names it by
 * its hash instead (server/page-version.ts), so it is allowed either way. A data block is not run, but the policy
 * still names it, so that no inline script of any type is outside the policy. Its text is escaped by `jsonLdText`:
 * a name with "</script>" in it cannot end the element.
 */
import { useContext } from "react";
import { NonceContext } from "#app/platform/http/nonce.ts";
import { jsonLdText } from "./lake-json-ld.ts";

export function LakeJsonLd({ data }: { data: unknown }) {
  const nonce = useContext(NonceContext);
  return <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />;
}
