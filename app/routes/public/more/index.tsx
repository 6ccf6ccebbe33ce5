import { redirect } from "react-router";
import { CACHEABLE_PAGE } from "#app/platform/http/route-handle.ts";

/** The same page for every visitor: the public page cache may keep it. */
export const handle = CACHEABLE_PAGE;

export function loader() {
  return redirect("/more/meetboard");
}
