import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { apiHarness } from "../../test-support/harness.ts";
import { xlsxResponse } from "./xlsx.ts";

const api = apiHarness();
const FORMULAS = [`=HYPERLINK("http://x","y")`, "+1", "-2+3", "@SUM(A1)"];

let admin: string;

beforeAll(async () => {
  ({ admin } = await api.tokens());
});

async function sheetOf(res: Response): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await res.arrayBuffer());
  return book.worksheets[0]!;
}

describe("export neutralisation (issue 5 item 5)", () => {
  it("writes a record's formula-like name as quoted text in the generic export, and its points as a number", async () => {
    for (const name of FORMULAS) {
      const created = await api.call("POST", "admAssignmentQst/create", { token: admin, body: { type: "text", name, points: 2.5 } });
      expect(created.body.status).toBe(0);
    }
    const sheet = await sheetOf(await api.raw("GET", "admAssignmentQst/get?print=true&format=xlsx", { token: admin, locale: "en" }));
    const header = sheet.getRow(1).values as unknown[];
    const nameColumn = header.indexOf("Question");
    const pointsColumn = header.indexOf("Points");
    const rows = sheet.getRows(2, sheet.rowCount - 1)!;
    for (const name of FORMULAS) {
      const row = rows.find((r) => r.getCell(nameColumn).value === `'${name}`);
      expect(row, name).toBeDefined();
      expect(row!.getCell(nameColumn).type).toBe(ExcelJS.ValueType.String);
      expect(row!.getCell(pointsColumn).value).toBe(2.5);
    }
  });

  it("neutralises headers and text cells of any workbook the server writes, and leaves genuine numbers alone", async () => {
    const rows = (async function* () {
      yield [["=1+1", -2.5, "-7", "\tx", "plain", 0, null]];
    })();
    const sheet = await sheetOf(xlsxResponse("t.xlsx", "t", ["=A1", "Score", "+B", "@C", "Name", "Zero", "Empty"], rows));
    expect(sheet.getRow(1).values).toEqual([undefined, "'=A1", "Score", "'+B", "'@C", "Name", "Zero", "Empty"]);
    const row = sheet.getRow(2);
    expect([1, 2, 3, 4, 5, 6].map((c) => row.getCell(c).value)).toEqual(["'=1+1", -2.5, "'-7", "'\tx", "plain", 0]);
    expect(row.getCell(2).type).toBe(ExcelJS.ValueType.Number);
    expect([1, 3, 4].every((c) => row.getCell(c).type === ExcelJS.ValueType.String)).toBe(true);
  });
});
