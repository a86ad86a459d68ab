import { type FieldDef, PRESENTATIONAL_TYPES, type ResourceDef, UPLOAD_TYPES } from "@pizarra/contracts";
import { type Locale, translator } from "../i18n.ts";
import { readDate, readDateTime, readNumber, readTime } from "./cell-values.ts";
import { foldText } from "./search-text.ts";

const LOCALES: Locale[] = ["es", "en"];
// Spanish Excel writes a boolean cell as VERDADERO / FALSO.
const YES = new Set(["1", "true", "si", "yes", "x", "s", "y", "verdadero"]);
const NO = new Set(["0", "false", "no", "n", "falso"]);

/** A yes/no cell as spreadsheets in either language write it (sí, x, 1, VERDADERO …); null when it is neither. */
export function readYesNo(text: string): boolean | null {
  const word = fold(text);
  return YES.has(word) ? true : NO.has(word) ? false : null;
}

/** The fields a file can fill: those that hold a typed value (no uploads, passwords, read-only or layout fields). */
export function importableFields(def: ResourceDef): FieldDef[] {
  return def.fields.filter(
    (f) => !PRESENTATIONAL_TYPES.has(f.type) && !UPLOAD_TYPES.has(f.type) && !["password", "hidden", "custom"].includes(f.type) && f.readOnly !== "always",
  );
}

/** A header or an option as typed: case, accents and a required field's trailing asterisk aside. */
const fold = (text: string) => foldText(text).replace(/\*+$/, "").trim();
/** A column header as `headerIndex` knows it. */
export const headerKey = fold;

const labelsIn = (def: ResourceDef, name: string) => LOCALES.map((locale) => fold(translator(locale)(`resources.${def.id}.fields.${name}`)));

/** Column headers in either language, or the field's own name, point at the field. */
export function headerIndex(def: ResourceDef): Map<string, FieldDef> {
  const index = new Map<string, FieldDef>();
  for (const field of importableFields(def)) {
    index.set(fold(field.name), field);
    for (const label of labelsIn(def, field.name)) index.set(label, field);
  }
  return index;
}

/** The export's own columns that no file fills (a count, a picture, who changed it last): read past, never refused. */
export function shownOnly(def: ResourceDef): Set<string> {
  return new Set([...def.columns.map((c) => c.field), ...def.fields.map((f) => f.name)].flatMap((name) => [fold(name), ...labelsIn(def, name)]));
}

/** A field whose value is another record of the engine's, named in files by its label. */
export const isReference = (field: FieldDef) => field.options?.kind === "resource" && !field.options.path;

/** An option of a fixed list by its value or by its label in either language. */
export function optionValue(def: ResourceDef, field: FieldDef, text: string): unknown {
  if (field.options?.kind !== "values") return text;
  const wanted = fold(text);
  for (const value of field.options.values) {
    if (fold(String(value)) === wanted) return value;
    if (LOCALES.some((locale) => fold(translator(locale)(`resources.${def.id}.options.${field.name}.${String(value)}`)) === wanted)) return value;
  }
  return text;
}

/**
 * A cell's text as the form would send it; text the schema cannot take is passed on for it to refuse by name. A
 * reference stays text here (one label, or a list of them) until `resolve` reads it.
 */
export function cellValue(def: ResourceDef, field: FieldDef, text: string, locale: Locale): unknown {
  if (field.type === "switch" || field.type === "checkbox") return readYesNo(text) ?? text;
  if (field.type === "number" || field.type === "slider") return readNumber(text) ?? text;
  if (field.type === "date") return readDate(text, locale);
  if (field.type === "datetime") return readDateTime(text, locale);
  if (field.type === "time") return readTime(text);
  const many = field.multiple || field.type === "checkboxGroup";
  const one = (part: string) => (field.options?.kind === "values" ? optionValue(def, field, part) : part);
  // Lists are written "a, b" by the exports and "a|b" by the template's older files.
  if (many)
    return text
      .split(/[|,]/)
      .map((part) => part.trim())
      .filter(Boolean)
      .map(one);
  return field.options ? one(text) : text;
}
