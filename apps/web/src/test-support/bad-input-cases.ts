import { recordSchema, resourceDef } from "@pizarra/contracts";
import type { z } from "zod";
import type { Route } from "../server/http/route.ts";

/** The shape of a value as the bad-input generator sees it, read from a zod 4 schema's `def`. */
export type Kind = "string" | "number" | "boolean" | "enum" | "array" | "object" | "other";

export interface FieldInfo {
  name: string;
  kind: Kind;
  required: boolean;
  options: unknown[];
  /** A text field that takes a day ('YYYY-MM-DD') or a day and time ('YYYY-MM-DD HH:mm'), found by what it accepts. */
  calendar: "date" | "datetime" | null;
}

/** One malformed request: `path` is relative to /api and carries the query; `rawBody` is sent as is. */
export interface BadCase {
  what: string;
  path: string;
  body?: unknown;
  rawBody?: string;
  /** The one answer this input must get: its HTTP status and, for a 422, the field it must name. */
  expect?: { http: number; field?: string };
}

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  getter?: () => z.ZodType;
  options?: z.ZodType[];
  shape?: Record<string, z.ZodType>;
  entries?: Record<string, unknown>;
  values?: unknown[];
}

/** The schema under its wrappers (optional, nullable, default, catch, readonly, lazy, the input side of a pipe). */
function coreDef(schema: z.ZodType): Def {
  const def = schema.def as unknown as Def;
  if (def.innerType) return coreDef(def.innerType);
  if (def.type === "pipe") return coreDef(def.in!);
  if (def.type === "lazy") return coreDef(def.getter!());
  return def;
}

function kindOf(def: Def): Kind {
  if (def.type === "union") return kindOf(coreDef(def.options![0]!));
  if (def.type === "enum" || def.type === "literal") return "enum";
  const plain: Kind[] = ["string", "number", "boolean", "array", "object"];
  return plain.find((k) => k === def.type) ?? "other";
}

function optionsOf(def: Def): unknown[] {
  if (def.type === "union") return optionsOf(coreDef(def.options![0]!));
  return def.entries ? Object.values(def.entries) : (def.values ?? []);
}

/** The fields of an object schema (none for anything else). */
export function fieldsOf(schema: z.ZodType | undefined): FieldInfo[] {
  const def = schema ? coreDef(schema) : null;
  if (!def?.shape) return [];
  return Object.entries(def.shape).map(([name, field]) => {
    const core = coreDef(field);
    const takes = (text: string) => field.safeParse(text).success;
    // A field that takes a real day but not a month 99 reads days (a file name or a password takes both).
    const calendar = takes("2026-03-01") && !takes("2026-99-01") ? "date" : takes("2026-03-01 10:00") && !takes("2026-99-01 10:00") ? "datetime" : null;
    return { name, kind: kindOf(core), required: !field.safeParse(undefined).success, options: optionsOf(core), calendar };
  });
}

/** The resource a generic-engine route belongs to (`admStudent/edit/{id}` → admStudent), if any. */
export function resourceOf(route: Route): string | null {
  const match = /^(.+?)\/(get|create|edit|delete)(\/\{id\})?$/.exec(route.path) ?? /^(.+)\/[A-Za-z0-9]+$/.exec(route.path);
  return match && resourceDef(match[1]!) ? match[1]! : null;
}

/** The body's fields: the route's schema, or the resource's record schema where the route takes any record. */
function bodyFields(route: Route): FieldInfo[] {
  const resource = resourceOf(route);
  if (resource && /\/(create|edit\/\{id\})$/.test(route.path))
    return fieldsOf(recordSchema(resourceDef(resource)!, route.path.endsWith("create") ? "create" : "edit"));
  return fieldsOf(route.body);
}

const HUGE = "a".repeat(1_000_000);
export const PAYLOADS: Record<string, string> = {
  sql: "' OR 1=1 --",
  drop: `'; DROP TABLE "User"; --`,
  html: `<script>alert(1)</script><img src=x onerror=alert(1)>`,
  unicode: "👩‍👩‍👧 مرحبا \u202Egnp.exe Z̴̡͝a̷l̸g̵o ﷽",
  control: "a\u0000b\u0001\u001b[31m\u007f\r\n\t",
};
const NUMBERS: unknown[] = [-1, 0, 2 ** 31, 1e308, "NaN"];
const WRONG: Record<Kind, unknown[]> = {
  string: [123, { a: 1 }, ["x"], true, null],
  number: ["abc", { a: 1 }, [1], true, null, "NaN", 1e308],
  boolean: ["yes", 2, { a: 1 }, null, []],
  enum: ["zzz", 7, null, ["x"]],
  array: ["x", { a: 1 }, 1, [null, { a: [] }], null],
  object: ["x", [], 1, null],
  other: [{ a: 1 }, [], "x", -1],
};
const QUERY_BAD: Record<Kind, string[]> = {
  string: [...Object.values(PAYLOADS), "%00", ""],
  number: ["-1", "2147483648", "1e308", "NaN", "abc", "0", "1.5", "99999999999"],
  boolean: ["maybe", "2", ""],
  enum: ["zzz", "", "<b>"],
  array: ["x", "[object Object]"],
  object: ["{", "x"],
  other: ["abc", "-1"],
};
const PATH_BAD = ["abc", "-1", "99999999999", "../etc/passwd", "1e308", " ", "%"];
/** Days that fit the pattern but do not exist (each would roll over into another), and an hour that does not exist. */
const IMPOSSIBLE_DAYS = ["2026-02-30", "2026-13-01", "2025-02-29", "2026-04-31"];
const impossible = (field: FieldInfo, n: number) =>
  field.calendar === "date" ? pick(IMPOSSIBLE_DAYS, n) : n % 5 === 4 ? "2026-03-01 25:00" : `${pick(IMPOSSIBLE_DAYS, n)} 10:00`;
/** JSON nested far deeper than any call takes: cheap to send, costly to walk. */
const DEEP_JSON = `${'{"a":'.repeat(3_000)}1${"}".repeat(3_000)}`;

// Files: bytes that lie about their type, and a payload over the 10 MB limit of an upload.
const EXE = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00", "latin1"), Buffer.alloc(200, 7)]).toString("base64");
const SVG = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`).toString("base64");
const OVERSIZED = Buffer.alloc(10 * 1024 * 1024 + 1, 0x41).toString("base64");

const pick = <T>(list: T[], n: number): T => list[n % list.length]!;
/** At most `count` of the list, a window that moves with the route's index so that the routes share the work. */
const sample = <T>(list: T[], count: number, salt: number): T[] =>
  list.length <= count ? list : Array.from({ length: count }, (_, i) => pick(list, salt + i));
const FIELDS_PER_ROUTE = 4;
const PER_CLASS = 3;

function plausible(field: FieldInfo, sampleId: string | null): unknown {
  if (field.name === "id" && sampleId) return sampleId;
  return { string: "1", number: 1, boolean: false, enum: field.options[0], array: [], object: {}, other: undefined }[field.kind];
}

function queryString(values: Record<string, unknown>): string {
  const entries = Object.entries(values).filter(([, v]) => v !== undefined);
  return entries.length ? `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString()}` : "";
}

/**
 * The malformed requests for one route, generated from its zod schemas (or its resource's record schema). Every kind
 * of bad input that fits the route is sent (path, query, body shape, wrong types, payloads, numbers, files), each as
 * a sample of a few fields and values; which ones rotates with `salt` (the route's index), so that the routes share
 * the whole list. `sampleId` is a real record of the route's resource, so that body and upload checks are reached past
 * "not found".
 */
export function badCases(route: Route, salt: number, sampleId: string | null): BadCase[] {
  const paramNames = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const at = (params: Record<string, string>) => route.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name]!);
  const realId = route.path.includes("/delete/") ? null : sampleId;
  const basePath = at(Object.fromEntries(paramNames.map((p) => [p, p === "id" && realId ? realId : "1"])));
  const queryFields = fieldsOf(route.query);
  const baseQuery = Object.fromEntries(queryFields.filter((f) => f.required).map((f) => [f.name, plausible(f, realId)]));
  const withQuery = (values: Record<string, unknown>) => `${basePath}${queryString({ ...baseQuery, ...values })}`;
  const base = withQuery({});
  const cases: BadCase[] = [];

  for (const bad of sample(PATH_BAD, 4, salt)) {
    if (paramNames.length === 0) break;
    const value = bad === "%" ? bad : encodeURIComponent(bad);
    cases.push({ what: `path params = ${JSON.stringify(bad)}`, path: `${at(Object.fromEntries(paramNames.map((p) => [p, value])))}${queryString(baseQuery)}` });
  }

  sample(queryFields, FIELDS_PER_ROUTE, salt).forEach((field, i) => {
    const value = pick(QUERY_BAD[field.kind], salt + i);
    cases.push({ what: `query ${field.name} = ${JSON.stringify(value)}`, path: withQuery({ [field.name]: value }) });
  });
  queryFields
    .filter((f) => f.calendar)
    .forEach((field, i) => {
      const value = impossible(field, salt + i);
      cases.push({
        what: `query ${field.name} = impossible ${JSON.stringify(value)}`,
        path: withQuery({ [field.name]: value }),
        expect: { http: 422, field: field.name },
      });
    });
  if (queryFields.length === 0) cases.push({ what: "unexpected query", path: `${basePath}?id=abc&PageSize=-1&filter=${encodeURIComponent(PAYLOADS.sql!)}` });
  const stringQuery = queryFields.filter((f) => f.kind === "string");
  if (stringQuery.length)
    cases.push({ what: "query strings of 1 MB", path: withQuery(Object.fromEntries(stringQuery.slice(0, 1).map((f) => [f.name, HUGE]))) });
  cases.push({ what: "unknown query field", path: withQuery({ zzUnknown: PAYLOADS.html }) });

  if (route.method === "GET") return cases;

  const fields = bodyFields(route);
  const baseBody = Object.fromEntries(fields.filter((f) => f.required).map((f) => [f.name, plausible(f, null)]));
  const bodyCase = (what: string, values: Record<string, unknown>) => cases.push({ what, path: base, body: { ...baseBody, ...values } });

  const notObjects: BadCase[] = [
    { what: "malformed JSON", path: base, rawBody: "{" },
    { what: "prototype keys", path: base, rawBody: `{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}` },
    ...[[], "x", 42, null].map((body) => ({ what: `body ${JSON.stringify(body)}`, path: base, body })),
  ];
  cases.push(...sample(notObjects, PER_CLASS, salt));
  cases.push({ what: "JSON nested 3,000 levels deep", path: base, rawBody: DEEP_JSON, expect: { http: 400 } });
  cases.push({ what: "empty object (required fields missing)", path: base, body: {} });
  sample(fields, FIELDS_PER_ROUTE, salt).forEach((field, i) => {
    bodyCase(`body ${field.name} of a wrong type`, { [field.name]: pick(WRONG[field.kind], salt + i) });
  });

  const strings = fields.filter((f) => f.kind === "string");
  for (const [name, payload] of sample(Object.entries(PAYLOADS), PER_CLASS, salt)) {
    if (strings.length) bodyCase(`body strings: ${name}`, Object.fromEntries(strings.map((f) => [f.name, payload])));
  }
  if (strings.length) bodyCase("body string of 1 MB", { [pick(strings, salt).name]: HUGE });
  const numbers = fields.filter((f) => f.kind === "number");
  for (const value of sample(NUMBERS, PER_CLASS, salt)) {
    if (numbers.length) bodyCase(`body numbers = ${JSON.stringify(value)}`, Object.fromEntries(numbers.map((f) => [f.name, value])));
  }
  fields
    .filter((f) => f.calendar)
    .forEach((field, i) => {
      const value = impossible(field, salt + i);
      cases.push({
        what: `body ${field.name} = impossible ${JSON.stringify(value)}`,
        path: base,
        body: { ...baseBody, [field.name]: value },
        expect: { http: 422, field: field.name },
      });
    });
  bodyCase("unknown body field", { zzUnknown: PAYLOADS.html, ID: -1, tenantId: 1 });
  if (fields.length === 0) cases.push({ what: "unexpected body", path: base, body: { id: "abc", data: "%%%", grades: [{ x: null }] } });

  if (fields.some((f) => f.name === "data" && f.kind === "string")) {
    const name = `${route.path.split("/").at(-1)}.png`;
    bodyCase("data not base64", { name, data: "%%% not base64 %%%" });
    bodyCase("an .exe named .png", { name, data: EXE });
    bodyCase("an svg where a png is expected", { name, data: SVG });
    // The 10 MB payload goes to one data route in four, to keep the run short.
    if (salt % 4 === 0) bodyCase("a 10 MB file", { name, data: OVERSIZED });
  }
  return cases;
}
