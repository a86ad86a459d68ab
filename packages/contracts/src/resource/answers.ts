import { z } from "zod";
import { ZPage } from "../envelope.ts";
import { PRESENTATIONAL_TYPES, type ResourceDef, UPLOAD_TYPES } from "./types.ts";

/**
 * The answers of a resource's generic calls (spec 000 §7), built from its definition: a row names what the screen
 * shows of it (its form's fields, its list's columns, its pick list's parts, the row fields its actions and polling
 * read, each file field's link) and nothing else, so a column a server reads for its own use, or a password field,
 * never leaves it.
 */

/** A value as a row carries it: text, a number, a flag, nothing, or a multi-select's codes or ids. */
export const ZFieldValue = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.union([z.string(), z.number()]))]);

/** A record's key: an integer id, or the text key of a resource keyed by text (a module, a period's code). */
const ZRecordKey = z.union([z.number().int(), z.string()]);

/** The names a row of `def` may carry, as listed above, the pick list's first (000 §2.8 orders them ID, name, img, desc). */
function rowFieldNames(def: ResourceDef): Set<string> {
  const names = new Set<string>(["ID", ...def.pick.name]);
  for (const name of [def.pick.img, def.pick.desc]) if (name) names.add(name);
  for (const field of def.fields) {
    if (PRESENTATIONAL_TYPES.has(field.type)) continue;
    names.add(field.name);
    if (UPLOAD_TYPES.has(field.type)) names.add(`${field.name}Url`);
  }
  for (const column of def.columns) names.add(column.field);
  for (const name of [def.liveWhile?.field, def.parent?.field]) if (name) names.add(name);
  for (const action of def.extraActions ?? [])
    for (const field of "link" in action && action.link ? Object.values(action.link.params) : []) names.add(field as string);
  return names;
}

/** A secret a form takes but never shows (a password, an API key): a row may only say it is not given. */
const ZNeverShown = z.null().optional();

/**
 * One row of `def` (`{resource}/get/{id}`, and each row of its list); `shows` names, with their schemas, what the
 * server adds to a row beyond its definition (a template's tags, an appointment's participants).
 */
export function resourceRowAnswer(def: ResourceDef, shows: z.ZodRawShape = {}) {
  const secret = new Set(def.fields.filter((f) => f.type === "password").map((f) => f.name));
  const named = [...rowFieldNames(def)].map((name) => [name, secret.has(name) ? ZNeverShown : ZFieldValue.optional()]);
  // A pick list's rows carry none of what the server adds, so every name is optional as the definition's are.
  const added = Object.entries(shows).map(([name, schema]) => [name, z.optional(schema)]);
  return z.object(Object.fromEntries([...named, ...added]));
}

/**
 * A page of `def`'s list: its rows, or a pick list's (ID, name, img, desc: 000 §2.8), or a print's every row. One
 * schema for all of them, since the query says which: a pick row's four names join the row's.
 */
export function resourceListAnswer(def: ResourceDef, shows: z.ZodRawShape = {}) {
  return ZPage(
    z.object({
      ID: ZFieldValue.optional(),
      name: ZFieldValue.optional(),
      img: ZFieldValue.optional(),
      desc: ZFieldValue.optional(),
      ...resourceRowAnswer(def, shows).shape,
    }),
  );
}

/** A save's answer: the record's key (null for a trial's new one, never kept) and what the resource says of it. */
export const ZSavedAnswer = z.object({ ID: ZRecordKey.nullable() });

/** A file stored for a record's field: the field, the stored key and its signed link. */
export const ZUploadAnswer = z.object({ name: z.string(), value: z.string(), url: z.string().nullable() });
export type TUploadAnswer = z.output<typeof ZUploadAnswer>;

/** `{resource}/importAttach`: the lines read, and those created (`dryRun=true`: what an import would do, nothing written). */
export const ZImportAnswer = z.object({ rows: z.number().int(), created: z.number().int().optional(), dryRun: z.boolean().optional() });
export type TImportAnswer = z.output<typeof ZImportAnswer>;
