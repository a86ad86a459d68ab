import readXlsxFile from "read-excel-file/node";

/** A cell as read back: text, a number, a yes/no, a date (a date-formatted number), or null when empty. */
export type XlsxCell = string | number | boolean | Date | null;

/** A sheet as read back: its name and its rows from the first, each cell at its column's index from 0. */
export interface XlsxSheet {
  name: string;
  rows: XlsxCell[][];
}

/**
 * Every sheet of an .xlsx the product wrote (a file's path, or its bytes), for the tests and the bench. It is read by
 * read-excel-file, not by ExcelJS, which writes it: a fault the writer's own reader shares cannot pass unseen.
 */
export async function readXlsx(file: string | ArrayBuffer | Buffer): Promise<XlsxSheet[]> {
  const sheets = await readXlsxFile(typeof file === "string" || Buffer.isBuffer(file) ? file : Buffer.from(file));
  return sheets.map(({ sheet, data }) => ({ name: sheet, rows: data as XlsxCell[][] }));
}
