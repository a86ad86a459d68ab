import { parse } from "csv-parse/sync";

/**
 * The text of a CSV file as the school's program saved it: UTF-8 (with or without its byte-order mark), UTF-16 with
 * its mark (Excel's "Unicode text"), or, when the bytes are no valid UTF-8, Windows-1252 (Excel in Spanish on
 * Windows saves "Código" so). Node's TextDecoder knows these encodings; no guess is made beyond them.
 */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

/**
 * CSV as spreadsheets write it (RFC 4180, read by csv-parse): quoted cells may hold the delimiter, doubled quotes and
 * line breaks; lines end in CRLF, LF or CR, mixed as files pasted together mix them; a quote inside an unquoted cell
 * is text; blank lines stay, so that a row's index is its line in the file. The delimiter is the one of `,` `;` or tab
 * found most often outside quotes in the first line (Excel in Spanish writes `;`). A byte-order mark is dropped.
 */
export function parseCsv(input: string): string[][] {
  const read = (text: string): string[][] =>
    parse(text, {
      delimiter: detectDelimiter(text),
      bom: true,
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: false,
      record_delimiter: ["\r\n", "\n", "\r"],
    });
  try {
    return read(input);
  } catch (error) {
    // A quote left open runs to the end of the file, so that the cell's own check refuses it by its line and field
    // rather than the whole file going unread.
    if ((error as { code?: string }).code === "CSV_QUOTE_NOT_CLOSED") return read(`${input}"`);
    throw error;
  }
}

function detectDelimiter(text: string): string {
  const counts = new Map<string, number>([
    [",", 0],
    [";", 0],
    ["\t", 0],
  ]);
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  const [best, count] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
  return count > 0 ? best : ",";
}
