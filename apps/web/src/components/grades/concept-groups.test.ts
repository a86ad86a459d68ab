import type { TGradedConcept } from "@pizarra/contracts";
import { describe, expect, it } from "vitest";
import { conceptGroups } from "./concept-groups.ts";

const concept = (ID: number, parentId: number | null, level: number, name: string): TGradedConcept => ({
  ID,
  parentId,
  level,
  abrev: name.slice(0, 3),
  name,
  type: 0,
  calcAverage: false,
  locked: false,
  canEdit: true,
  qualifications: "",
  gradeNum: null,
  gradeTxt: null,
});

describe("conceptGroups", () => {
  it("puts each term's marks under the term, though the answer lists them level by level", () => {
    const concepts = [
      concept(1, null, 0, "Final"),
      concept(2, null, 0, "Conclusion"),
      concept(10, 1, 1, "Term 1"),
      concept(11, 1, 1, "Term 2"),
      concept(12, 1, 1, "Attitude"),
      concept(100, 10, 2, "Exam"),
      concept(101, 11, 2, "Exam"),
      concept(102, 10, 2, "Oral"),
      concept(103, 11, 2, "Oral"),
    ];
    const shape = conceptGroups(concepts).map((g) => [g.head?.name ?? null, g.rows.map((r) => r.ID)]);
    expect(shape).toEqual([
      ["Final", [12]],
      ["Term 1", [100, 102]],
      ["Term 2", [101, 103]],
      [null, [2]],
    ]);
  });

  it("keeps a flat list (the behaviour concepts) as one group, and a child whose parent is not listed as loose", () => {
    const shape = conceptGroups([concept(1, null, 0, "A"), concept(2, 99, 1, "B")]).map((g) => [g.head, g.rows.map((r) => r.ID)]);
    expect(shape).toEqual([[null, [1, 2]]]);
  });
});
