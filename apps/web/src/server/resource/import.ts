import { PRESENTATIONAL_TYPES, resourceDef, UPLOAD_TYPES, type FieldDef, type ResourceDef, type TImportLine } from "@pizarra/contracts";
import type { Prisma } from "@pizarra/db";
import { fieldRefusal, validationRefusal } from "../http/app-error.ts";
import type { AuthedContext, Reply } from "../http/context.ts";
import { asAppError } from "../http/refusal.ts";
import { translator, type Locale } from "../i18n.ts";
import { parseCsv } from "./csv.ts";
import { foldText } from "./search-text.ts";
import { xlsxResponse } from "./xlsx.ts";

type Row = Record<string, unknown>;

/** What the factory lends the importer: its own validation and its own write of one new record. */
export interface RecordWriter<P> {
  def: ResourceDef;
  /** Validates one record the way `create` does; throws the 422 refusal naming its fields. */
  prepare(ctx: AuthedContext, input: Row, parentId: unknown): P;
  /** Writes it with its rules, virtual fields and audit line. */
  write(tx: Prisma.TransactionClient, ctx: AuthedContext, prepared: P): Promise<unknown>;
}

/** Spec 000 §9 caps transfer lists at 10000 rows; an import is one transaction, so it is kept to half that. */
export const IMPORT_MAX_ROWS = 5_000;
/** How many refused lines an answer spells out. */
const SHOWN_LINES = 50;
const LOCALES: Locale[] = ["es", "en"];
const YES = new Set(["1", "true", "si", "sí", "yes", "x", "s", "y"]);
const NO = new Set(["0", "false", "no", "n"]);

/** The fields a file can fill: those that hold a typed value (no uploads, passwords, read-only or layout fields). */
export function importableFields(def: ResourceDef): FieldDef[] {
  return def.fields.filter(
    (f) =>
      !PRESENTATIONAL_TYPES.has(f.type) &&
      !UPLOAD_TYPES.has(f.type) &&
      !["password", "hidden", "custom"].includes(f.type) &&
      f.readOnly !== "always" &&
      f.name !== def.parent?.field,
  );
}

/** A header or an option as typed: case, accents and a required field's trailing asterisk aside. */
const fold = (text: string) => foldText(text).replace(/\*+$/, "").trim();

/** Column headers in either language, or the field's own name, point at the field. */
function headerIndex(def: ResourceDef, fields: FieldDef[]): Map<string, FieldDef> {
  const index = new Map<string, FieldDef>();
  for (const field of fields) {
    index.set(fold(field.name), field);
    for (const locale of LOCALES) index.set(fold(translator(locale)(`resources.${def.id}.fields.${field.name}`)), field);
  }
  return index;
}

/** An option of a fixed list by its value or by its label in either language. */
function optionValue(def: ResourceDef, field: FieldDef, text: string): unknown {
  if (field.options?.kind !== "values") return text;
  const wanted = fold(text);
  for (const value of field.options.values) {
    if (fold(String(value)) === wanted) return value;
    if (LOCALES.some((locale) => fold(translator(locale)(`resources.${def.id}.options.${field.name}.${String(value)}`)) === wanted)) return value;
  }
  return text;
}

/** A cell's text as the form would send it; text the schema cannot take is passed on for it to refuse by name. */
function cellValue(def: ResourceDef, field: FieldDef, text: string): unknown {
  if (field.type === "switch" || field.type === "checkbox") {
    const word = fold(text);
    return YES.has(word) ? true : NO.has(word) ? false : text;
  }
  if (field.type === "number" || field.type === "slider") {
    const number = Number(text.replace(",", "."));
    return Number.isFinite(number) ? number : text;
  }
  const many = field.multiple || field.type === "checkboxGroup";
  const one = (part: string) => {
    if (field.options?.kind === "values") return optionValue(def, field, part);
    if (field.options?.kind === "resource" && resourceDef(field.options.resource)?.keyType === "int" && /^\d+$/.test(part)) return Number(part);
    return part;
  };
  if (many)
    return text
      .split("|")
      .map((part) => part.trim())
      .filter(Boolean)
      .map(one);
  return field.options ? one(text) : text;
}

async function tableOf(ctx: AuthedContext, data: string): Promise<string[][]> {
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
  return parseCsv(bytes.toString("utf8"));
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

const lineRefusal = (ctx: AuthedContext, lines: TImportLine[]) => {
  const first = lines[0]!;
  const msg = ctx.t("validation.importLines", { count: lines.length, line: first.line, message: first.message });
  return validationRefusal({ data: msg }, { lines: lines.slice(0, SHOWN_LINES), refused: lines.length });
};

/** Rolls back a trial run that went through. */
class TrialDone extends Error {}

/**
 * POST {resource}/importAttach (spec 000 §7, "not shown" beyond its path): a .csv or .xlsx file whose first row names
 * the columns (the template's labels in either language, or field names). Every line goes through the same schema,
 * rules and audit as a create, in ONE transaction: a single refused line refuses the file, listing every refused
 * line with its field's message, and nothing is written. `dryRun=true` does all of it and rolls back, so the screen
 * can show what would happen before it happens.
 */
export async function importRecords<P>(
  writer: RecordWriter<P>,
  ctx: AuthedContext & { body: { data: string }; query: { dryRun?: string; parentId?: string } },
): Promise<Reply> {
  const { def } = writer;
  const table = (await tableOf(ctx, ctx.body.data)).filter((row) => row.some((cell) => cell.trim() !== ""));
  const [header, ...rows] = table;
  if (!header || rows.length === 0) throw fieldRefusal("data", ctx.t("validation.importEmpty"));
  if (rows.length > IMPORT_MAX_ROWS) throw fieldRefusal("data", ctx.t("validation.importTooMany", { attribute: ctx.t("fields.data"), max: IMPORT_MAX_ROWS }));
  const index = headerIndex(def, importableFields(def));
  const columns = header.map((title) => (title.trim() ? index.get(fold(title)) : undefined));
  const unknown = header.filter((title, i) => title.trim() && !columns[i]);
  if (unknown.length) throw fieldRefusal("data", ctx.t("validation.importColumns", { columns: unknown.join(", ") }));

  // Line numbers are the file's (the header is line 1), so that the school can find them.
  const lineOf = new Map(rows.map((row) => [row, table.indexOf(row) + 1]));
  const refused: TImportLine[] = [];
  const refuse = (line: number, error: unknown) => {
    const app = asAppError(error);
    if (!app) throw error;
    const errors = (app.data as { errors?: Record<string, string> } | null)?.errors;
    if (errors) for (const [field, message] of Object.entries(errors)) refused.push({ line, field, message });
    else refused.push({ line, field: null, message: ctx.t(app.messageKey, app.values) });
  };

  const prepared: { line: number; record: P }[] = [];
  for (const row of rows) {
    const input: Row = {};
    columns.forEach((field, i) => {
      const text = (row[i] ?? "").trim();
      if (field && text !== "") input[field.name] = cellValue(def, field, text);
    });
    const line = lineOf.get(row)!;
    try {
      prepared.push({ line, record: writer.prepare(ctx, input, ctx.query.parentId) });
    } catch (error) {
      refuse(line, error);
    }
  }
  if (refused.length) throw lineRefusal(ctx, refused);

  const dryRun = ctx.query.dryRun === "true";
  try {
    await ctx.db.$transaction(
      async (tx) => {
        for (const { line, record } of prepared) {
          // A savepoint per line: a refused line (a duplicate …) is rolled back alone and the next ones are still checked.
          await tx.$executeRawUnsafe("SAVEPOINT import_line");
          try {
            await writer.write(tx, ctx, record);
            await tx.$executeRawUnsafe("RELEASE SAVEPOINT import_line");
          } catch (error) {
            await tx.$executeRawUnsafe("ROLLBACK TO SAVEPOINT import_line");
            refuse(line, error);
          }
        }
        if (refused.length) throw lineRefusal(ctx, refused);
        if (dryRun) throw new TrialDone();
      },
      { timeout: 120_000 },
    );
  } catch (error) {
    if (!(error instanceof TrialDone)) throw error;
  }
  const count = prepared.length;
  return dryRun
    ? { data: { rows: count, dryRun: true }, msgKey: "api.importChecked", msgValues: { count } }
    : { data: { rows: count, created: count }, msgKey: "api.imported", msgValues: { count } };
}

/** GET {resource}/importTemplate: an .xlsx whose header row is the importable fields' labels, required ones marked *. */
export async function importTemplate(def: ResourceDef, ctx: AuthedContext): Promise<Reply> {
  const title = ctx.t(`resources.${def.id}.title`);
  const headers = importableFields(def).map((f) => `${ctx.t(`resources.${def.id}.fields.${f.name}`)}${f.rules?.required ? " *" : ""}`);
  const none = (async function* (): AsyncGenerator<unknown[][]> {})();
  return { data: null, response: xlsxResponse(`${title} - ${ctx.t("api.importTemplateName")}.xlsx`, title, headers, none) };
}
