import { PRESENTATIONAL_TYPES, UPLOAD_TYPES, type FieldDef } from "@pizarra/contracts";
import { forTenant, type Db } from "@pizarra/db";
import JSZip from "jszip";
import { extractText, getDocumentProxy } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import type { Route } from "../http/route.ts";
import { ROUTES } from "../routes.ts";
import { fullName } from "../resource/display.ts";
import { importableFields } from "../resource/import-fields.ts";
import { RESOURCE_SERVERS } from "../resources.ts";
import { apiHarness } from "../../test-support/harness.ts";
import { readXlsx } from "../../test-support/read-xlsx.ts";
import { changedTables, demoTenants, fillPath, resourceOf, routeName, snapshot, tenantTables } from "../../test-support/route-samples.ts";

/**
 * Northside's administrator (full rights there) aims every route of the table at Colegio Demo's
 * records — in path parameters, query filters and bodies — and nothing of Colegio Demo may come back (row ids of the
 * referenced model, names, any text only Colegio Demo holds; in JSON, .xlsx, PDF and zip answers) or change (every
 * tenant-owned table of Colegio Demo checksummed before and after).
 */
const api = apiHarness({ school: true });
type Row = Record<string, unknown>;

/** Routes the matrix does not aim, each with why. */
const NOT_AIMED: Record<string, string> = {
  "GET health": "public, no school data",
  "GET ready": "public, no school data",
  "POST admStaff/login": "public sign-in: the credentials decide the school",
  "POST user/login": "public sign-in: the credentials decide the school",
  // Northside's administrator is also Colegio Demo's, so switching there is right; session.test.ts refuses a non-member.
  "GET admStaff/tenants/{id}/menu": "switching school: membership decides, tested in session.test.ts",
  "POST admStaff/logout": "ends the caller's own session: there is no record to aim at (auth/sessions.test.ts)",
  "GET justify/{token}": "public: the signed link names its school and student; a tampered or bent one is refused (attendance.test.ts)",
  "POST justify/{token}": "public: the signed link names its school and student; a tampered or bent one is refused (attendance.test.ts)",
  "GET unsubscribe/{token}": "public: the signed link names its school and person; a tampered or bent one is refused (channels/mail.test.ts)",
  "POST unsubscribe/{token}": "public: the signed link names its school and person; a tampered or bent one is refused (channels/mail.test.ts)",
  "GET pay/{token}": "public: the signed pay link names its school and order; a tampered one is refused (billing/reminders.test.ts)",
  "GET user/invite/{token}": "public: the signed link names its school and account; a tampered or bent one is refused (invitations/first-hour.test.ts)",
  "POST user/invite/{token}": "public: the signed link names its school and account; a tampered or bent one is refused (invitations/first-hour.test.ts)",
  "GET statement/{token}": "public: the signed link names its school and guardian; a tampered, expired or foreign one is refused (billing/statement.test.ts)",
  "GET statement/{token}/pdf":
    "public: the signed link names its school and guardian; a tampered, expired or foreign one is refused (billing/statement.test.ts)",
  "POST statement/{token}/pay/{orderId}":
    "public: the signed link names its school and guardian; a tampered, expired or foreign one is refused (billing/statement.test.ts)",
};

/** Names of references (fields, filters, parameters) → the resource whose record they point at. */
const REFERENCES: Record<string, string> = {
  periodId: "admPeriod",
  sectionId: "admSection",
  sectionIds: "admSection",
  fromSectionId: "admSection",
  superSectionId: "admSuperSection",
  supersectionId: "admSuperSection",
  studentId: "admStudent",
  studentIds: "admStudent",
  userId: "admStudent",
  userIds: "admStudent",
  ids: "admStudent",
  masterId: "admStaff",
  owner: "admStaff",
  superowner: "admStaff",
  principalUserIds: "admStaff",
  activityId: "admSubject",
  activityPartId: "admActivityParts",
  conceptId: "admEvalConcept",
  groupId: "admGroup",
  idsList: "admStudent",
  userRead: "admGroup",
  userEdit: "admGroup",
  categoryId: "admCategory",
  resourceId: "admResource",
  fetchId: "admFetch",
  fectchId: "admFetch",
  inputId: "admFetchInput",
  item1Id: "admFetchInput",
  item2Id: "admFetchInput",
  symptomId: "admInfirmaryValues",
  trackingId: "admTracking",
  publicationId: "admPublication",
  orderId: "admOrder",
  sessionId: "attendanceRegister",
  partId: "admActivityParts",
  attendanceTypeId: "admAttendanceType",
  typeId: "admAttendanceType",
  relativeId: "admRelatives",
  guardianId: "admRelatives",
};
/** Id-like names that hold no record of a school: codes typed by people, a new key, a module name. */
// whatsappPhoneNumberId is Meta's id of a school's number, no record of ours (company.test refuses one another school holds).
const NOT_REFERENCES = new Set([
  "externalId",
  "natId",
  "easyId",
  "useExternalIds",
  "newId",
  "moduleId",
  "ID",
  "templateId",
  "refId",
  "recordId",
  "whatsappPhoneNumberId",
]);
/** Option lists served by a call of their own, by path → the resource their ids belong to. */
const OPTION_PATHS: Record<string, string> = { "me/family": "admStudent", "admNotification/objects": "admStudent" };
/** Option lists whose values are the same in every school (module ids). */
const SHARED_OPTIONS = new Set(["admModule"]);

const idLike = (name: string) => name in REFERENCES || /(^id|Id|ID|Ids)$/.test(name) || name === "ids" || name === "owner";

/** Parameters that are not a resource's `{id}`, by route path and name. */
const PARAMS: Record<string, (s: Samples, param: string) => string | number> = {
  "files/{tenant}/{resource}/{record}/{file}": (s, p) =>
    ({ tenant: `t${s.tenant}`, resource: "admStudent", record: s.id("admStudent"), file: "face-0123456789abcdef.png" })[p]!,
  "admModule/get/{id}": () => "admStudent",
  "admModule/edit/{id}": () => "admStudent",
  "admUser/group/{id}": (s) => s.id("admGroup"),
  "general/getlist/{type}": (s) => s.catalogueType,
  "admBookingList/confirm/{id}": (s) => s.id("admBookingList"),
  "admNotification/schedule/{id}": (s) => s.id("admNotification"),
  "admNotification/{id}/messages": (s) => s.id("admNotification"),
  "admNotification/{id}/retry": (s) => s.id("admNotification"),
  "admNotification/{id}/pause": (s) => s.id("admNotification"),
  "admNotification/{id}/resume": (s) => s.id("admNotification"),
  "admActivity/month/{n}": () => 0,
  "admEvalConcept/move/{id}": (s) => s.id("admEvalConcept"),
  "admGrades/getByStudent/{id}": (s) => s.id("admStudent"),
  "grades/pdfreport/{year}/{id}": (s, p) => (p === "year" ? 2026 : s.id("admStudent")),
  "grades/memo/{periodId}/{id}": (s, p) => (p === "periodId" ? s.id("admPeriod") : s.id("admStudent")),
  "admPeriod/clone/{id}": (s) => s.id("admPeriod"),
  "admStaff/invite/{id}": (s) => s.id("admStaff"),
  "admAttendance/summary/{userId}": (s) => s.id("admStudent"),
  "admAttendance/{part}/sessions": (s) => s.id("admActivityParts"),
  "admAttendance/{part}/sessions/{id}/list": (s, p) => (p === "part" ? 0 : s.id("attendanceRegister")),
  "admAttendance/session/{id}/init": (s) => s.id("attendanceRegister"),
  "admAttendance/session/{id}/status": (s) => s.id("attendanceRegister"),
  "admAttendance/session/{id}/comment": (s) => s.id("attendanceRegister"),
  "admAttendance/0/justifications/{id}": (s) => s.id("justification"),
  "admJustification/get/{id}": (s) => s.id("justification"),
  "admJustification/edit/{id}": (s) => s.id("justification"),
  "admJustification/delete/{id}": (s) => s.id("justification"),
  "admStudent/family/{id}": (s) => s.id("admStudent"),
  "admStudent/family/{id}/link": (s) => s.id("admStudent"),
  "admStudent/family/{id}/new": (s) => s.id("admStudent"),
  "admStudent/family/{id}/edit/{relativeId}": (s, p) => (p === "id" ? s.id("admStudent") : s.id("admRelatives")),
  "admStudent/family/{id}/end/{relativeId}": (s, p) => (p === "id" ? s.id("admStudent") : s.id("admRelatives")),
  "admRelatives/children/{id}": (s) => s.id("admRelatives"),
  "admBilling/setpaymentbyorder/{id}": (s) => s.id("admOrder"),
  "admBilling/refundbyorder/{id}": (s) => s.id("admOrder"),
  "admBilling/receipt/{orderId}/{bool}": (s, p) => (p === "orderId" ? s.id("admOrder") : "true"),
  "admOrder/request2pay/{id}": (s) => s.id("admOrder"),
  "admBilling/payers/{id}": (s) => s.id("admStudent"),
  "admBilling/statement/{id}": (s) => s.id("admRelatives"),
  "admBilling/statement/{id}/link": (s) => s.id("admRelatives"),
  "admOrder/sendpaylink/{id}": (s) => s.id("admOrder"),
  "admBilling/automaticCharge/{date}": () => "2026-12-31",
  "admBilling/cardOnFile/{guardianId}": (s) => s.id("admRelatives"),
  "admBilling/cardOnFile/{guardianId}/remove": (s) => s.id("admRelatives"),
  ...Object.fromEntries(
    ["get/{id}", "{id}/messages", "{id}/templates", "{id}/takeover", "{id}/close", "{id}/reopen", "{id}/assign", "{id}/link", "{id}/translate"].map((p) => [
      `admConversations/${p}`,
      (s: Samples) => s.id("conversation"),
    ]),
  ),
};
/** A query's `id` on a call that is not a resource's: the record it names. */
const QUERY_IDS: Record<string, string> = { "admJustification/file": "justification" };

/** Calls that read their query inside the handler (the grade screen's header and final sheets): the sheet's filters. */
const SHEET_QUERY = ["periodId", "sectionId", "activityId", "activityPartId"];
const HANDLER_QUERIES: Record<string, string[]> = {
  "GET admEvalConcept/getHeader": SHEET_QUERY,
  "GET admEvalConcept/getHeaderFinal": SHEET_QUERY,
  "GET admEvalConcept/getHeaderFinal/behavior": SHEET_QUERY,
  "GET admGrades/getFinal": SHEET_QUERY,
  "GET admGrades/exportFinal": SHEET_QUERY,
};
/** Bodies the handler parses itself, or whose fields the generator cannot guess. */
const BODIES: Record<string, (s: Samples) => unknown> = {
  "POST admFetchInput/swapOrder": (s) => ({ item1Id: s.id("admFetchInput"), direction: "down" }),
  "POST admEvalConcept/move/{id}": () => ({ direction: "up" }),
  "POST admModule/edit/{id}": (s) => ({ name: "Alumnos", desc: "Alumnos", sort: 10, userRead: [s.id("admGroup")], userEdit: [s.id("admGroup")] }),
  "POST admConversations/{id}/messages": () => ({ type: "text", msg: "Respuesta de otro colegio" }),
  "POST admBilling/setpaymentbyorder/{id}": () => ({ total: "1.00", note: "Pago de otro colegio" }),
  "POST admBilling/refundbyorder/{id}": () => ({ note: "Devolución de otro colegio" }),
  "POST admBilling/payers/{id}": (s) => ({ payers: [{ relativeId: s.id("admRelatives"), percent: 60 }] }),
};
const cells = (s: Samples) => ({ grades: [{ conceptId: s.id("admEvalConcept"), studentId: s.id("admStudent"), gradeNum: 15 }] });
for (const path of ["admGrades", "admGrades/behavior", "admGrades/master"]) BODIES[`POST ${path}`] = cells;
// A register's marks and comments are lists of students.
BODIES["POST admAttendance/session/{id}/status"] = (s) => [{ userId: s.id("admStudent"), status: 3 }];
BODIES["POST admAttendance/session/{id}/comment"] = (s) => [{ userId: s.id("admStudent"), comment: "Observación del colegio" }];

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]).toString("base64");

/** Colegio Demo's records to aim at: one id per resource (those of one graded cell where they are related). */
interface Samples {
  tenant: number;
  catalogueType: string;
  /** Resources aimed at that Colegio Demo holds no record of (their probes aim at nothing). */
  missing: Set<string>;
  id(resource: string): number | string;
}

/** What only Colegio Demo holds: its text values and people's names, and its ids per model that Northside does not have. */
interface Fingerprints {
  strings: Set<string>;
  /** Longer texts, looked for inside the text of a PDF or a file. */
  phrases: string[];
  ids: Map<string, Set<string>>;
}

/** Distinct text values of a school's tenant-owned tables (every text column), and its people's full names. */
async function textsOf(db: Db, tenantId: number, tables: string[]): Promise<Set<string>> {
  const texts = new Set<string>();
  for (const table of tables) {
    const columns = await db.$queryRaw<{ column_name: string }[]>`
      SELECT column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = ${table} AND data_type IN ('text', 'character varying')`;
    if (columns.length === 0) continue;
    const list = columns.map((c) => `t."${c.column_name}"`).join(", ");
    const rows = await db.$queryRawUnsafe<{ v: string }[]>(`SELECT DISTINCT unnest(ARRAY[${list}]) AS v FROM "${table}" t WHERE t."tenantId" = $1`, tenantId);
    for (const { v } of rows) if (v) texts.add(v);
  }
  const people = await db.user.findMany({ where: { tenantId }, select: { name: true, last: true, last2: true } });
  for (const p of people) texts.add(fullName(p)).add([p.name, p.last].filter(Boolean).join(" "));
  return texts;
}

async function idsOf(db: Db, model: string, tenantId: number): Promise<Set<string>> {
  const table = model[0]!.toUpperCase() + model.slice(1);
  const rows = await db.$queryRawUnsafe<{ id: unknown }[]>(`SELECT id FROM "${table}" WHERE "tenantId" = $1`, tenantId);
  return new Set(rows.map((r) => String(r.id)));
}

async function fingerprints(db: Db, a: number, b: number): Promise<Fingerprints> {
  const tables = await tenantTables(db);
  const [mine, theirs] = await Promise.all([textsOf(db, a, tables), textsOf(db, b, tables)]);
  // Short values (codes, grades, "A") and dates say nothing about whose row it is, nor a code of a fixed option list
  // (a flow input's type "document"): the product's vocabulary, which a template's own text may name.
  const vocabulary = new Set(
    RESOURCE_SERVERS.flatMap((server) => [...server.def.fields, ...(server.def.filters ?? [])]).flatMap((f) =>
      f.options?.kind === "values" ? f.options.values.map(String) : [],
    ),
  );
  const strings = new Set([...mine].filter((v) => !theirs.has(v) && !vocabulary.has(v) && v.length >= 5 && !/^[\d\s:.,/T+-]+$/.test(v)));
  const ids = new Map<string, Set<string>>();
  for (const model of new Set(RESOURCE_SERVERS.map((s) => s.model))) {
    const [ofA, ofB] = await Promise.all([idsOf(db, model, a), idsOf(db, model, b)]);
    ids.set(model, new Set([...ofA].filter((id) => !ofB.has(id))));
  }
  return { strings, phrases: [...strings].filter((v) => v.length >= 8), ids };
}

/**
 * Northside's reference columns (by the names REFERENCES knows, arrays unnested) that hold an id of a Colegio Demo
 * record: what a write accepted from a foreign id leaves behind, found in the tables whatever a read would show.
 */
async function foreignReferences(db: Db, b: number, fp: Fingerprints): Promise<string[]> {
  const columns = await db.$queryRawUnsafe<{ tbl: string; col: string; arr: boolean }[]>(
    `SELECT c.table_name AS tbl, c.column_name AS col, c.data_type = 'ARRAY' AS arr FROM information_schema.columns c
      WHERE c.table_schema = current_schema() AND c.column_name = ANY($1::text[])
        AND EXISTS (SELECT 1 FROM information_schema.columns t WHERE t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.column_name = 'tenantId')`,
    Object.keys(REFERENCES),
  );
  const found: string[] = [];
  for (const { tbl, col, arr } of columns) {
    const model = RESOURCE_SERVERS.find((r) => r.def.id === REFERENCES[col])?.model;
    const values = await db.$queryRawUnsafe<{ v: unknown }[]>(
      `SELECT DISTINCT ${arr ? `unnest("${col}")` : `"${col}"`} AS v FROM "${tbl}" WHERE "tenantId" = $1`,
      b,
    );
    for (const { v } of values)
      if (model && v !== null && fp.ids.get(model)?.has(String(v))) found.push(`${tbl}.${col} = ${String(v)} (a ${model} of Colegio Demo)`);
  }
  return found;
}

/** The first record of each resource in a school. */
async function firstIds(db: Db, tenant: number): Promise<Map<string, number | string>> {
  const ids = new Map<string, number | string>();
  for (const server of RESOURCE_SERVERS) {
    const delegate = (db as unknown as Record<string, { findFirst(args: object): Promise<{ id: number | string } | null> }>)[server.model]!;
    const row = await delegate.findFirst({ where: { AND: [server.scope?.where ?? {}, { tenantId: tenant }] }, orderBy: { id: "asc" }, select: { id: true } });
    if (row) ids.set(server.def.id, row.id);
  }
  return ids;
}

async function samplesOf(db: Db, tenant: number): Promise<Samples> {
  const grade = await db.grade.findFirstOrThrow({
    where: { tenantId: tenant, concept: { activityId: { not: null } } },
    orderBy: { id: "asc" },
    include: { concept: true },
  });
  const activityId = grade.concept.activityId!;
  const part = await db.activityPart.findFirstOrThrow({
    where: { tenantId: tenant, activityId, section: { members: { some: { userId: grade.studentId } } } },
    include: { section: { include: { superSection: true } } },
  });
  const section = part.section;
  // The demo seeds no grade-visibility exception: Colegio Demo gets one to be aimed at.
  await forTenant(db, tenant).periodException.create({
    data: { periodId: section.superSection.periodId, superSectionId: section.parentId, showGradesOnlineMsg: "Excepción de Colegio Demo" },
  });
  const ids = await firstIds(db, tenant);
  const related: Record<string, number> = {
    admEvalConcept: grade.conceptId,
    admStudent: grade.studentId,
    admSubject: activityId,
    admSection: section.id,
    admSuperSection: section.parentId,
    admPeriod: section.superSection.periodId,
    admActivityParts: part.id,
  };
  for (const [resource, id] of Object.entries(related)) ids.set(resource, id);
  // Attendance's registers and justifications are no list-and-edit resource: Colegio Demo gets one of each to aim at.
  const school = forTenant(db, tenant);
  const day = new Date("2026-06-15T00:00:00Z");
  const register = await school.attendanceSession.create({ data: { day, scope: `s:${section.id}`, sectionId: section.id, startedAt: new Date() } });
  const excuse = await school.justification.create({
    data: { userId: grade.studentId, date: day, tillDate: day, reason: "Salud", comment: "Nota de una familia del colegio" },
  });
  ids.set("attendanceRegister", register.id);
  ids.set("justification", excuse.id);
  // Nor is the inbox: a conversation of one of its families.
  const conversation = await school.conversation.create({ data: { contact: "+51999000111", lastInboundAt: new Date(), searchText: "51999000111" } });
  ids.set("conversation", conversation.id);
  const catalogue = await db.catalogueValue.findFirstOrThrow({ where: { tenantId: tenant }, select: { type: true } });
  const missing = new Set<string>();
  return {
    tenant,
    catalogueType: catalogue.type,
    missing,
    id(resource) {
      const id = ids.get(resource);
      if (id === undefined) missing.add(resource);
      return id ?? 0;
    },
  };
}

/** The resource an id-like field, filter or parameter points at; null for one that holds no record; throws when unknown. */
function referenceOf(route: Route, name: string, field?: FieldDef): string | null {
  const options = field?.options?.kind === "resource" ? field.options : null;
  // general/* lists (countries, states …) are the same in every school.
  if (options?.path)
    return options.path.startsWith("general/") ? null : (OPTION_PATHS[options.path] ?? fail(route, `the option list ${options.path} of ${name}`));
  if (options) return SHARED_OPTIONS.has(options.resource) ? null : options.resource;
  if (name === "parentId") return resourceOf(route)?.def.parent?.resource ?? null;
  if (name === "id") return resourceOf(route)?.def.id ?? QUERY_IDS[route.path] ?? fail(route, "the query's id");
  if (NOT_REFERENCES.has(name) || !idLike(name)) return null;
  return REFERENCES[name] ?? fail(route, `the id-like field ${name}`);
}

function fail(route: Route, what: string): never {
  throw new Error(`${routeName(route)}: the matrix cannot aim ${what} at Colegio Demo; teach it in tenant-isolation.test.ts`);
}

type Shape = Record<string, z.ZodType>;
const shapeOf = (schema: z.ZodType | undefined): Shape | null => (schema as unknown as { shape?: Shape } | undefined)?.shape ?? null;
const isArray = (schema: z.ZodType): boolean => {
  const def = (schema as unknown as { def: { type: string; innerType?: z.ZodType } }).def;
  return def.type === "array" || (def.innerType !== undefined && isArray(def.innerType));
};

/** A plausible value of a schema that is no reference (so that the call goes past validation where it can). */
function plain(schema: z.ZodType): unknown {
  const def = (
    schema as unknown as { def: { type: string; innerType?: z.ZodType; element?: z.ZodType; options?: z.ZodType[]; entries?: Row; out?: z.ZodType } }
  ).def;
  switch (def.type) {
    case "optional":
    case "nullable":
    case "default":
      return plain(def.innerType!);
    case "pipe":
      return plain(def.out!);
    case "union":
      return plain(def.options![0]!);
    case "enum":
      return Object.values(def.entries!)[0];
    case "number":
      return 1;
    case "boolean":
      return false;
    case "array":
      return [plain(def.element!)];
    case "object":
      return Object.fromEntries(Object.entries(shapeOf(schema)!).map(([k, v]) => [k, plain(v)]));
    default:
      return "1";
  }
}

function aim(route: Route, s: Samples, shape: Shape): Row {
  return Object.fromEntries(
    Object.entries(shape).map(([name, schema]) => {
      const target = referenceOf(route, name);
      if (!target) return [name, plain(schema)];
      return [name, isArray(schema) ? [s.id(target)] : s.id(target)];
    }),
  );
}

/** Northside's own records, by resource: its first id, and that record as its screens read it. */
type Home = Map<string, { id: number | string; row: Row }>;

/**
 * A record of the resource: Northside's own values where it has a record, and its references aimed at Colegio Demo,
 * all of them or only `aimed` (the others then point at Northside's own records, so that a refusal of one foreign
 * reference cannot hide the acceptance of another).
 */
function recordOf(route: Route, s: Samples, own: Row | null, home: Home, aimed?: string): Row {
  const record: Row = {};
  for (const field of writableFields(route)) {
    const target = referenceOf(route, field.name, field);
    const id = target && (aimed === undefined || aimed === field.name ? s.id(target) : home.get(target)?.id);
    if (target && id === undefined) continue;
    if (target) record[field.name] = field.multiple ? [id] : id;
    else if (own && field.name in own) record[field.name] = own[field.name];
  }
  return record;
}

const writableFields = (route: Route) =>
  resourceOf(route)!.def.fields.filter((f) => !(UPLOAD_TYPES.has(f.type) || PRESENTATIONAL_TYPES.has(f.type) || f.name === "ID" || f.readOnly === "always"));

const csv = (record: Row) => {
  const quote = (v: unknown) => `"${String(Array.isArray(v) ? v.join(",") : (v ?? "")).replaceAll('"', '""')}"`;
  return Buffer.from(`${Object.keys(record).join(",")}\n${Object.values(record).map(quote).join(",")}\n`).toString("base64");
};

interface Probe {
  route: Route;
  path: string;
  body?: unknown;
}

const query = (values: Row) => {
  const text = new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)])).toString();
  return text ? `?${text}` : "";
};

/** Every way the matrix aims a route at Colegio Demo; throws for a route it does not know how to aim. */
function probesOf(route: Route, s: Samples, own: Home): Probe[] {
  const name = routeName(route);
  const server = resourceOf(route);
  const param = (p: string) => {
    const custom = PARAMS[route.path];
    if (custom) return custom(s, p);
    if (server && p === "id") return s.id(server.def.id);
    return fail(route, `the path parameter {${p}}`);
  };
  const path = fillPath(route, param);
  const q = { ...aim(route, s, shapeOf(route.query) ?? {}), ...Object.fromEntries((HANDLER_QUERIES[name] ?? []).map((k) => [k, s.id(REFERENCES[k]!)])) };
  // Refusing early is not what is tested here: drop the query values that only select a behaviour.
  for (const key of Object.keys(q)) if (!referenceOf(route, key) && !["confirm", "dryRun", "id", "sig"].includes(key)) delete q[key];
  if ("confirm" in q) q.confirm = "true";
  if ("sig" in q) q.sig = "A".repeat(43);
  if ("dryRun" in q) q.dryRun = "false";
  if (route.path.endsWith("/get") && server) {
    return [{}, { pick: "true" }, { print: "true" }, { print: "true", format: "xlsx" }].map((extra) => ({
      route,
      path: `${path}${query({ ...q, ...extra })}`,
    }));
  }
  if (route.method === "GET") return [{ route, path: `${path}${query(q)}` }];
  const mine = server ? own.get(server.def.id) : undefined;
  const record = server ? recordOf(route, s, mine?.row ?? null, own) : null;
  if (server && route.path.endsWith("/importAttach")) {
    const columns = new Set(importableFields(server.def).map((f) => f.name));
    return [{ route, path: `${path}${query(q)}`, body: { data: csv(Object.fromEntries(Object.entries(record!).filter(([k]) => columns.has(k)))) } }];
  }
  if (server && shapeOf(route.body)?.doc) {
    // The generic `{resource}/file` takes the field from the file's name.
    const field = server.def.fields.find((f) => UPLOAD_TYPES.has(f.type))!;
    return [{ route, path: `${path}${query(q)}`, body: { name: `${field.name}.png`, data: PNG } }];
  }
  if (server && /\/(create|edit\/\{id\})$/.test(route.path)) {
    const references = writableFields(route).filter((f) => referenceOf(route, f.name, f));
    const bodies = [record, ...(references.length > 1 ? references.map((f) => recordOf(route, s, mine?.row ?? null, own, f.name)) : [])];
    // Northside's own record too, its references turned to Colegio Demo's.
    return bodies.flatMap((body) => [
      { route, path: `${path}${query(q)}`, body },
      ...(route.path.endsWith("/edit/{id}") && mine ? [{ route, path: fillPath(route, () => mine.id), body }] : []),
    ]);
  }
  const custom = BODIES[name];
  const shape = shapeOf(route.body);
  if (!custom && route.body && !shape) return fail(route, "a body that is no object");
  return [{ route, path: `${path}${query(q)}`, body: custom ? custom(s) : shape ? aim(route, s, shape) : undefined }];
}

/** Every text of an answer: JSON leaves, spreadsheet cells, PDF text, the files of a zip. */
async function textsOfAnswer(type: string, bytes: Buffer): Promise<{ json?: unknown; texts: string[] }> {
  if (type.includes("json")) return { json: JSON.parse(bytes.toString("utf8")), texts: [] };
  if (type.includes("spreadsheet")) {
    const sheets = await readXlsx(bytes);
    return {
      texts: sheets.flatMap((sheet) => sheet.rows.flat().flatMap((cell) => (cell === null ? [] : [cell instanceof Date ? cell.toISOString() : String(cell)]))),
    };
  }
  if (type.includes("pdf")) return { texts: [(await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text] };
  if (type.includes("zip")) {
    const zip = await JSZip.loadAsync(bytes);
    const texts: string[] = [];
    for (const file of Object.values(zip.files)) {
      const content = await file.async("nodebuffer");
      texts.push(file.name, ...(await textsOfAnswer(file.name.endsWith(".pdf") ? "application/pdf" : "text/plain", content)).texts);
    }
    return { texts };
  }
  return { texts: [bytes.toString("utf8")] };
}

/** What of Colegio Demo an answer carries (after the writes: what Northside's own records now point at). */
async function leaksOf(probe: Probe, res: Response, fp: Fingerprints): Promise<string[]> {
  const { json, texts } = await textsOfAnswer(res.headers.get("content-type") ?? "", Buffer.from(await res.arrayBuffer()));
  const found: string[] = [];
  const model = resourceOf(probe.route)?.model;
  const walk = (value: unknown, key: string) => {
    if (typeof value === "string" && fp.strings.has(value)) found.push(`${key}: "${value}"`);
    if (typeof value === "number" || (typeof value === "string" && /^\d+$/.test(value))) {
      const target = key === "ID" ? model : RESOURCE_SERVERS.find((r) => r.def.id === REFERENCES[key])?.model;
      if (target && fp.ids.get(target)?.has(String(value))) found.push(`${key}: ${value} (a ${target} of Colegio Demo)`);
    }
    if (Array.isArray(value)) for (const item of value) walk(item, key);
    else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(v, k);
  };
  walk(json, "");
  for (const text of texts) for (const phrase of fp.phrases) if (text.includes(phrase)) found.push(`file text: "${phrase}"`);
  return found;
}

describe("tenant isolation matrix", () => {
  let northside: string;
  let probes: Probe[];
  let fp: Fingerprints;
  let tenants: { a: number; b: number };
  let samples: Samples;

  beforeAll(async () => {
    ({ northside } = await api.tokens());
    const db = api.db();
    tenants = await demoTenants(db);
    const s = (samples = await samplesOf(db, tenants.a));
    fp = await fingerprints(db, tenants.a, tenants.b);
    // Northside's own records, as its screens read them, for the edits that keep its values but aim the references.
    const own = new Map<string, { id: number | string; row: Row }>();
    for (const [resource, id] of await firstIds(db, tenants.b)) own.set(resource, { id, row: await api.record<Row>(`${resource}/get/${id}`, northside) });
    const routes = ROUTES.filter((r) => !(routeName(r) in NOT_AIMED));
    probes = routes.flatMap((route) => probesOf(route, s, own));
  }, 120_000);

  it("aims at every route but the few it names", () => {
    const aimed = new Set(probes.map((p) => routeName(p.route)));
    expect(
      ROUTES.filter((r) => !aimed.has(routeName(r)))
        .map(routeName)
        .sort(),
    ).toEqual(Object.keys(NOT_AIMED).sort());
    expect([...samples.missing], "resources Colegio Demo holds no record of").toEqual([]);
  });

  it("answers Northside nothing of Colegio Demo and changes none of its rows", async () => {
    const db = api.db();
    const before = await snapshot(db, tenants.a);
    const leaks: string[] = [];
    const send = async (probe: Probe) => {
      const res = await api.raw(probe.route.method, probe.path, { token: northside, locale: "en", body: probe.body });
      for (const leak of await leaksOf(probe, res, fp)) leaks.push(`${probe.route.method} ${probe.path}: ${leak}`);
    };
    const reads = probes.filter((p) => p.route.method === "GET");
    for (const probe of reads) await send(probe);
    for (const probe of probes.filter((p) => p.route.method !== "GET")) await send(probe);
    // Once Northside has written with Colegio Demo's ids, its own records must still show nothing of Colegio Demo.
    for (const probe of reads) await send(probe);
    expect(leaks.slice(0, 20), `${leaks.length} answers carry Colegio Demo's data`).toEqual([]);
    expect(await foreignReferences(db, tenants.b, fp), "Northside's rows pointing at Colegio Demo's").toEqual([]);
    expect(changedTables(before, await snapshot(db, tenants.a))).toEqual([]);
  }, 300_000);
});
