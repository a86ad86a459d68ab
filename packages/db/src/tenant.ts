import type { Db } from "./client.ts";
import type { Prisma, PrismaClient } from "./generated/client.ts";

/**
 * Models that belong to one tenant, by client property. A test checks this list against every model in
 * prisma/schema that has a tenantId column, so a new tenant-owned model cannot be forgotten here.
 */
export const TENANT_MODELS = new Set([
  "evalConcept",
  "grade",
  "gradeChange",
  "reportArtefact",
  "user",
  "userGroup",
  "userGroupMember",
  "module",
  "moduleAccess",
  "period",
  "periodException",
  "superSection",
  "section",
  "auditLog",
  "kinship",
  "sectionMember",
  "activity",
  "activityPart",
  "activityMaster",
  "catalogueValue",
  "attendanceType",
  "infirmaryValue",
  "calendarDate",
  "localizationTemplate",
  "assignmentQuestion",
  "category",
  "pickupException",
  "info",
  "tracking",
  "booking",
  "bookingResource",
  "flow",
  "flowInput",
  "flowResponse",
  "flowAnswer",
  "publication",
  "publicationPart",
  "calendarActivity",
  "notification",
  "order",
  "orderDetail",
  "receipt",
  "payment",
  "refund",
  "receiptSeries",
  "payerSplit",
  "orderReminder",
  "cardOnFile",
  "autoChargeRun",
  "autoChargeAttempt",
  "infirmaryEntry",
  "medicalRecord",
  "message",
  "inboundMessage",
  "conversation",
  "conversationMessage",
  "pushSubscription",
  "channelOptOut",
  "attendanceSession",
  "attendanceMark",
  "justification",
]);

const WHERE_OPERATIONS = new Set([
  "findUnique",
  "findUniqueOrThrow",
  "findFirst",
  "findFirstOrThrow",
  "findMany",
  "count",
  "aggregate",
  "groupBy",
  "update",
  "updateMany",
  "updateManyAndReturn",
  "delete",
  "deleteMany",
  "upsert",
]);
const CREATE_OPERATIONS = new Set(["create", "createMany", "createManyAndReturn"]);
const UPDATE_OPERATIONS = new Set(["update", "updateMany", "updateManyAndReturn"]);

type Row = Record<string, unknown>;
/** How insertRows learns the tenant of a scoped client. */
const TENANT = Symbol("tenant");
/** The client or an interactive transaction's client: both can be scoped. */
export type DbOrTx = Db | Prisma.TransactionClient;

/** The school a scoped client is narrowed to (for infrastructure that reads the school's own settings row). */
export function tenantOf(db: TenantDb | TenantTx): number {
  const tenantId = (db as { [TENANT]?: number })[TENANT];
  if (!tenantId) throw new Error("tenantOf needs a tenant-scoped client");
  return tenantId;
}

declare const scoped: unique symbol;
/** An interactive transaction of a tenant-scoped client: scoped like it. */
export type TenantTx = Prisma.TransactionClient & { readonly [scoped]: true };
/**
 * A client narrowed to one school by forTenant: every query on a school's model is scoped. Its own type, so that the
 * unscoped Db cannot be handed where a school's client is expected (nor this one where the whole database is).
 */
export type TenantDb = Omit<PrismaClient, "$transaction"> & {
  readonly [scoped]: true;
  $transaction<R>(
    fn: (tx: TenantTx) => Promise<R>,
    options?: { maxWait?: number; timeout?: number; isolationLevel?: Prisma.TransactionIsolationLevel },
  ): Promise<R>;
  $transaction<P extends Prisma.PrismaPromise<unknown>[]>(
    queries: [...P],
    options?: { isolationLevel?: Prisma.TransactionIsolationLevel },
  ): Promise<UnwrapTuple<P>>;
};
type UnwrapTuple<P extends readonly unknown[]> = { [K in keyof P]: Awaited<P[K]> };

function withTenant(data: unknown, tenantId: number): unknown {
  if (Array.isArray(data)) return data.map((row) => withTenant(row, tenantId));
  return { ...(data as Row), tenantId };
}

function withoutTenant(data: unknown): unknown {
  if (!data || typeof data !== "object") return data;
  const { tenantId: _ignored, ...rest } = data as Row;
  return rest;
}

export function scopeArgs(operation: string, args: unknown, tenantId: number): Row {
  const a = { ...((args as Row | undefined) ?? {}) };
  if (WHERE_OPERATIONS.has(operation)) a.where = { ...(a.where as Row | undefined), tenantId };
  if (CREATE_OPERATIONS.has(operation)) a.data = withTenant(a.data, tenantId);
  if (UPDATE_OPERATIONS.has(operation)) a.data = withoutTenant(a.data);
  if (operation === "upsert") {
    a.create = withTenant(a.create, tenantId);
    a.update = withoutTenant(a.update);
  }
  return a;
}

function scopeDelegate(delegate: object, tenantId: number): object {
  return new Proxy(delegate, {
    get(target, operation, receiver) {
      const value = Reflect.get(target, operation, receiver);
      if (typeof value !== "function" || typeof operation !== "string") return value;
      return (args: unknown) => value.call(target, scopeArgs(operation, args, tenantId));
    },
  });
}

/**
 * The one place where tenant isolation is enforced: every read and write on a tenant-owned model is narrowed to
 * the tenant, every created row gets its tenantId, and no update can move a row to another tenant. Interactive
 * transactions started from the scoped client are scoped too. Handlers receive only such a client, so they
 * never write tenantId by hand. (Raw SQL is not scoped: on tenant-owned tables it is used only by insertRows and
 * selectRows below, which take the tenant from the scoped client.)
 */
export function forTenant(db: Db | TenantDb, tenantId: number): TenantDb;
export function forTenant(db: Prisma.TransactionClient, tenantId: number): TenantTx;
export function forTenant(db: DbOrTx | TenantDb, tenantId: number): TenantDb | TenantTx {
  if (!Number.isInteger(tenantId) || tenantId <= 0) throw new Error("forTenant needs a tenant id");
  const scopedClient = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === TENANT) return tenantId;
      if (prop === "$transaction" && "$transaction" in target) {
        const transaction = (target as Db).$transaction.bind(target);
        return (arg: unknown, options?: unknown) =>
          typeof arg === "function"
            ? transaction((tx) => (arg as (tx: Prisma.TransactionClient) => Promise<unknown>)(forTenant(tx, tenantId)), options as never)
            : transaction(arg as never, options as never);
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof prop === "string" && TENANT_MODELS.has(prop) ? scopeDelegate(value as object, tenantId) : value;
    },
  });
  return scopedClient as unknown as TenantDb | TenantTx;
}

const isIdentifier = (name: string) => /^[A-Za-z]\w*$/.test(name);

/** A column list of insertRows or selectRows: each a plain identifier, never the tenant's column. */
function checkColumns(caller: string, names: string[]): void {
  if (names.some((c) => c === "tenantId" || !isIdentifier(c))) throw new Error(`${caller}: bad columns ${names.join(", ")}`);
}

/**
 * findMany for a hot read of many rows (a grade sheet's 2,600 cells): PostgreSQL writes the rows as one JSON array of
 * arrays, `columns` in that order, and the driver hands it over as one value. Prisma maps each row of a findMany into
 * an object, which for a whole sheet's grades costs several times the processor this does (the bench's grade sheet
 * figures). Only the rows of the scoped client's school are read, each `where` column holding one of its values.
 */
export async function selectRows<T extends unknown[]>(
  db: TenantDb | TenantTx,
  model: "Grade",
  columns: string[],
  where: Record<string, number[]>,
): Promise<T[]> {
  const tenantId = tenantOf(db);
  const filters = Object.entries(where);
  checkColumns("selectRows", [...columns, ...filters.map(([c]) => c)]);
  if (filters.some(([, values]) => values.length === 0)) return [];
  const list = columns.map((c) => `"${c}"`).join(", ");
  const conditions = filters.map(([c], i) => ` AND "${c}" = ANY($${i + 2}::int[])`).join("");
  const [row] = await db.$queryRawUnsafe<{ rows: string | null }[]>(
    `SELECT json_agg(json_build_array(${list}))::text AS rows FROM "${model}" WHERE "tenantId" = $1${conditions}`,
    tenantId,
    ...filters.map(([, values]) => values),
  );
  return row?.rows ? (JSON.parse(row.rows) as T[]) : [];
}

/**
 * createMany for a hot path (the grade save and its trail, the attendance register): the rows travel as one JSON
 * parameter, typed by the table's own row type (json_populate_recordset), so the statement is one and the same whatever
 * the number of rows. Prisma's createMany builds and compiles a statement per call, whose cost grows with the rows
 * (the bench's grade save figures). The tenant is the scoped client's, as for every other write; a row cannot
 * name one. Keys are the model's field names, which must be its column names (no @map), and the same in every row.
 * `upsert` makes it an INSERT … ON CONFLICT (its unique columns) DO UPDATE of the columns listed, on rows of this
 * tenant only, or DO NOTHING when it lists none; the rows written are returned with the columns asked for. Without
 * `on`, it is a plain INSERT whose rows are returned (an import's new people, whose ids its links then need).
 */
export async function insertRows(
  db: TenantDb | TenantTx,
  model: "Grade" | "GradeChange" | "AttendanceMark" | "Message" | "User" | "Kinship" | "SectionMember",
  rows: Row[],
  upsert?: { on: string[]; update: string[]; returning: string[] } | { on?: never; returning: string[] },
): Promise<Row[]> {
  const tenantId = tenantOf(db);
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]!);
  // A row cannot name its school, nor an update move it; the conflict target may name the tenant's column.
  checkColumns("insertRows", [...columns, ...(upsert ? [...(upsert.on ? upsert.update : []), ...upsert.returning] : [])]);
  if (!(upsert?.on ?? []).every(isIdentifier)) throw new Error(`insertRows: bad conflict target ${upsert!.on!.join(", ")}`);
  const list = columns.map((c) => `"${c}"`).join(", ");
  const insert = `INSERT INTO "${model}" ("tenantId", ${list}) SELECT $1::int, ${list} FROM json_populate_recordset(NULL::"${model}", $2::json)`;
  if (!upsert) {
    await db.$executeRawUnsafe(insert, tenantId, JSON.stringify(rows));
    return [];
  }
  const quoted = (cs: string[]) => cs.map((c) => `"${c}"`).join(", ");
  if (!upsert.on) return db.$queryRawUnsafe<Row[]>(`${insert} RETURNING ${quoted(upsert.returning)}`, tenantId, JSON.stringify(rows));
  const action = upsert.update.length
    ? `DO UPDATE SET ${upsert.update.map((c) => `"${c}" = EXCLUDED."${c}"`).join(", ")} WHERE "${model}"."tenantId" = $1::int`
    : "DO NOTHING";
  return db.$queryRawUnsafe<Row[]>(
    `${insert} ON CONFLICT (${quoted(upsert.on)}) ${action} RETURNING ${quoted(upsert.returning)}`,
    tenantId,
    JSON.stringify(rows),
  );
}
