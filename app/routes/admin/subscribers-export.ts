import { stringify } from "csv-stringify/sync";
import type { Route } from "./+types/subscribers-export";
import { adminRequest } from "#app/web/admin-screens.server.ts";
import { listConfirmedSubscribers, parseLists } from "#app/mail/data/subscribers.server.ts";

/**
 * `/admin/subscribers/export`: every confirmed subscriber as CSV (email, lists, subscribed and confirmed times in
 * UTC, and the client address the subscription came from: the consent record), for the board's own records.
 */
export async function loader(args: Route.LoaderArgs) {
  const { services, user } = adminRequest(args);
  const rows = await listConfirmedSubscribers(services.db);
  const iso = (ms: number | null) => (ms === null ? "" : new Date(Number(ms)).toISOString());
  const csv = stringify(
    rows.map((s) => [s.email, parseLists(s.lists).join(" "), iso(s.createdAt), iso(s.confirmedAt), s.consentIp]),
    { header: true, columns: ["email", "lists", "subscribed_at", "confirmed_at", "consent_ip"], escape_formulas: true },
  );
  services.logger.info({ by: user.email, rows: rows.length }, "subscribers exported");
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="subscribers-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
