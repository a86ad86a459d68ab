import { validationErrorMap } from "@pizarra/contracts";
import { describe, expect, it } from "vitest";
import { withoutBlanks } from "./justification-model.ts";
import { ZCreateForm, ZEditForm } from "./justification-schemas.ts";

/** The message key each field gets, as the shared error map words it. */
function problems(schema: typeof ZCreateForm | typeof ZEditForm, values: Record<string, unknown>): Record<string, string> {
  const result = schema.safeParse(withoutBlanks(values), { error: validationErrorMap((key) => key) });
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));
}

const blank = { attendanceTypeId: "", date: "", superSectionId: "", sectionId: "", userId: "", numOfDay: 1, partId: "", reason: "", note: "" };
const filled = { ...blank, attendanceTypeId: 4, date: "2024-05-10", superSectionId: 2, sectionId: 7, userId: 31, reason: "Salud", note: "Fiebre" };

describe("the office's justification form", () => {
  it("requires attendance type, from date, grade, section, student, reason and comment (002 §5)", () => {
    expect(problems(ZCreateForm, blank)).toEqual({
      attendanceTypeId: "validation.required",
      date: "validation.required",
      superSectionId: "validation.required",
      sectionId: "validation.required",
      userId: "validation.required",
      reason: "validation.required",
      note: "validation.required",
    });
    expect(ZCreateForm.safeParse(filled).success).toBe(true);
  });

  it("asks for the register when it covers some hours, and refuses a reason outside the five", () => {
    expect(problems(ZCreateForm, { ...filled, numOfDay: 0 })).toEqual({ partId: "validation.required" });
    expect(ZCreateForm.safeParse({ ...filled, numOfDay: 0, partId: 0 }).success).toBe(true);
    expect(problems(ZCreateForm, { ...filled, reason: "Vacaciones" })).toEqual({ reason: "validation.option" });
    expect(problems(ZCreateForm, { ...filled, numOfDay: 32 })).toEqual({ numOfDay: "validation.maxValue" });
  });

  it("keeps the type, reason and comment required when editing", () => {
    expect(problems(ZEditForm, { attendanceTypeId: "", justification: "", comment: "", tillDate: "2024-05-11" })).toEqual({
      attendanceTypeId: "validation.required",
      justification: "validation.required",
      comment: "validation.required",
    });
  });
});
