import type { Route } from "./+types/email";
import { requireAdmin } from "../../lib/context.server.ts";

export function meta() {
  return [{ title: "Email Members · Admin" }];
}

export function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return null;
}

export default function AdminEmail() {
  return <h1>Email Members</h1>;
}
