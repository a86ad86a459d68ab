import { describe, expect, it } from "vitest";
import { cellText, columnKey, gradeOf, headerLayout, isEditable, readOnlyReason, sliceLayout, type HeaderConcept, type StudentRow } from "./sheet.ts";
import { ZGradeCell } from "./entry.ts";
import { numericGrade } from "./scale.ts";

const concept = (ID: number, parentId: number | null, order: number, extra: Partial<HeaderConcept> = {}): HeaderConcept => ({
  ID,
  parentId,
  level: parentId === null ? 0 : 1,
  order,
  name: `Concept ${ID}`,
  abrev: `C${ID}`,
  type: 0,
  locked: false,
  canEdit: true,
  calcAverage: false,
  qualifications: "",
  ...extra,
});

describe("headerLayout", () => {
  it("spans parents over their leaves, gives an averaging parent its own column and runs leaves down to the last row", () => {
    const { rows, columns } = headerLayout([
      concept(1, null, 1, { calcAverage: true }),
      concept(5, null, 2),
      concept(3, 1, 2, { calcAverage: true }),
      concept(2, 1, 1),
      concept(4, 3, 1),
    ]);
    expect(rows.map((cells) => cells.map((c) => [c.concept.ID, c.colSpan, c.rowSpan, c.average]))).toEqual([
      [
        [1, 4, 1, false],
        [5, 1, 3, false],
      ],
      [
        [2, 1, 2, false],
        [3, 2, 1, false],
        [1, 1, 2, true],
      ],
      [
        [4, 1, 1, false],
        [3, 1, 1, true],
      ],
    ]);
    expect(columns.map((c) => [c.concept.ID, c.average])).toEqual([
      [2, false],
      [4, false],
      [3, true],
      [1, true],
      [5, false],
    ]);
  });

  it("is empty without concepts", () => {
    expect(headerLayout([])).toEqual({ rows: [], columns: [], subjects: [] });
  });

  it("keeps a final sheet's subjects in the order given, each over its own columns", () => {
    const math = { activityId: 9, activityName: "Matemática" };
    const art = { activityId: 4, activityName: "Arte" };
    const { columns, subjects } = headerLayout([concept(10, null, 1, math), concept(11, null, 2, math), concept(20, null, 1, art), concept(21, 20, 1, art)]);
    expect(columns.map((c) => c.concept.ID)).toEqual([10, 11, 21]);
    expect(subjects).toEqual([
      { activityId: 9, name: "Matemática", colSpan: 2 },
      { activityId: 4, name: "Arte", colSpan: 1 },
    ]);
  });
});

describe("numericGrade: the one rule of the cell, the save and the import", () => {
  it("takes whole numbers 0-8, typed or sent as numbers, and nothing as no grade", () => {
    expect(numericGrade("0")).toEqual({ value: 0 });
    expect(numericGrade(" 8 ")).toEqual({ value: 8 });
    expect(numericGrade(7)).toEqual({ value: 7 });
    for (const nothing of ["", "  ", null, undefined]) expect(numericGrade(nothing)).toEqual({ value: null });
  });
  it("refuses anything else", () => {
    for (const value of ["9", "-1", "4.5", "7,5", "7.0", "a", "10", "1e0", "0x7", 2.5, 9, -1, Number.NaN, true, {}])
      expect(numericGrade(value)).toEqual({ error: true });
  });
  it("refuses a save's cell the rule refuses, and takes what it takes", () => {
    const cell = { conceptId: 1, studentId: 2 };
    for (const gradeNum of ["7.5", 9, "x"]) expect(ZGradeCell.safeParse({ ...cell, gradeNum }).success).toBe(false);
    for (const gradeNum of [7, "7", null, ""]) expect(ZGradeCell.safeParse({ ...cell, gradeNum }).success).toBe(true);
    expect(ZGradeCell.safeParse(cell).success).toBe(true);
  });
});

describe("cells", () => {
  const student: StudentRow = {
    studentId: 7,
    name: "Ana",
    img: null,
    grades: [
      { conceptId: 1, gradeNum: 6.5, gradeTxt: null, type: 0, parentId: null, locked: false, canEdit: true, calcAverage: true, sync: false },
      { conceptId: 2, gradeNum: 5, gradeTxt: null, type: 0, parentId: 1, locked: false, canEdit: true, calcAverage: false, sync: false },
    ],
  };
  it("reads an average with two decimals and its letter, a number as typed, a missing grade as empty", () => {
    expect(cellText({ concept: concept(1, null, 1, { calcAverage: true }), average: true }, gradeOf(student, concept(1, null, 1)))).toBe("6.50 (A)");
    expect(cellText({ concept: concept(2, 1, 1), average: false }, gradeOf(student, concept(2, 1, 1)))).toBe("5");
    expect(cellText({ concept: concept(9, 1, 2, { type: 3 }), average: false }, gradeOf(student, concept(9, 1, 2, { type: 3 })))).toBe("");
  });
  it("lets no one type in averages, locked or non-editable concepts, nor in a locked sheet, and says why", () => {
    const cell = (extra: Partial<HeaderConcept> = {}, average = false) => ({ concept: concept(2, 1, 1, extra), average });
    expect(isEditable(cell(), null)).toBe(true);
    expect(readOnlyReason(cell(), null)).toBeNull();
    expect(readOnlyReason(cell(), "noWrite")).toBe("noWrite");
    expect(readOnlyReason(cell(), "periodClosed")).toBe("periodClosed");
    expect(readOnlyReason(cell(), "notYourCourse")).toBe("notYourCourse");
    expect(readOnlyReason(cell({ locked: true }), null)).toBe("locked");
    expect(readOnlyReason(cell({ canEdit: false }), null)).toBe("notEditable");
    // The concept's own reason comes first: it holds whoever opens the sheet.
    expect(readOnlyReason(cell({ calcAverage: true }, true), "periodClosed")).toBe("average");
    expect(isEditable(cell({ locked: true }), null)).toBe(false);
  });
});

describe("sliceLayout", () => {
  it("keeps, of each header cell and subject, the part of its span over the run of columns", () => {
    const layout = headerLayout([
      concept(1, null, 1, { calcAverage: true, activityId: 7, activityName: "Math" }),
      concept(2, 1, 1, { activityId: 7, activityName: "Math" }),
      concept(3, 1, 2, { activityId: 7, activityName: "Math" }),
      concept(5, null, 2, { activityId: 8, activityName: "Art" }),
    ]);
    // Columns: 2, 3, 1 (average), 5.
    const spans = (part: ReturnType<typeof sliceLayout>) => part.rows.map((cells) => cells.map((c) => `${columnKey(c)}:${c.colSpan}`));
    const left = sliceLayout(layout, 0, 2);
    expect(spans(left)).toEqual([["1:2"], ["2:1", "3:1"]]);
    expect(left.subjects.map((s) => [s.name, s.colSpan])).toEqual([["Math", 2]]);
    const right = sliceLayout(layout, 2, 4);
    expect(spans(right)).toEqual([["1:1", "5:1"], ["1a:1"]]);
    expect(right.columns.map(columnKey)).toEqual(["1a", "5"]);
    expect(right.subjects.map((s) => [s.name, s.colSpan])).toEqual([
      ["Math", 1],
      ["Art", 1],
    ]);
    expect(sliceLayout(layout, 0, 4)).toEqual(layout);
  });
});
