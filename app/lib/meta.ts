/** The title and description of a page (a route's `meta` replaces the root's, so each page gives both). */
import { association } from "#content/association.ts";

export function pageMeta(title: string, description: string) {
  return [{ title: `${title} · ${association.name}` }, { name: "description", content: description }];
}
