// Imports the schema builders alone, never the definitions' index: a bundle of the package (no side effects) may leave
// that index out, so what a reference parses to must not depend on the index having run.
import { describe, expect, it } from "vitest";
import { recordSchema } from "./schema.ts";
import { defineResource } from "./types.ts";

const def = defineResource({
  id: "test",
  module: "test",
  keyType: "int",
  pageSize: 40,
  fields: [
    { name: "periodId", type: "select", options: { kind: "resource", resource: "admPeriod" } },
    { name: "template", type: "select", options: { kind: "resource", resource: "admLocalization" } },
  ],
  columns: [],
  pick: { name: [] },
  actions: [],
});
const parse = (body: Record<string, unknown>) => recordSchema(def, "create").safeParse(body);

describe("a reference to another resource, with only the schema module loaded", () => {
  it("to an int-keyed resource takes a record id and gives a number, and refuses anything else", () => {
    expect(parse({ periodId: "12" })).toMatchObject({ success: true, data: { periodId: 12 } });
    expect(parse({ periodId: "comms-en" }).success).toBe(false);
  });

  it("to a text-keyed resource keeps the code as it came", () => {
    expect(parse({ template: "comms-en" })).toMatchObject({ success: true, data: { template: "comms-en" } });
    expect(parse({ template: "12" })).toMatchObject({ success: true, data: { template: "12" } });
  });
});
