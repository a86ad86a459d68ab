import type { TGradedConcept } from "@pizarra/contracts";

/** A concept that has others below it (a term, a final average) and the marks right under it; `head` null for loose ones. */
export interface ConceptGroup {
  head: TGradedConcept | null;
  rows: TGradedConcept[];
}

/**
 * The concepts as groups in tree order: each concept with others below it opens a group of its own marks, so that the
 * same assessment in four terms reads under each term's name rather than four times in a row (the answer lists them
 * level by level). Groups nested deeper follow their parent's.
 */
export function conceptGroups(concepts: readonly TGradedConcept[]): ConceptGroup[] {
  const known = new Set(concepts.map((c) => c.ID));
  const below = (id: number | null) => concepts.filter((c) => (id === null ? c.parentId === null || !known.has(c.parentId) : c.parentId === id));
  const hasBelow = (c: TGradedConcept) => concepts.some((d) => d.parentId === c.ID);
  const groups: ConceptGroup[] = [];
  const walk = (head: TGradedConcept | null) => {
    const children = below(head?.ID ?? null);
    const own: ConceptGroup = { head, rows: children.filter((c) => !hasBelow(c)) };
    // A concept's own marks come right under it; the loose ones (a descriptive conclusion) after everything else.
    if (head) groups.push(own);
    for (const child of children.filter(hasBelow)) walk(child);
    if (!head && own.rows.length) groups.push(own);
  };
  walk(null);
  return groups;
}
