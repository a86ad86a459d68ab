import { describe, expect, it } from "vitest";
import { fieldErrors, validationErrorMap, type Translate } from "../validation.ts";
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
