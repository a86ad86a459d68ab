import { describe, expect, it } from "vitest";
import {
  addDays,
  changedFilters,
  countByStatus,
  daysBetween,
  defaultFilters,
  documentMessage,
  documentProblem,
  initials,
  listQuery,
  schoolToday,
  studentName,
  withoutBlanks,
} from "./justification-model.ts";

describe("the justification list's filters", () => {
  it("open on the last six days at the school's clock (UTC-5), every status, kind, grade and reason", () => {
    // 03:00 UTC on 1 March is still 29 February in Lima.
    const now = new Date("2024-03-01T03:00:00Z");
    expect(schoolToday(now)).toBe("2024-02-29");
    expect(defaultFilters(now)).toEqual({
      from: "2024-02-23",
      to: "2024-02-29",
      justify: 0,
      type: 0,
      superSectionId: null,
      sectionId: null,
      justification: "",
    });
  });

  it("ask for the whole range in one page and leave out what means all", () => {
    const defaults = defaultFilters(new Date("2024-05-10T15:00:00Z"));
    expect(listQuery(defaults)).toEqual({ PageSize: 10_000, from: "2024-05-04", to: "2024-05-10" });
    expect(listQuery({ ...defaults, justify: -1, type: 3, superSectionId: 4, sectionId: 9, justification: "Viaje" })).toEqual({
      PageSize: 10_000,
      from: "2024-05-04",
      to: "2024-05-10",
      justify: -1,
      type: 3,
      superSectionId: 4,
      sectionId: 9,
      justification: "Viaje",
    });
  });

  it("count the filters moved away from the defaults", () => {
    const defaults = defaultFilters(new Date("2024-05-10T15:00:00Z"));
    expect(changedFilters(defaults, defaults)).toBe(0);
    expect(changedFilters({ ...defaults, justify: 1, from: "2024-01-01" }, defaults)).toBe(2);
  });
});

describe("the cards", () => {
  it("count justifications by status", () => {
    expect(countByStatus([{ status: 1 }, { status: 2 }, { status: 1 }, { status: -1 }])).toEqual({ 1: 2, 2: 1, [-1]: 1 });
    expect(countByStatus([])).toEqual({ 1: 0, 2: 0, [-1]: 0 });
  });

  it("name the student surnames first or given names first as the school does, with initials for a missing photo", () => {
    expect(studentName({ name: "Ana", last: "Pérez", last2: "Soto" }, false)).toBe("Pérez Soto, Ana");
    expect(studentName({ name: "Ana", last: "Pérez", last2: "Soto" }, true)).toBe("Ana Pérez Soto");
    expect(studentName({ name: "Ana", last: null, last2: null }, false)).toBe("Ana");
    expect(initials({ name: "ana", last: "pérez" })).toBe("AP");
    expect(initials({ name: "Ana", last: null })).toBe("A");
  });

  it("count the days of a stretch, both ends included, across months", () => {
    expect(daysBetween("2024-02-28", "2024-03-01")).toBe(3);
    expect(daysBetween("2024-05-10", "2024-05-10")).toBe(1);
    expect(addDays("2024-12-30", 3)).toBe("2025-01-02");
  });
});

describe("the document", () => {
  it("takes the spec's types up to 8 MB, whatever the case of the extension", () => {
    expect(documentProblem({ name: "nota.JPG", size: 1000 })).toBeNull();
    expect(documentProblem({ name: "certificado.docx", size: 8 * 1024 * 1024 })).toBeNull();
    expect(documentProblem({ name: "foto.heic", size: 1000 })).toBe("ext");
    expect(documentProblem({ name: "sin-extension", size: 1000 })).toBe("ext");
    expect(documentProblem({ name: "grande.pdf", size: 8 * 1024 * 1024 + 1 })).toBe("size");
  });

  it("is told in the page's own words", () => {
    const say = (key: string, values: Record<string, string | number>) => `${key} ${JSON.stringify(values)}`;
    expect(documentMessage({ name: "nota.png", size: 10 }, say)).toBeUndefined();
    expect(documentMessage({ name: "nota.gif", size: 10 }, say)).toBe('fileType {"types":"jpeg, jpg, png, pdf, doc, docx"}');
    expect(documentMessage({ name: "nota.pdf", size: 9 * 1024 * 1024 }, say)).toBe('fileSize {"max":8}');
  });
});

describe("a form's values", () => {
  it("count an empty text or choice as no value", () => {
    expect(withoutBlanks({ reason: "", note: "x", userId: null, numOfDay: 0 })).toEqual({ reason: undefined, note: "x", userId: undefined, numOfDay: 0 });
  });
});
