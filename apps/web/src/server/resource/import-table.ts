import type { AuthedContext } from "../http/context.ts";
import { fieldRefusal } from "../http/app-error.ts";
import { decodeText, parseCsv } from "./csv.ts";

/** The sent file's cells, row by row: the first sheet of an .xlsx, else the text read as CSV. */
export async function tableOf(ctx: AuthedContext, data: string): Promise<string[][]> {
  const payload = data.replace(/^data:[^;,]*;base64,/, "").replace(/\s/g, "");
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(payload)) throw fieldRefusal("data", ctx.t("validation.base64", { attribute: ctx.t("fields.data") }));
  const bytes = Buffer.from(payload, "base64");
  // An .xlsx is a zip ("PK"); anything else is read as CSV text.
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
    const { default: Excel } = await import("exceljs");
    const workbook = new Excel.Workbook();
    try {
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    } catch {
      throw fieldRefusal("data", ctx.t("validation.importUnreadable"));
    }
    const sheet = workbook.worksheets[0];
    const rows: string[][] = [];
    sheet?.eachRow({ includeEmpty: true }, (row, number) => {
      const values = (row.values as unknown[]).slice(1).map((v) => cellText(v));
      rows[number - 1] = values;
    });
    return Array.from(rows, (row) => row ?? []);
  }
  return parseCsv(decodeText(bytes));
}

/** An .xlsx cell as text: dates as YYYY-MM-DD (HH:mm), formulas by their result, rich text joined. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith("T00:00:00.000Z") ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
  }
  if (typeof value === "object") {
    const cell = value as { result?: unknown; richText?: { text: string }[]; text?: string };
    if (cell.richText) return cell.richText.map((r) => r.text).join("");
    if ("result" in cell) return cellText(cell.result);
    if (cell.text !== undefined) return String(cell.text);
  }
  return String(value).trim();
}
