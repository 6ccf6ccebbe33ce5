/** The footer of list mail (issue 26): an association whose name ends in "Inc." gets one full stop, not two. */
import { describe, expect, it } from "vitest";
import { personalMessage } from "./outbox.server.ts";

const claimed = (kind: "s" | "m") => ({
  id: "m1.s.r1", messageId: "m1", email: "dee@example.org", kind, refId: "r1", list: kind === "s" ? "news" : "members",
  subject: "News", text: "Hello.", html: "<p>Hello.</p>", state: "sending", attempts: 0, nextAttemptAt: 0, lockedUntil: null, lastError: null, sentAt: null,
});
const options = (name: string) => ({ publicUrl: "https://lake.example.org", secret: "a".repeat(32), association: { name, contactEmail: "board@lake.example.org" } });

describe("the list mail's footer", () => {
  it.each(["s", "m"] as const)("ends after Inc. with one full stop (kind %s), in the text and the HTML", (kind) => {
    const message = personalMessage(claimed(kind), options("Heron Lake Association, Inc."));
    const html = String(message.html);
    expect(message.text).toContain("Heron Lake Association, Inc.\n");
    expect(message.text).not.toContain("Inc..");
    expect(html).toContain("Heron Lake Association, Inc.<br>");
    expect(html).not.toContain("Inc..");
  });

  it("still ends a name without a full stop with one", () => {
    expect(personalMessage(claimed("s"), options("Heron Lake Association")).text).toContain("from Heron Lake Association.\n");
  });
});
