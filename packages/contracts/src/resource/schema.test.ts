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
