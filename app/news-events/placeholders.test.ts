/**
 * The placeholders in news posts and event details (issue 26 part 4): each composition that shows these texts (the
 * list mail's plain and HTML parts, the Atom entry, the iCalendar description, the public pages' HTML) fills them in
 * with the association's numbers, and leaves the title as written.
 */
import { ONCE } from "./occurrences.ts";
import { describe, expect, it } from "vitest";
import type { AssociationNumbers } from "#app/site/data/governance.server.ts";
import type { Html } from "#app/platform/http/page-html.ts";
import { renderMarkdown } from "#app/platform/text/markdown.server.ts";
import type { Event, NewsPost } from "#db/schema.ts";
import { composeEventMail, composeNewsMail } from "./announcements.server.ts";
import { eventsCalendar } from "./calendar.server.ts";
import { newsAtom } from "./feed.server.ts";
import { eventsForDisplay, newsForDisplay } from "./item-html.server.ts";

const NUMBERS: AssociationNumbers = { quorum: 15, noticeDays: 10, boardSize: 7, termYears: 2, duesDollars: 37.5, duesDate: "May 15" };
const OPTIONS = { associationName: "Heron Lake Association", publicUrl: "https://heronlake.example.org", numbers: NUMBERS };
const POST = { id: "n1", title: "Dues for {duesDate}", text: "Dues are **${duesDollars}**, due {duesDate}; a quorum is {quorum}.", date: "2026-07-10", author: "Chair" };
const EVENT = { id: "e1", title: "Annual meeting", date: "2026-08-01", startTime: "19:00", timeDetails: "About an hour", place: "The hall", eventDetails: "Bring ${duesDollars} for dues; {boardSize} seats are open." };

describe("news and event texts with placeholders", () => {
  it("the news mail fills them in its plain text and its HTML, and keeps the title as written", () => {
    const mail = composeNewsMail(POST, OPTIONS);
    expect(mail.subject).toBe("Heron Lake Association: Dues for {duesDate}");
    expect(mail.text).toContain("Dues are **$37.50**, due May 15; a quorum is fifteen (15).");
    expect(mail.html).toContain("<p>Dues are <strong>$37.50</strong>, due May 15; a quorum is fifteen (15).</p>");
    expect(`${mail.text}${mail.html}`).not.toMatch(/\{(duesDollars|quorum)\}/);
  });

  it("the event mail fills them in its plain text and its HTML", () => {
    const mail = composeEventMail(EVENT, OPTIONS);
    expect(mail.text).toContain("Bring $37.50 for dues; seven (7) seats are open.");
    expect(mail.html).toContain("<p>Bring $37.50 for dues; seven (7) seats are open.</p>");
    expect(composeEventMail(EVENT, { ...OPTIONS, numbers: { ...NUMBERS, duesDollars: 40 } }).text).toContain("Bring $40 for dues;");
  });

  it("the event mail says its end, its days and how it repeats (issue 28 part 2)", () => {
    expect(composeEventMail(EVENT, OPTIONS).text).toContain("When: Saturday, August 1, 2026, 7:00 PM, About an hour\nWhere: The hall");
    const weekly = composeEventMail({ ...EVENT, endTime: "20:30", repeat: "weekly", repeatCount: 4 }, OPTIONS);
    expect(weekly.text).toContain("When: Saturday, August 1, 2026, 7:00 PM to 8:30 PM, About an hour\nRepeats: Every week, 4 times\n");
    const weekend = composeEventMail({ ...EVENT, startTime: "", allDay: 1, endDate: "2026-08-02", timeDetails: "" }, OPTIONS);
    expect(weekend.text).toContain("When: Saturday, August 1, 2026 to Sunday, August 2, 2026, All day\n");
  });

  it("the Atom entry's content and the calendar's description show the numbers", () => {
    const post: NewsPost = { ...POST, authorId: null, created: 1_000, updated: 2_000, timestamp: 0, timezoneOffset: 0, draft: 0, publishAt: 1_000, live: 1, mailOnPublish: 0 } as NewsPost;
    const atom = newsAtom([post], { name: OPTIONS.associationName, publicUrl: OPTIONS.publicUrl }, NUMBERS, 3_000);
    expect(atom).toContain("<p>Dues are <strong>$37.50</strong>, due May 15; a quorum is fifteen (15).</p>");
    expect(atom).toContain("Dues for {duesDate}");

    const event = { ...ONCE, ...EVENT, created: 1_000, updated: 2_000, sequence: 0 } as Pick<Event, keyof typeof EVENT | keyof typeof ONCE | "created" | "updated" | "sequence">;
    const ics = eventsCalendar([event], [], { name: "Events", timeZone: "America/Chicago", publicUrl: OPTIONS.publicUrl, source: `${OPTIONS.publicUrl}/events.ics`, numbers: NUMBERS });
    const unfolded = ics.replace(/\r\n[ \t]/g, "");
    expect(unfolded).toContain("DESCRIPTION:About an hour\\n\\nBring $37.50 for dues\\; seven (7) seats are open.");
    expect(unfolded).not.toContain("{duesDollars}");
  });

  it("the public pages' HTML of a post and an event shows the numbers", () => {
    const md = (source: string) => renderMarkdown(source) as unknown as Html;
    const [item] = newsForDisplay([POST], md, OPTIONS.associationName, NUMBERS);
    expect(item!.title).toBe("Dues for {duesDate}");
    expect(String(item!.html)).toContain("Dues are <strong>$37.50</strong>, due May 15; a quorum is fifteen (15).");
    const [event] = eventsForDisplay([{ ...ONCE, ...EVENT }], md, NUMBERS);
    expect(String(event!.detailsHtml)).toContain("Bring $37.50 for dues; seven (7) seats are open.");
  });
});
