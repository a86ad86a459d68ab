import { z } from "zod";
import { RECORD_ID_MAX } from "../validation.ts";
import { resourceDef } from "./definitions.ts";
import { DATE_RE, DATETIME_RE, DEFAULT_MAX_LENGTH, isRealDay, splitTags, TIME_RE } from "./formats.ts";
import { PRESENTATIONAL_TYPES, UPLOAD_TYPES, type ActionDef, type FieldDef, type OptionSource, type ResourceDef } from "./types.ts";
import { FILE_DATA_MAX } from "./requests.ts";

export * from "./formats.ts";

const rule = (key: string, values: Record<string, string | number> = {}) => ({ params: { key, values } });

const EMAIL = z.email();

/**
 * The value of a choice: a text code or a number (a status 10, a record id). One schema rather than a union of the
 * two: zod finalizes a union's branch messages without the field's path, and react-hook-form's resolver shows one of
 * those, which named no field ("El campo value es requerido"). Nothing at all is "required", anything else "wrong type".
 */
const choiceValue = () => z.custom<string | number>((v) => typeof v === "string" || typeof v === "number", rule("type"));
const filledChoice = () => choiceValue().refine((v) => v !== "", rule("required"));

function textSchema(field: FieldDef): z.ZodType {
  const r = field.rules ?? {};
  let s = z.string().trim();
  if (r.required) s = s.min(1);
  if (r.min !== undefined) s = s.min(r.min);
  s = s.max(r.max ?? DEFAULT_MAX_LENGTH);
  let out: z.ZodType = r.email ? s.refine((v) => v === "" || EMAIL.safeParse(v).success, rule("email")) : s;
  if (r.pattern) {
    const re = new RegExp(r.pattern);
    out = out.refine((v) => v === "" || re.test(v as string), rule(r.patternKey ?? "format"));
  }
  return out;
}

/** Tags: `pattern` checks each tag (not the joined text) and `maxItems` caps how many there are. */
function tagSchema(field: FieldDef): z.ZodType {
  const r = field.rules ?? {};
  const s = z.string().trim();
  const re = r.pattern ? new RegExp(r.pattern) : null;
  return (r.required ? s.min(1) : s)
    .max(r.max ?? DEFAULT_MAX_LENGTH)
    .refine((v) => !re || splitTags(v).every((tag) => re.test(tag)), rule(r.patternKey ?? "format"))
    .refine((v) => r.maxItems === undefined || splitTags(v).length <= r.maxItems, rule("maxItems", { max: r.maxItems ?? 0 }));
}

function patterned(re: RegExp, key: string, required: boolean, day = false): z.ZodType {
  const s = z.string().trim();
  return (required ? s.min(1) : s).refine((v) => v === "" || (re.test(v) && (!day || isRealDay(v))), rule(key));
}

/** An empty input is "no value" (then `required` speaks), never the number 0 or NaN that coercion would make of it. */
const emptyToUndefined = (v: unknown) => (v === "" ? undefined : v);
const toNumber = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? Number(v) : emptyToUndefined(v));

const isRecordId = (v: unknown) => {
  const n = typeof v === "number" ? v : typeof v === "string" && /^\d{1,10}$/.test(v.trim()) ? Number(v) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= RECORD_ID_MAX;
};

/**
 * A value that names a record of `resource`: for an int-keyed one it must be a record id (else "invalid option"),
 * and it comes out as a number.
 */
function referenceTo<T extends z.ZodType>(source: OptionSource | undefined, base: T): T {
  if (source?.kind !== "resource") return base;
  // Looked up here rather than registered by the definitions' index when it loads: a bundle that tree-shakes the index
  // away (the package has no side effects) would otherwise parse every reference as text.
  const numeric = () => source.ids === true || (source.path === undefined && resourceDef(source.resource)?.keyType === "int");
  const empty = (v: unknown) => v === undefined || v === null || v === "";
  const asId = (v: unknown) => (isRecordId(v) ? Number(v) : v);
  return base
    .refine((v) => empty(v) || !numeric() || (Array.isArray(v) ? v.every(isRecordId) : isRecordId(v)), rule("option"))
    .transform((v) => (empty(v) || !numeric() ? v : Array.isArray(v) ? v.map(asId) : asId(v))) as unknown as T;
}

function numberSchema(field: FieldDef): z.ZodType {
  const r = field.rules ?? {};
  let s = z.number();
  if (r.integer || r.digits) s = s.int();
  // The digit count speaks before the range: 20260 is "6 digits", not "at least 202200".
  const digits = r.digits;
  if (digits) s = s.refine((v) => String(Math.trunc(Math.abs(v))).length === digits, rule("digits", { digits }));
  if (r.minValue !== undefined) s = s.min(r.minValue);
  if (r.maxValue !== undefined) s = s.max(r.maxValue);
  return z.preprocess(toNumber, s);
}

/** The zod type of one field's value, before optionality. Null when the field carries no value. */
export function fieldSchema(field: FieldDef): z.ZodType | null {
  if (PRESENTATIONAL_TYPES.has(field.type) || UPLOAD_TYPES.has(field.type) || field.readOnly === "always") return null;
  const required = Boolean(field.rules?.required);
  switch (field.type) {
    case "number":
    case "slider":
      return numberSchema(field);
    case "switch":
    case "checkbox":
      return z.boolean();
    case "date":
      return patterned(DATE_RE, "date", required, true);
    case "datetime":
      return patterned(DATETIME_RE, "datetime", required, true);
    case "time":
      return patterned(TIME_RE, "time", required);
    case "tag":
      return tagSchema(field);
    case "checkboxGroup":
      return required ? z.array(choiceValue()).min(1) : z.array(choiceValue());
    case "select":
    case "radio":
    case "radioGroup": {
      if (field.options?.kind === "values" && !field.multiple) {
        const allowed = field.options.values.map(String);
        const choice = choiceValue()
          .transform(String)
          .refine((v) => allowed.includes(v), rule("option"));
        return z.preprocess(emptyToUndefined, choice);
      }
      const source = field.options;
      // A list of its own (the location cascade, a catalogue) carries text codes: a number is no code of it.
      const codes = source?.kind === "resource" && source.path !== undefined && !source.ids;
      const one = codes ? z.string().max(100) : choiceValue();
      const many = z.array(one);
      const base = field.multiple ? (required ? many.min(1) : many) : required ? (codes ? z.string().min(1).max(100) : filledChoice()) : one;
      return referenceTo(source, base);
    }
    default:
      return textSchema(field);
  }
}

/**
 * The schema of a create or edit body, used by the server and by the form (react-hook-form's zodResolver).
 * Unknown fields are dropped; on edit a rich-text field sent as null means "unchanged" (spec 000 §7).
 */
export function recordSchema(def: ResourceDef, mode: "create" | "edit"): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const field of def.fields) {
    if (field.readOnly === "create" && mode === "edit") continue;
    // Files arrive through the upload call; an edit may only take an optional stored file away (null).
    if (UPLOAD_TYPES.has(field.type) && mode === "edit" && !field.rules?.required && !field.readOnly) shape[field.name] = z.null().optional();
    const base = fieldSchema(field);
    if (!base) continue;
    const required = Boolean(field.rules?.required);
    // On edit a field may be left out (unchanged), but a required one may not be emptied; a rich-text field sent
    // as null is unchanged too. An optional field left empty ("") is stored as no value.
    if (!required) shape[field.name] = z.preprocess((v) => (v === "" ? null : v), base.nullable().optional());
    else if (mode === "create") shape[field.name] = base;
    else shape[field.name] = field.type === "editor" ? base.nullable().optional() : base.optional();
  }
  return z.object(shape);
}

/** The body of an extra action: its dialog's fields (a file as base64 text) and the row's key under `rowKey`. */
export function actionSchema(action: ActionDef): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const field of action.fields ?? []) {
    const base = field.type === "file" ? z.string().min(1).max(FILE_DATA_MAX) : fieldSchema(field);
    if (!base) continue;
    shape[field.name] = field.rules?.required ? base : z.preprocess((v) => (v === "" ? null : v), base.nullable().optional());
  }
  if (action.rowKey) shape[action.rowKey] = z.coerce.number().int().positive();
  return z.object(shape);
}

export function findAction(def: ResourceDef, name: string): ActionDef {
  const action = def.extraActions?.find((a) => a.name === name);
  if (!action) throw new Error(`${def.id} has no action ${name}`);
  return action;
}

/** The query of `{resource}/get/`: paging, search, parent, pick/print, and the definition's filter fields. */
export function listQuerySchema(def: ResourceDef): z.ZodObject {
  const shape: Record<string, z.ZodType> = {
    PageSize: z.coerce.number().int().min(1).max(10_000).default(def.pageSize),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    filterBy: z.string().max(100).optional(),
    filter: z.string().max(200).optional(),
    parentId: z.preprocess(emptyToUndefined, referenceTo(def.parent && { kind: "resource", resource: def.parent.resource }, z.string().max(100)).optional()),
    pick: z.enum(["true", "false"]).optional(),
    print: z.enum(["true", "false"]).optional(),
    // `estimate`: how many of the estimated pages hold rows, without the rows (spec 000 §2.7).
    count: z.enum(["true", "false", "estimate"]).optional(),
  };
  for (const f of def.filters ?? []) {
    const flag = f.type === "switch" || f.type === "checkbox";
    const base = flag ? z.enum(["true", "false"]).transform((v) => v === "true") : fieldSchema({ ...f, rules: { ...f.rules, required: false } });
    if (base) shape[f.name] = z.preprocess((v) => (v === "" ? undefined : v), base.optional());
  }
  return z.object(shape);
}

export function labelKeyOf(def: Pick<ResourceDef, "id">) {
  return (field: string) => `resources.${def.id}.fields.${field}`;
}
