import type { Route } from "./+types/members";
import { requireAdmin } from "../../lib/context.server.ts";

export function meta() {
  return [{ title: "Members · Admin" }];
}

export function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return null;
}

export default function AdminMembers() {
  return <h1>Members</h1>;
}
