import type { Route } from "./+types/beach-measurements";
import { requireAdmin } from "../../lib/context.server.ts";

export function meta() {
  return [{ title: "Beach Data · Admin" }];
}

export function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return null;
}

export default function AdminBeachMeasurements() {
  return <h1>Beach Data</h1>;
}
