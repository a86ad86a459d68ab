import { beforeAll, describe, expect, it } from "vitest";
import { apiHarness } from "../../test-support/harness.ts";
import { readXlsx, type XlsxCell } from "../../test-support/read-xlsx.ts";
import { xlsxResponse } from "./xlsx.ts";

const api = apiHarness();
const FORMULAS = [`=HYPERLINK("http://x","y")`, "+1", "-2+3", "@SUM(A1)"];

let admin: string;

beforeAll(async () => {
  ({ admin } = await api.tokens());
});

async function sheetOf(res: Response): Promise<XlsxCell[][]> {
  return (await readXlsx(await res.arrayBuffer()))[0]!.rows;
}

describe("export neutralisation", () => {
  it("writes a record's formula-like name as quoted text in the generic export, and its points as a number", async () => {
    for (const name of FORMULAS) {
      const created = await api.call("POST", "admAssignmentQst/create", { token: admin, body: { type: "text", name, points: 2.5 } });
      expect(created.body.status).toBe(0);
    }
    const [header, ...rows] = await sheetOf(await api.raw("GET", "admAssignmentQst/get?print=true&format=xlsx", { token: admin, locale: "en" }));
    const nameColumn = header!.indexOf("Question");
    const pointsColumn = header!.indexOf("Points");
    for (const name of FORMULAS) {
      // Read back as text: a formula would come back as its result, or as nothing.
      const row = rows.find((r) => r[nameColumn] === `'${name}`);
      expect(row, name).toBeDefined();
      expect(row![pointsColumn]).toBe(2.5);
    }
  });

  it("neutralises headers and text cells of any workbook the server writes, and leaves genuine numbers alone", async () => {
    const rows = (async function* () {
      yield [["=1+1", -2.5, "-7", "\tx", "plain", 0, null]];
    })();
    const sheet = await sheetOf(xlsxResponse("t.xlsx", "t", ["=A1", "Score", "+B", "@C", "Name", "Zero", "Empty"], rows));
    // Text stays a string and a number a number (read-excel-file gives each cell its stored type).
    expect(sheet).toEqual([
      ["'=A1", "Score", "'+B", "'@C", "Name", "Zero", "Empty"],
      ["'=1+1", -2.5, "'-7", "'\tx", "plain", 0, null],
    ]);
  });
});
