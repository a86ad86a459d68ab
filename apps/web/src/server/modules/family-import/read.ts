import { FAMILY_PROBLEM_LEVEL, RESOURCES, type TFamilyImportProblem, type TKinshipRelation } from "@pizarra/contracts";
import { countries } from "@pizarra/contracts/geo";
import { toE164 } from "@pizarra/contracts/phone";
import { z } from "zod";
import { fieldRefusal } from "../../http/app-error.ts";
import type { AuthedContext } from "../../http/context.ts";
import { readDate } from "../../resource/cell-values.ts";
import { IMPORT_MAX_ROWS, unquoted } from "../../resource/import.ts";
import { headerKey, optionValue, readYesNo } from "../../resource/import-fields.ts";
import { tableOf } from "../../resource/import-table.ts";
import { columnLetter, columnTitle, type FamilyColumn, HEADER_INDEX, readRelation } from "./columns.ts";

/** A person's fields as the file gives them; an empty cell is absent (it leaves a stored value as it is). */
export interface StudentCells {
  externalId: string;
  last?: string;
  last2?: string;
  name?: string;
  gender?: string;
  birthday?: Date;
  mail?: string;
  documenttype?: string;
  documentnumber?: string;
  grade: string;
  section: string;
}

export interface GuardianCells {
  /** 1 or 2: which guardian of the line. */
  place: number;
  name: string;
  last: string;
  documenttype?: string;
  documentnumber?: string;
  /** The document number as guardians are matched by it: no spaces, dots or dashes, upper case. */
  docKey: string | null;
  /** The mobile in E.164. */
  cel: string | null;
  mail?: string;
  relation: TKinshipRelation | null;
  principal: boolean;
  pays: boolean;
  pickup: boolean;
}

export interface FamilyLine {
  line: number;
  student: StudentCells;
  guardians: GuardianCells[];
}

/** The problems of one file, each placed by its line and column as the file titles it. */
export class Problems {
  readonly list: TFamilyImportProblem[] = [];
  constructor(private readonly places: ReadonlyMap<string, { letter: string; title: string }>) {}
  add(line: number, column: string | null, message: string, level: TFamilyImportProblem["level"] = FAMILY_PROBLEM_LEVEL.error): void {
    const place = column ? this.places.get(column) : undefined;
    this.list.push({ line, column, letter: place?.letter ?? null, title: place?.title ?? null, level, message });
  }
  get errors(): number {
    return this.list.filter((p) => p.level === FAMILY_PROBLEM_LEVEL.error).length;
  }
}

const EMAIL = z.email();
/** A student field whose fixed options a column takes (gender, document type), by value or by label in either language. */
const studentField = (name: string) => RESOURCES.admStudent.fields.find((f) => f.name === name)!;
const optionsOf = (name: string) => {
  const options = studentField(name).options;
  return options?.kind === "values" ? options.values.map(String) : [];
};
/** Longest text a column takes: the student form's own limits (001 §3), and the relatives' for guardians. */
const MAX_LENGTH: Record<string, number> = { externalId: 50, name: 100, last: 100, last2: 100, mail: 254, documentnumber: 20, grade: 100, section: 100 };
/** The first day Excel counts its dates from (serial 1 = 1900-01-01, with its 1900 leap-year slip). */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

/** The school's numbering country, named in the caller's language for the phone's message. */
const countryName = (ctx: AuthedContext, code: string) => countries(ctx.locale).find((c) => c.ID === code)?.name ?? code;

/** A document number as it is matched: 12.345.678, 12 345 678 and 12345678 are one. */
export const documentKey = (text: string) => text.replace(/[\s.\-/]/g, "").toUpperCase();

/**
 * Reads the file into lines (the header is line 1; blank lines count, so that the school finds them), every cell
 * checked on its own: what is missing, too long, not a date, e-mail or phone, not one of the options. The checks that
 * need the school's records (codes, sections, guardians already present) are `planImport`'s.
 */
export async function readFamilyFile(ctx: AuthedContext, data: string, country: string): Promise<{ lines: FamilyLine[]; problems: Problems }> {
  const table = (await tableOf(ctx, data)).map((cells, i) => ({ line: i + 1, cells: cells.map((c) => unquoted((c ?? "").trim())) }));
  const filled = table.filter((row) => row.cells.some((cell) => cell !== ""));
  const [header, ...rows] = filled;
  if (!header || rows.length === 0) throw fieldRefusal("data", ctx.t("validation.importEmpty"));
  if (rows.length > IMPORT_MAX_ROWS) throw fieldRefusal("data", ctx.t("validation.importTooMany", { attribute: ctx.t("fields.data"), max: IMPORT_MAX_ROWS }));
  const columns = header.cells.map((title) => (title ? HEADER_INDEX.get(headerKey(title)) : undefined));
  const unknown = header.cells.filter((title, i) => title && !columns[i]);
  if (unknown.length) throw fieldRefusal("data", ctx.t("validation.importColumns", { columns: unknown.join(", ") }));
  const places = new Map<string, { letter: string; title: string }>();
  columns.forEach((column, i) => {
    if (column) places.set(column.key, { letter: columnLetter(i), title: header.cells[i]! });
  });
  const required = ["externalId", "last", "name", "gender", "birthday", "grade", "section"];
  const missing = required.filter((key) => !places.has(key));
  if (missing.length) throw fieldRefusal("data", ctx.t("familyImport.missingColumns", { columns: missing.map((key) => titleOf(ctx, key)).join(", ") }));

  const problems = new Problems(places);
  const lines: FamilyLine[] = [];
  for (const { line, cells } of rows) {
    const cell = new Map<string, string>();
    columns.forEach((column, i) => {
      if (column && cells[i]) cell.set(column.key, cells[i]);
    });
    const reader = new CellReader(ctx, problems, line, cell);
    const student: StudentCells = {
      externalId: reader.text("externalId", true) ?? "",
      last: reader.text("last", true),
      last2: reader.text("last2"),
      name: reader.text("name", true),
      gender: reader.option("gender", "gender", true),
      birthday: reader.date("birthday", true),
      mail: reader.mail("mail"),
      documenttype: reader.option("documenttype", "documenttype"),
      documentnumber: reader.text("documentnumber"),
      grade: reader.text("grade", true) ?? "",
      section: reader.text("section", true) ?? "",
    };
    const guardians: GuardianCells[] = [];
    for (const place of [1, 2]) {
      const key = (field: string) => `guardian${place}.${field}`;
      if (![...cell.keys()].some((k) => k.startsWith(`guardian${place}.`))) continue;
      const documentnumber = reader.text(key("documentnumber"));
      const cel = reader.phone(key("cel"), country);
      const principal = reader.yesNo(key("principal")) ?? false;
      guardians.push({
        place,
        name: reader.text(key("name"), true) ?? "",
        last: reader.text(key("last"), true) ?? "",
        documenttype: reader.option(key("documenttype"), "documenttype"),
        documentnumber,
        docKey: documentnumber ? documentKey(documentnumber) || null : null,
        cel: cel ?? null,
        mail: reader.mail(key("mail")),
        relation: reader.relation(key("relation")),
        principal,
        // Unsaid: the principal guardian pays, and every guardian may pick the child up (Kinship's defaults).
        pays: reader.yesNo(key("pays")) ?? principal,
        pickup: reader.yesNo(key("pickup")) ?? true,
      });
      if (!documentnumber && cel === undefined && !cell.has(key("cel")))
        problems.add(line, key("documentnumber"), ctx.t("familyImport.guardianUnknowable", { guardian: place }));
    }
    if (guardians.filter((g) => g.principal).length > 1) problems.add(line, "guardian2.principal", ctx.t("familyImport.twoPrincipals"));
    lines.push({ line, student, guardians });
  }
  return { lines, problems };
}

/** A column's title in the caller's language, for messages about it. */
function titleOf(ctx: AuthedContext, key: string): string {
  const column = [...HEADER_INDEX.values()].find((c) => c.key === key) as FamilyColumn;
  return columnTitle(column, ctx.locale);
}

/** One line's cells, each read and checked, its problems added to the file's. */
class CellReader {
  constructor(
    private readonly ctx: AuthedContext,
    private readonly problems: Problems,
    private readonly line: number,
    private readonly cells: Map<string, string>,
  ) {}

  private refuse(key: string, messageKey: string, values: Record<string, string | number> = {}): undefined {
    this.problems.add(this.line, key, this.ctx.t(messageKey, { attribute: titleOf(this.ctx, key), ...values }));
    return undefined;
  }

  text(key: string, required = false): string | undefined {
    const value = this.cells.get(key);
    if (!value) return required ? this.refuse(key, "validation.required") : undefined;
    const max = MAX_LENGTH[key.replace(/^guardian\d\./, "")];
    if (max && value.length > max) return this.refuse(key, "validation.max", { max });
    return value;
  }

  /** One of a student field's options: its code (M, DNI) or its label in either language (Femenino, Passport). */
  option(key: string, field: string, required = false): string | undefined {
    const value = this.text(key, required);
    if (value === undefined) return undefined;
    const values = optionsOf(field);
    const found = String(optionValue(RESOURCES.admStudent, studentField(field), value));
    return values.includes(found) ? found : this.refuse(key, "familyImport.option", { value, options: values.join(", ") });
  }

  /** A date as dd/mm/yyyy (mm/dd/yyyy in English), ISO, or an Excel day number (a date cell saved as CSV without its format). */
  date(key: string, required = false): Date | undefined {
    const value = this.text(key, required);
    if (value === undefined) return undefined;
    const serial = /^\d{4,5}$/.test(value) ? EXCEL_EPOCH + Number(value) * DAY_MS : null;
    const iso = serial !== null ? new Date(serial).toISOString().slice(0, 10) : readDate(value.replace(/[ T]00:00(:00)?$/, ""), this.ctx.locale);
    const date = new Date(`${iso}T00:00:00Z`);
    const real = /^\d{4}-\d{2}-\d{2}$/.test(iso) && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso);
    if (!real || date.getUTCFullYear() < 1900 || date.getTime() > Date.now()) return this.refuse(key, "familyImport.date", { value });
    return date;
  }

  mail(key: string): string | undefined {
    const value = this.text(key);
    if (value === undefined) return undefined;
    return EMAIL.safeParse(value).success ? value : this.refuse(key, "validation.email");
  }

  /** A mobile with its country code (or of the school's country) → E.164; a number a spreadsheet kept as digits only may have lost its "+". */
  phone(key: string, country: string): string | undefined {
    const value = this.cells.get(key);
    if (!value) return undefined;
    const cel = toE164(value, country) ?? (/^\d{10,15}$/.test(value) ? toE164(`+${value}`) : null);
    return cel ?? this.refuse(key, "validation.phoneNumber", { country: countryName(this.ctx, country) });
  }

  yesNo(key: string): boolean | undefined {
    const value = this.cells.get(key);
    if (!value) return undefined;
    return readYesNo(value) ?? this.refuse(key, "familyImport.yesNo", { value });
  }

  relation(key: string): TKinshipRelation | null {
    const value = this.cells.get(key);
    if (!value) return null;
    return readRelation(value) ?? this.refuse(key, "familyImport.relation", { value }) ?? null;
  }
}
