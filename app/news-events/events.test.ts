import { describe, expect, it } from "vitest";
import { eventsButtonLabel, HOME_EVENT_COUNT, HOME_NEWS_COUNT, NEWS_PAGE_COUNT } from "./events.ts";

describe("home page counts (spec §9)", () => {
  it("shows 1 news post and 2 events; the news page up to 100", () => {
    expect(HOME_NEWS_COUNT).toBe(1);
    expect(HOME_EVENT_COUNT).toBe(2);
    expect(NEWS_PAGE_COUNT).toBe(100);
  });
});

describe("eventsButtonLabel (spec §9)", () => {
  it("reads See all events when no upcoming event remains", () => {
    expect(eventsButtonLabel(0)).toBe("See all events");
  });

  it.each([1, 2])("shows no button when %i upcoming events all fit", (upcoming) => {
    expect(eventsButtonLabel(upcoming)).toBeNull();
  });

  it.each([3, 10])("reads See more events when %i are upcoming, more than the 2 shown", (upcoming) => {
    expect(eventsButtonLabel(upcoming)).toBe("See more events");
  });

  it("compares with the count shown when given", () => {
    expect(eventsButtonLabel(3, 3)).toBeNull();
    expect(eventsButtonLabel(4, 3)).toBe("See more events");
    expect(eventsButtonLabel(0, 3)).toBe("See all events");
  });
});
