import type { Route } from "./+types/banner";
import { requireAdmin } from "../../lib/context.server.ts";

export function meta() {
  return [{ title: "Banner · Admin" }];
}

export function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return null;
}

export default function AdminBanner() {
  return <h1>Banner</h1>;
}
