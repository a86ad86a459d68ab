import type { FieldDef, ResourceDef, TImportAnswer, TImportLine } from "@pizarra/contracts";
import type { TenantTx } from "@pizarra/db";
import { fieldRefusal, validationRefusal } from "../http/app-error.ts";
import type { AuthedContext, Reply } from "../http/context.ts";
import { asAppError } from "../http/refusal.ts";
import { cellValue, headerKey, headerIndex, importableFields, isReference, shownOnly } from "./import-fields.ts";
import { tableOf } from "./import-table.ts";
import { type Labels, labelsOf, type RowReader } from "./references.ts";
import { trial } from "./trial.ts";
import { xlsxResponse } from "./xlsx.ts";

type Row = Record<string, unknown>;

/** What the factory lends the importer: its own validation and its own write of one new record. */
export interface RecordWriter<P> {
  def: ResourceDef;
  /** Validates one record the way `create` does; throws the 422 refusal naming its fields. */
  prepare(ctx: AuthedContext, input: Row, parentId: unknown): P;
  /** Writes it with its rules, virtual fields and audit line. */
  write(tx: TenantTx, ctx: AuthedContext, prepared: P): Promise<unknown>;
  /** Other resources' rows, as their own lists answer the caller, to read the labels a file names records by. */
  rows: RowReader;
}

/** Spec 000 §9 caps transfer lists at 10000 rows; an import is one transaction, so it is kept to half that. */
export const IMPORT_MAX_ROWS = 5_000;
/** How many refused lines an answer spells out. */
const SHOWN_LINES = 50;

/** A cell an export wrote as text so that a spreadsheet would not run it ('+51 …, '=…) reads back without its quote. */
export const unquoted = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

const lineRefusal = (ctx: AuthedContext, lines: TImportLine[]) => {
  const first = lines[0]!;
  const msg = ctx.t("validation.importLines", { count: lines.length, line: first.line, message: first.message });
  return validationRefusal({ data: msg }, { lines: lines.slice(0, SHOWN_LINES), refused: lines.length });
};

/** How many of the records a label matches a refusal names. */
const SHOWN_MATCHES = 5;

/**
 * Reads a line's references in place, from the labels the screens show to the ids the schema takes: a field that
 * depends on another (a section on its grade) is read among the records of the one the line names, where a section is
 * also known by its own name ("A"). What names no record, or several, is returned to refuse the line by its field.
 */
function referenceReader(rows: RowReader, ctx: AuthedContext, def: ResourceDef) {
  const fields = importableFields(def).filter(isReference);
  const byName = new Map(fields.map((f) => [f.name, f]));
  const depth = (field: FieldDef): number => {
    const parent = field.options?.kind === "resource" && field.options.dependsOn ? byName.get(field.options.dependsOn) : undefined;
    return parent && parent !== field ? 1 + depth(parent) : 0;
  };
  const ordered = [...fields].sort((a, b) => depth(a) - depth(b));
  const tables = new Map<string, Promise<Labels | null>>();
  const tableFor = (field: FieldDef, input: Row) => {
    const source = field.options as Extract<FieldDef["options"], { kind: "resource" }>;
    const parent = source.dependsOn ? input[source.dependsOn] : undefined;
    const narrowed = parent !== undefined && parent !== null && parent !== "";
    const query = { ...source.query, ...(narrowed ? { [source.dependsParam ?? source.dependsOn!]: String(parent) } : {}) };
    const key = `${source.resource}?${JSON.stringify(query)}`;
    if (!tables.has(key)) tables.set(key, labelsOf(rows, source.resource, query, narrowed));
    return tables.get(key)!;
  };
  return async (input: Row): Promise<{ field: string; message: string }[]> => {
    const problems: { field: string; message: string }[] = [];
    for (const field of ordered) {
      const value = input[field.name];
      if (value === undefined) continue;
      const labels = await tableFor(field, input);
      if (!labels) continue;
      const attribute = ctx.t(`resources.${def.id}.fields.${field.name}`);
      const read = (text: unknown) => {
        const found = labels.find(String(text));
        if (found && "id" in found) return found.id;
        const message = found
          ? ctx.t("validation.importAmbiguous", {
              attribute,
              value: String(text),
              count: found.ambiguous.length,
              labels: found.ambiguous.slice(0, SHOWN_MATCHES).join("; "),
            })
          : ctx.t("validation.importNoRecord", { attribute, value: String(text) });
        problems.push({ field: field.name, message });
        return undefined;
      };
      input[field.name] = Array.isArray(value) ? value.map(read) : read(value);
    }
    return problems;
  };
}

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
): Promise<Reply<TImportAnswer>> {
  const { def } = writer;
  // Line numbers are the file's (the header is line 1), blank lines counted, so that the school can find them.
  const table = (await tableOf(ctx, ctx.body.data)).map((cells, i) => ({ line: i + 1, cells })).filter((row) => row.cells.some((cell) => cell.trim() !== ""));
  const [header, ...rows] = table;
  if (!header || rows.length === 0) throw fieldRefusal("data", ctx.t("validation.importEmpty"));
  if (rows.length > IMPORT_MAX_ROWS) throw fieldRefusal("data", ctx.t("validation.importTooMany", { attribute: ctx.t("fields.data"), max: IMPORT_MAX_ROWS }));
  const index = headerIndex(def);
  const shown = shownOnly(def);
  const columns = header.cells.map((title) => (title.trim() ? index.get(headerKey(title)) : undefined));
  const unknown = header.cells.filter((title, i) => title.trim() && !columns[i] && !shown.has(headerKey(title)));
  if (unknown.length) throw fieldRefusal("data", ctx.t("validation.importColumns", { columns: unknown.join(", ") }));

  const refused: TImportLine[] = [];
  const refuse = (line: number, error: unknown) => {
    const app = asAppError(error);
    if (!app) throw error;
    const errors = (app.data as { errors?: Record<string, string> } | null)?.errors;
    if (errors) for (const [field, message] of Object.entries(errors)) refused.push({ line, field, message });
    else refused.push({ line, field: null, message: ctx.t(app.messageKey, app.values) });
  };
  const resolve = referenceReader(writer.rows, ctx, def);

  const prepared: { line: number; record: P }[] = [];
  for (const { line, cells } of rows) {
    const input: Row = {};
    columns.forEach((field, i) => {
      const text = unquoted((cells[i] ?? "").trim());
      if (field && text !== "") input[field.name] = cellValue(def, field, text, ctx.locale);
    });
    const problems = await resolve(input);
    if (problems.length) {
      refused.push(...problems.map((p) => ({ line, ...p })));
      continue;
    }
    try {
      prepared.push({ line, record: writer.prepare(ctx, input, ctx.query.parentId) });
    } catch (error) {
      refuse(line, error);
    }
  }
  if (refused.length) throw lineRefusal(ctx, refused);

  const dryRun = ctx.query.dryRun === "true";
  const writeAll = async (tx: TenantTx) => {
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
  };
  const options = { timeout: 120_000 };
  if (dryRun) await trial(ctx.db, writeAll, options);
  else await ctx.db.$transaction(writeAll, options);
  const count = prepared.length;
  return dryRun
    ? { data: { rows: count, dryRun: true }, msgKey: "api.importChecked", msgValues: { count } }
    : { data: { rows: count, created: count }, msgKey: "api.imported", msgValues: { count } };
}

/** GET {resource}/importTemplate: an .xlsx whose header row is the importable fields' labels, required ones marked *. */
export async function importTemplate(def: ResourceDef, ctx: AuthedContext): Promise<Reply<null> & { response: Response }> {
  const title = ctx.t(`resources.${def.id}.title`);
  const headers = importableFields(def).map((f) => `${ctx.t(`resources.${def.id}.fields.${f.name}`)}${f.rules?.required ? " *" : ""}`);
  const none = (async function* (): AsyncGenerator<unknown[][]> {})();
  return { data: null, response: xlsxResponse(`${title} - ${ctx.t("api.importTemplateName")}.xlsx`, title, headers, none) };
}
