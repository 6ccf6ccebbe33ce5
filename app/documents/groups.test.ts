import { describe, expect, it } from "vitest";
import { groupDocuments, OTHER_DOCUMENTS } from "./groups.ts";

const doc = (id: string, categoryId: string | null) => ({ id, categoryId });
const MINUTES = { id: "m", name: "Minutes" };
const FORMS = { id: "f", name: "Forms" };

describe("groupDocuments: /more/documents by the board's categories", () => {
  it("lists documents as before (one group, no heading) while none has a category", () => {
    expect(groupDocuments([doc("a", null), doc("b", null)], [])).toEqual([{ heading: null, documents: [doc("a", null), doc("b", null)] }]);
    expect(groupDocuments([doc("a", null)], [MINUTES])).toEqual([{ heading: null, documents: [doc("a", null)] }]);
  });
  it("groups by category in the board's order, the uncategorised last, empty categories left out", () => {
    const documents = [doc("1", "f"), doc("2", null), doc("3", "m"), doc("4", "f")];
    expect(groupDocuments(documents, [MINUTES, FORMS, { id: "n", name: "Newsletters" }])).toEqual([
      { heading: "Minutes", documents: [doc("3", "m")] },
      { heading: "Forms", documents: [doc("1", "f"), doc("4", "f")] },
      { heading: OTHER_DOCUMENTS, documents: [doc("2", null)] },
    ]);
  });
  it("puts a document whose category is gone with the others, and gives no group for no documents", () => {
    expect(groupDocuments([doc("1", "m"), doc("2", "gone")], [MINUTES])).toEqual([
      { heading: "Minutes", documents: [doc("1", "m")] },
      { heading: OTHER_DOCUMENTS, documents: [doc("2", "gone")] },
    ]);
    expect(groupDocuments([], [MINUTES])).toEqual([]);
  });
});
