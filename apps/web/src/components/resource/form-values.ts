import { PRESENTATIONAL_TYPES, UPLOAD_TYPES, type FieldDef, type ResourceDef } from "@pizarra/contracts";
import { initialUpload, isUploadValue } from "./upload-files.ts";
import type { FieldValues } from "react-hook-form";

/** What an empty control holds: the schema reads "" as "no value" (and `required` speaks), flags as false. */
export function emptyValue(field: FieldDef): unknown {
  switch (field.type) {
    case "switch":
    case "checkbox":
      return false;
    case "checkboxGroup":
      return [];
    case "select":
      return field.multiple ? [] : "";
    case "image":
    case "file":
    case "dropzone":
      return initialUpload(null, field);
    default:
      return "";
  }
}

/** Fields that hold a value in the form (presentational ones say something but hold nothing). */
export const valueFields = (def: ResourceDef) => def.fields.filter((f) => !PRESENTATIONAL_TYPES.has(f.type));

/** The form's starting values: the record's (edit), else the definition's defaults; `fixed` wins (a sub-grid's parent). */
export function initialValues(def: ResourceDef, record: Record<string, unknown> | null, fixed: Record<string, unknown> = {}): FieldValues {
  const values: FieldValues = {};
  for (const field of valueFields(def)) {
    if (UPLOAD_TYPES.has(field.type)) {
      // The stored file is shown by its signed link; a chosen one is uploaded after the save (upload-files.ts).
      values[field.name] = initialUpload(record, field);
      continue;
    }
    const raw = record ? record[field.name] : field.default;
    values[field.name] = raw ?? emptyValue(field);
  }
  for (const [name, value] of Object.entries(fixed)) if (name in values) values[name] = value;
  return values;
}

/**
 * Before validation: an optional number left empty is null (no value), not "" that the number schema would refuse as
 * not a number; a file field is null when its stored file is taken away and absent otherwise (files go up after).
 */
export function prepareValues(def: ResourceDef, values: FieldValues): FieldValues {
  const out: FieldValues = { ...values };
  for (const field of def.fields) {
    if ((field.type === "number" || field.type === "slider") && !field.rules?.required && out[field.name] === "") out[field.name] = null;
    if (UPLOAD_TYPES.has(field.type)) {
      const value: unknown = out[field.name];
      if (isUploadValue(value) && value.cleared && value.files.length === 0) out[field.name] = null;
      else delete out[field.name];
    }
  }
  return out;
}

/** The body of create/edit: the validated values; on edit an unchanged rich-text field goes as null (spec 000 §7). */
export function requestBody(def: ResourceDef, mode: "create" | "edit", values: FieldValues, initial: FieldValues): FieldValues {
  const body: FieldValues = { ...values };
  if (mode === "edit") {
    for (const field of def.fields) if (field.type === "editor" && (values[field.name] ?? "") === (initial[field.name] ?? "")) body[field.name] = null;
  }
  return body;
}
