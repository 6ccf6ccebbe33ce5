/**
 * How /more/documents groups documents (issue 28): one group per category of the board's, in the board's order,
 * with the documents filed under it; then the documents without a category (or whose category is gone) under
 * "Other documents". Categories without documents are left out. While no document has a category, there is one
 * group without a heading: the page lists the documents as it did before categories.
 */

/** A group of the page: its heading (null for the one group of a page without categories) and its documents. */
export interface DocumentGroup<D> {
  heading: string | null;
  documents: D[];
}

/** The heading of the documents without a category, when others have one. */
export const OTHER_DOCUMENTS = "Other documents";

/**
 * The groups of `documents` (kept in their given order within each group) under `categories` (in the board's order).
 * @returns no group for no documents
 */
export function groupDocuments<D extends { categoryId: string | null }>(documents: readonly D[], categories: readonly { id: string; name: string }[]): DocumentGroup<D>[] {
  const groups = categories.map((c) => ({ id: c.id, heading: c.name, documents: documents.filter((d) => d.categoryId === c.id) })).filter((g) => g.documents.length > 0);
  const filed = new Set(groups.map((g) => g.id));
  const others = documents.filter((d) => d.categoryId === null || !filed.has(d.categoryId));
  if (groups.length === 0) return others.length > 0 ? [{ heading: null, documents: others }] : [];
  return [...groups.map((g) => ({ heading: g.heading, documents: g.documents })), ...(others.length > 0 ? [{ heading: OTHER_DOCUMENTS, documents: others }] : [])];
}
