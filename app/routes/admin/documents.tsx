import type { Route } from "./+types/documents";
import { requireAdmin } from "../../lib/context.server.ts";

export function meta() {
  return [{ title: "Documents · Admin" }];
}

export function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return null;
}

export default function AdminDocuments() {
  return <h1>Documents</h1>;
}
