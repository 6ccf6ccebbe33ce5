import type { Route } from "./+types/news";
import { requireAdmin } from "../../lib/context.server.ts";

export function meta() {
  return [{ title: "News Posts · Admin" }];
}

export function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return null;
}

export default function AdminNews() {
  return <h1>News Posts</h1>;
}
