import { describe, expect, it } from "vitest";
import { eventJsonLd, jsonLdDocument, newsArticleJsonLd } from "./structured-data.server.ts";

const SITE = { name: "Heron Lake Association", publicUrl: "https://heronlake.example.org", timeZone: "America/Chicago", logo: "/images/logo/640.webp" };

describe("eventJsonLd", () => {
  const star = { id: "e1", title: "Star night", date: "2026-11-06", startTime: "19:00", place: "The dock", eventDetails: "Bring a **chair**." };

  it("is a scheduled, offline Event at its place, starting at its local time with the zone's offset that day", () => {
    expect(eventJsonLd(star, SITE)).toEqual({
      "@type": "Event",
      name: "Star night",
      url: "https://heronlake.example.org/events/e1",
      startDate: "2026-11-06T19:00:00-06:00",
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      location: { "@type": "Place", name: "The dock", address: "The dock" },
      description: "Bring a chair.",
      organizer: { "@type": "Organization", name: "Heron Lake Association", url: "https://heronlake.example.org/" },
    });
  });

  it("takes an end, a status and a page of its own (an occurrence of a repeating event), and an all-day date alone", () => {
    const ld = eventJsonLd({ ...star, startTime: "", endDate: "2026-11-08", status: "EventCancelled", url: "/events/e1?on=2026-11-06" }, SITE);
    expect(ld).toMatchObject({ startDate: "2026-11-06", endDate: "2026-11-08", eventStatus: "https://schema.org/EventCancelled", url: "https://heronlake.example.org/events/e1?on=2026-11-06" });
  });

  it("ends at its end time on its own day, and an all-day event on its dates alone", () => {
    expect(eventJsonLd({ ...star, endDate: "", endTime: "21:30" }, SITE)).toMatchObject({ startDate: "2026-11-06T19:00:00-06:00", endDate: "2026-11-06T21:30:00-06:00" });
    const weekend = eventJsonLd({ ...star, startTime: "09:00", endTime: "17:00", allDay: 1, endDate: "2026-11-08" }, SITE);
    expect(weekend).toMatchObject({ startDate: "2026-11-06", endDate: "2026-11-08" });
    expect(eventJsonLd({ ...star, endDate: "", endTime: "" }, SITE)).not.toHaveProperty("endDate");
  });

  it("has a place even when the board wrote none, and no description without details", () => {
    const ld = eventJsonLd({ ...star, place: "", eventDetails: "" }, SITE);
    expect(ld.location).toEqual({ "@type": "Place", name: SITE.name, address: SITE.name });
    expect(ld).not.toHaveProperty("description");
  });
});

describe("newsArticleJsonLd", () => {
  /** A stored picture's id, as a post's Markdown names it (`pictureMarkdown`). */
  const DOCK = "d0c".padEnd(32, "0");
  const post = { id: "p1", title: "Ice out", text: `The lake is open.\n\n![Dock](/images/${DOCK}/640.webp#640x480)`, timestamp: Date.UTC(2026, 3, 1, 17), updated: Date.UTC(2026, 3, 9) };

  it("is a NewsArticle dated by the post, modified by its own change, with its first picture and the publisher's logo", () => {
    expect(newsArticleJsonLd(post, "Pat", SITE)).toEqual({
      "@type": "NewsArticle",
      headline: "Ice out",
      url: "https://heronlake.example.org/news/p1",
      mainEntityOfPage: "https://heronlake.example.org/news/p1",
      datePublished: "2026-04-01T17:00:00.000Z",
      dateModified: "2026-04-09T00:00:00.000Z",
      author: { "@type": "Person", name: "Pat" },
      publisher: { "@type": "Organization", name: SITE.name, url: "https://heronlake.example.org/", logo: { "@type": "ImageObject", url: "https://heronlake.example.org/images/logo/640.webp" } },
      image: `https://heronlake.example.org/images/${DOCK}/640.webp`,
      description: "The lake is open.",
    });
  });

  it("shows the logo without a picture, and the association as an Organization author", () => {
    const ld = newsArticleJsonLd({ ...post, text: "No picture." }, SITE.name, SITE);
    expect(ld.image).toBe("https://heronlake.example.org/images/logo/640.webp");
    expect(ld.author).toEqual({ "@type": "Organization", name: SITE.name });
  });
});

describe("jsonLdDocument", () => {
  it("puts schema.org's context on one object, or on a graph of several", () => {
    expect(jsonLdDocument([{ "@type": "Event" }])).toEqual({ "@context": "https://schema.org", "@type": "Event" });
    expect(jsonLdDocument([{ "@type": "Event" }, { "@type": "Event" }])).toEqual({ "@context": "https://schema.org", "@graph": [{ "@type": "Event" }, { "@type": "Event" }] });
  });
});
