import { describe, expect, it } from "vitest";
import { subscribeChoices } from "./subscribe-choices.ts";

describe("subscribeChoices", () => {
  it("offers the three lists, beach alerts ticked, and no beach choice with one beach", () => {
    expect(subscribeChoices([{ id: "beach", name: "Heron Lake Public Beach" }])).toEqual([
      {
        key: "lists",
        legend: "Send me",
        items: [
          { name: "list-beach", label: "Beach status alerts", checked: true },
          { name: "list-news", label: "News", checked: false },
          { name: "list-events", label: "Events", checked: false },
        ],
      },
    ]);
  });

  it("asks whose beach alerts with two beaches or more, every beach ticked, in the board's order", () => {
    const groups = subscribeChoices([
      { id: "beach", name: "Heron Lake Public Beach" },
      { id: "north", name: "North Beach" },
    ]);
    expect(groups[1]).toEqual({
      key: "beaches",
      legend: "Beach status alerts for",
      items: [
        { name: "beach-beach", label: "Heron Lake Public Beach", checked: true },
        { name: "beach-north", label: "North Beach", checked: true },
      ],
    });
  });
});
