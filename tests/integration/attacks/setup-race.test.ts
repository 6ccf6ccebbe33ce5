/**
 * Finding 2 (medium): one /setup token made two administrators. Two simultaneous POSTs with the same valid token
 * both got a 302 to /admin with a session. The token is now taken atomically before anything is created.
 */
import { sql } from "kysely";
import { expect } from "vitest";
import { waitFor } from "../../support/wait.ts";
import { onBothBackEnds } from "./support.ts";

onBothBackEnds(
  "finding 2: the setup link works once, even for requests racing with it",
  (attack) => {
    attack("of eight POSTs sent at once with the printed link, one makes an administrator; the others get 404", async (target) => {
      // Printed just after "running at".
      await waitFor(() => target.server.output().includes("/setup?token="), 10_000, "the setup link");
      const link = /\/setup\?token=[\w-]+/.exec(target.server.output())![0];
      const post = (i: number) =>
        fetch(`${target.url}${link}`, {
          method: "POST",
          redirect: "manual",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: target.url },
          body: new URLSearchParams({
            email: `racer-${i}@example.org`,
            password: "racer-password",
            confirm: "racer-password",
            name: `Racer ${i} Lake Association`,
            shortName: `Racer ${i}`,
            timeZone: "America/Chicago",
            contactEmail: "board@example.org",
            beachName: "North Beach",
          }),
        });
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => post(i)));
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([302, 404, 404, 404, 404, 404, 404, 404]);
      const winner = answers.find((a) => a.status === 302)!;
      expect(winner.headers.get("location")).toBe("/admin");
      expect(winner.headers.getSetCookie().join(";")).toContain("session_token=");
      for (const loser of answers.filter((a) => a.status !== 302)) expect(loser.headers.getSetCookie()).toEqual([]);
      const { rows } = await sql<{ email: string }>`SELECT email FROM "user"`.execute(target.db.db);
      expect(rows).toHaveLength(1);
      // The link is spent: the page is gone for anyone who has it.
      expect((await fetch(`${target.url}${link}`)).status).toBe(404);
    });
  },
  { ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined },
);
