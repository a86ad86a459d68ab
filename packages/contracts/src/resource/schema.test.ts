import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { RESOURCES } from "./index.ts";
import { type Translate, validationErrorMap } from "../error-map.ts";
import { fieldErrors } from "../validation.ts";
import { recordSchema, splitTags } from "./schema.ts";
import { defineResource } from "./types.ts";

const t: Translate = (key, values = {}) => `${key}${Object.keys(values).length ? ` ${JSON.stringify(values)}` : ""}`;
const def = defineResource({
  id: "test",
  module: "test",
  keyType: "int",
  pageSize: 40,
  fields: [{ name: "tags", type: "tag", rules: { required: true, pattern: "^[A-Za-z0-9-]+$", patternKey: "code", maxItems: 3 } }],
  columns: [],
  pick: { name: [] },
  actions: [],
});
const errorsOf = (tags: string) => {
  const result = recordSchema(def, "create").safeParse({ tags }, { error: validationErrorMap(t) });
  return result.success ? {} : fieldErrors(result.error);
};

describe("tag fields", () => {
  it("split on commas, trimmed, without empties", () => {
    expect(splitTags(" a, b ,,c ")).toEqual(["a", "b", "c"]);
    expect(splitTags(null)).toEqual([]);
  });

  it("check the pattern on each tag and cap how many there are", () => {
    expect(errorsOf("matricula,pagos-2026,salud")).toEqual({});
    expect(errorsOf("matricula,pagos 2026")).toEqual({ tags: expect.stringContaining("validation.code") });
    expect(errorsOf("a,b,c,d")).toEqual({ tags: expect.stringContaining('validation.maxItems {"attribute":"fields.tags","max":3}') });
    expect(errorsOf("")).toEqual({ tags: expect.stringContaining("validation.required") });
  });
});

describe("date fields", () => {
  const dates = defineResource({
    id: "dates",
    module: "dates",
    keyType: "int",
    pageSize: 40,
    fields: [
      { name: "day", type: "date" },
      { name: "at", type: "datetime" },
    ],
    columns: [],
    pick: { name: [] },
    actions: [],
  });
  const parse = (values: Record<string, string>) => recordSchema(dates, "create").safeParse(values, { error: validationErrorMap(t) });

  it("take the days that exist, leap days included", () => {
    expect(parse({ day: "2024-02-29", at: "2026-12-31 23:59" }).success).toBe(true);
    expect(parse({ day: "", at: "" }).success).toBe(true);
  });

  it.each(["2026-02-30", "2025-02-29", "2026-04-31", "2026-13-01", "2026-00-10", "0050-01-01"])("refuse %s instead of rolling it over", (day) => {
    const result = parse({ day, at: `${day} 10:00` });
    expect(result.success ? {} : fieldErrors(result.error)).toEqual({
      day: expect.stringContaining("validation.date"),
      at: expect.stringContaining("validation.datetime"),
    });
  });

  it("refuse an hour that does not exist", () => {
    const result = parse({ at: "2026-03-01 25:00" });
    expect(result.success ? {} : fieldErrors(result.error)).toEqual({ at: expect.stringContaining("validation.datetime") });
  });
});

describe("every field's messages", () => {
  // Every message about a field, nested ones included (a union's branches, which react-hook-form's resolver may show
  // instead of the top one), must name that field: "El campo Sexo es requerido.", never "El campo value …".
  const messagesOf = (issues: readonly z.core.$ZodIssue[]): string[] =>
    issues.flatMap((issue) => [issue.message, ...(issue.code === "invalid_union" ? issue.errors.flatMap(messagesOf) : [])]);
  const WRONG: unknown[] = [undefined, null, "", "X", { value: "M" }, [], [{}], true, -1];

  it.each(Object.values(RESOURCES).flatMap((def) => (["create", "edit"] as const).map((mode) => [def.id, mode, def] as const)))(
    "%s (%s) names the field in each message",
    (_id, mode, def) => {
      const schema = recordSchema(def, mode);
      const labelKey = (field: string) => `resources.${def.id}.fields.${field}`;
      const unnamed: string[] = [];
      for (const field of def.fields) {
        for (const value of WRONG) {
          const result = schema.safeParse({ [field.name]: value }, { error: validationErrorMap(t, labelKey) });
          if (result.success) continue;
          const own = result.error.issues.filter((issue) => issue.path[0] === field.name);
          for (const message of messagesOf(own))
            if (!message.includes(`"attribute":"${labelKey(field.name)}"`)) unnamed.push(`${field.name}=${JSON.stringify(value)}: ${message}`);
        }
      }
      expect(unnamed).toEqual([]);
    },
  );

  it("say a missing or emptied choice is required, and a choice of another shape has the wrong type", () => {
    const choices = defineResource({
      id: "choices",
      module: "choices",
      keyType: "int",
      pageSize: 40,
      fields: [
        { name: "gender", type: "radioGroup", rules: { required: true }, options: { kind: "values", values: ["M", "F"] } },
        { name: "status", type: "select", rules: { required: true }, options: { kind: "values", values: [10, 20] } },
        { name: "grade", type: "select", rules: { required: true }, options: { kind: "resource", resource: "admSuperSection" } },
        { name: "tags", type: "checkboxGroup", rules: { required: true }, options: { kind: "values", values: ["a", "b"] } },
      ],
      columns: [],
      pick: { name: [] },
      actions: [],
    });
    const errors = (values: Record<string, unknown>) => {
      const result = recordSchema(choices, "create").safeParse(values, { error: validationErrorMap(t) });
      return result.success ? {} : fieldErrors(result.error);
    };
    expect(errors({ grade: "", tags: [] })).toEqual({
      gender: 'validation.required {"attribute":"fields.gender"}',
      status: 'validation.required {"attribute":"fields.status"}',
      grade: 'validation.required {"attribute":"fields.grade"}',
      tags: 'validation.required {"attribute":"fields.tags"}',
    });
    expect(errors({ gender: { value: "M" }, status: "30", grade: {}, tags: [{}] })).toEqual({
      gender: 'validation.type {"attribute":"fields.gender"}',
      status: 'validation.option {"attribute":"fields.status"}',
      grade: 'validation.type {"attribute":"fields.grade"}',
      "tags.0": 'validation.type {"attribute":"fields.tags"}',
    });
    expect(recordSchema(choices, "create").parse({ gender: "F", status: 10, grade: 3, tags: ["a"] })).toEqual({
      gender: "F",
      status: "10",
      grade: 3,
      tags: ["a"],
    });
  });
});
