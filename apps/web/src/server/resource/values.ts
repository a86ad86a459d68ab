import { resourceDef, type FieldDef } from "@pizarra/contracts";
import { sanitizeRichText } from "./rich-text.ts";

/** Spec 000 §5 and §9: dates and times are shown and entered at a fixed UTC-5, stored in UTC. */
const OFFSET_MS = -5 * 60 * 60 * 1000;

const pad = (n: number) => String(n).padStart(2, "0");

/** A Date (UTC instant) → 'YYYY-MM-DD HH:mm' at UTC-5. */
export function formatDateTime(date: Date): string {
  const d = new Date(date.getTime() + OFFSET_MS);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** A calendar date stored as DATE (midnight UTC) → 'YYYY-MM-DD'. */
export function formatDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD HH:mm' at UTC-5 → the UTC instant. */
export function parseDateTime(text: string): Date {
  const [day, time] = text.split(" ");
  return new Date(new Date(`${day}T${time}:00Z`).getTime() - OFFSET_MS);
}

export function parseDate(text: string): Date {
  return new Date(`${text}T00:00:00Z`);
}

/** An API value of a field → the value stored by Prisma (empty text → null). */
export function toDb(field: FieldDef, value: unknown): unknown {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return value.map((v) => toDb(field, v));
  if (value === null || value === "") return null;
  switch (field.type) {
    case "date":
      return parseDate(String(value));
    case "datetime":
      return parseDateTime(String(value));
    case "number":
    case "slider":
      return Number(value);
    case "editor":
      // Rich text is cleaned before it is stored, whichever resource it belongs to.
      return sanitizeRichText(String(value)) || null;
    case "select":
    case "radio":
    case "radioGroup":
    case "checkboxGroup": {
      // A pick list carries the ids of its resource (integers unless keyed by text; a list of its own, such as the
      // location cascade's codes "07", keeps text); a fixed list keeps the type of its own values (status 10, gender "F").
      const source = field.options;
      const numeric =
        source?.kind === "resource"
          ? source.ids === true || (!source.path && resourceDef(source.resource)?.keyType !== "string")
          : typeof (source?.kind === "values" && source.values[0]) === "number";
      return numeric && /^-?\d+$/.test(String(value)) ? Number(value) : value;
    }
    default:
      return value;
  }
}

/** A stored value → its API form. */
export function fromDb(field: FieldDef | undefined, value: unknown): unknown {
  if (value instanceof Date) return field?.type === "date" ? formatDate(value) : formatDateTime(value);
  if (typeof value === "bigint") return Number(value);
  if (value !== null && typeof value === "object" && "toFixed" in value) return Number(value);
  return value;
}
