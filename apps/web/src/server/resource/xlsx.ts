import { PassThrough, Readable } from "node:stream";
import { UPLOAD_TYPES, type ColumnDef, type ResourceDef, type Translate } from "@pizarra/contracts";
import type ExcelJS from "exceljs";

/**
 * A text cell that a spreadsheet would run as a formula (it begins with =, +, -, @, tab or carriage return) gets the
 * single-quote prefix OWASP's "CSV Injection" page recommends (ARCHITECTURE "Exports"); numbers stay numbers, so a
 * genuine -2.5 is still a number. Every workbook the server writes goes through xlsxResponse, headers included.
 */
export function neutralise(value: unknown): unknown {
  return typeof value === "string" && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const PLAIN: Partial<ExcelJS.Style> = {};

/**
 * Streams rows into an .xlsx as they come, so that a 20,000-row export never holds the whole workbook in memory.
 * `rows` is an async iterable of pages.
 */
export function xlsxResponse(fileName: string, sheetName: string, headers: string[], rows: AsyncIterable<unknown[][]>): Response {
  const stream = new PassThrough();
  const write = async () => {
    const { default: Excel } = await import("exceljs");
    const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
    const header = sheet.addRow(headers.map(neutralise));
    header.font = { bold: true };
    header.commit();
    for await (const page of rows) {
      for (const values of page) {
        const row = sheet.addRow(values.map(neutralise));
        // exceljs works out a style per new style object; one shared plain style (dates keep their own) makes
        // that once per workbook instead of once per cell: a 20,000-row export is a third faster.
        row.eachCell((cell) => {
          if (!(cell.value instanceof Date)) cell.style = PLAIN;
        });
        row.commit();
      }
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error) => stream.destroy(error as Error));
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    headers: {
      "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "content-disposition": `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      "cache-control": "no-store",
    },
  });
}

type Row = Record<string, unknown>;

/** A column that holds a picture or a stored file: its cells are links or storage keys, nothing a reader can use. */
function isFileColumn(def: ResourceDef, column: ColumnDef): boolean {
  const field = def.fields.find((f) => f.name === column.field);
  return column.kind === "image" || (field !== undefined && UPLOAD_TYPES.has(field.type));
}

/**
 * A list's export as people read it (issue 13): the columns of the screen but those of pictures and files, option
 * codes as their labels (a status 10 is "Estudiante"), flags as yes or no, in the caller's language. Whatever the
 * screen shows as a label the file shows the same way: the option field is the column's `optionsOf`, else its own
 * fixed-list select.
 */
export function exportSheet(def: ResourceDef, t: Translate): { headers: string[]; cells: (row: Row) => unknown[] } {
  const columns = def.columns.filter((column) => !isFileColumn(def, column));
  const fieldOf = new Map(def.fields.map((f) => [f.name, f]));
  const blank = (value: unknown) => value === null || value === undefined || value === "";
  const readers = columns.map((column): ((value: unknown) => unknown) => {
    const field = fieldOf.get(column.field);
    if (column.kind === "bool" || column.kind === "checkbox" || field?.type === "switch" || field?.type === "checkbox") {
      return (value) => t(value ? "moduleScreen.yes" : "moduleScreen.no");
    }
    const optionsOf = column.optionsOf ?? (field?.options?.kind === "values" ? field.name : null);
    if (!optionsOf) return (value) => value ?? null;
    const label = (value: unknown) => t(`resources.${def.id}.options.${optionsOf}.${String(value)}`);
    return (value) =>
      Array.isArray(value)
        ? value
            .filter((v) => !blank(v))
            .map(label)
            .join(", ") || null
        : blank(value)
          ? null
          : label(value);
  });
  return {
    headers: columns.map((column) => t(`resources.${def.id}.fields.${column.field}`)),
    cells: (row) => columns.map((column, i) => readers[i]!(row[column.field])),
  };
}
