import type { Route } from "./+types/events";
import { requireAdmin } from "../../lib/context.server.ts";

export function meta() {
  return [{ title: "Events · Admin" }];
}

export function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return null;
}

export default function AdminEvents() {
  return <h1>Events</h1>;
}
