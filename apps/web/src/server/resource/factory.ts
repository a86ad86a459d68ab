import {
  type FieldDef,
  labelKeyOf,
  listQuerySchema,
  PICK_PAGE_MAX,
  RECORD_ID_MAX,
  recordSchema,
  type ResourceAction,
  type ResourceDef,
  UPLOAD_TYPES,
} from "@pizarra/contracts";
import { Prisma, type TenantDb, type TenantTx } from "@pizarra/db";
import { z } from "zod";
import { AppError, fieldRefusal, forbidden, notFound } from "../http/app-error.ts";
import type { AuthedContext, Reply, SessionUser } from "../http/context.ts";
import { ownLabels, parseOrRefuse } from "../http/parse.ts";
import { authedRoute, type Part, type Route } from "../http/route.ts";
import { fileUrl, storage } from "../storage/storage.ts";
import { audit } from "./audit.ts";
import { type Identifiers, identifierRules } from "./identifiers.ts";
import { mayPick } from "./pick-gate.ts";
import { containsText, matchScore, personTextContains, searchWords, wordStartText } from "./search-text.ts";
import { importRecords, importTemplate } from "./import.ts";
import type { RowReader } from "./references.ts";
import { trial } from "./trial.ts";
import { upload, UPLOAD_BODY_LIMIT, ZUpload } from "./upload.ts";
import { fromDb, toDb } from "./values.ts";
import { exportSheet } from "./export-sheet.ts";
import { xlsxResponse } from "./xlsx.ts";

type Row = Record<string, unknown>;
type Db = TenantDb | Prisma.TransactionClient;

interface Delegate {
  findMany(args: object): Promise<Row[]>;
  findFirst(args: object): Promise<Row | null>;
  count(args: object): Promise<number>;
  create(args: object): Promise<Row>;
  updateMany(args: object): Promise<{ count: number }>;
  deleteMany(args: object): Promise<{ count: number }>;
}

/** Business rules of one resource, in a file of its own beside the registry (never `if (resource === …)` here). */
export interface ResourceRules {
  /** Checks and fills a record before it is written; throw AppError to refuse. */
  beforeSave?(tx: TenantTx, data: Row, ctx: AuthedContext, id: number | string | null): Promise<void>;
  /** Writes what the record's virtual fields stand for (a membership, a sign-in …), in the same transaction. */
  afterSave?(tx: TenantTx, id: number | string, virtual: Row, ctx: AuthedContext): Promise<void>;
  /** Checks a record (as stored) before it is deleted; throw AppError to refuse. */
  beforeDelete?(tx: TenantTx, record: Row, ctx: AuthedContext): Promise<void>;
  /** Keeps what depended on a deleted record right (a parent's total …), in the same transaction. */
  afterDelete?(tx: TenantTx, record: Row, ctx: AuthedContext): Promise<void>;
  /**
   * Stored files that go with a deleted record besides its own and those of the rows deleted with it (a person's
   * report artefacts and unused editor images): found, their rows removed, in the delete's transaction before the
   * record goes; the files themselves go once the delete is committed.
   */
  filesGoingWith?(tx: TenantTx, record: Row, ctx: AuthedContext): Promise<readonly string[]>;
  /**
   * Whether the caller may write this row at all (a person of a higher role …): called with the row as stored before
   * every edit, upload and delete, and again after every create and edit, in the write's transaction.
   */
  guard?(tx: TenantTx, id: number | string, ctx: AuthedContext): Promise<void>;
}

/** Rows of a model that keep stored files in `uploads` and point at another record through `field`. */
export interface FileHolder {
  model: string;
  field: string;
  uploads: readonly string[];
}

/** Another resource over the same model that answers for some of its rows (a student row is admStudent's). */
export interface RowOwner {
  module: string;
  where: Row;
}

export interface ResourceServer {
  def: ResourceDef;
  /** The Prisma client property of the model, e.g. "superSection". */
  model: string;
  /** Relations to load for display fields. */
  include?: Record<string, unknown>;
  /**
   * A wide model whose rows answer only the resource's fields (a person: 60 columns, of which a student's row shows
   * 23): its lists, prints, exports and records read those columns (and `include`), not the whole row, which on the
   * bench school saves the student page 0.8 ms of the app's processor a call. `display` must then read no other column.
   */
  fieldsOnly?: boolean;
  /** Display-only fields of a row (parentName, count …); people's names in the order of the caller's school. */
  display?(record: Row, user: SessionUser): Row;
  /** Display fields that need one more query for a whole page of rows (names of people kept as plain ids), in the caller's language. */
  decorate?(db: Db, rows: Row[], ctx: AuthedContext): Promise<void>;
  /** Filters that are not a plain column of the model, by query name. */
  filterWhere?: Record<string, (value: unknown, user: SessionUser) => Row>;
  /** `filterBy=<name>&filter=<text>` pairs that are not a text search (admStaff's filterBy=academic&filter=<period>). */
  filterByWhere?: Record<string, (text: string) => Row>;
  /** Searched fields that are not columns of the model (a student's name on their pickup row): the text condition (and the word it looks for) → the model's. */
  searchWhere?: Record<string, (contains: Row, word: string) => Row>;
  /**
   * People searched the way staff type them: each word, in any order, case and accents aside, in the search
   * text the database keeps for a person (names, code, documents, e-mail), of the row itself or of the person it is
   * about (`through` a relation, e.g. "student"); it stands for the searched fields it `covers`, and the best match
   * comes first.
   */
  personSearch?: { through?: string; covers: readonly string[] };
  /**
   * A label searched as it is shown, across its searched fields: each word typed, in any order, starts a word of one of
   * them (a section's "3.º de primaria A 2026" is its grade's, its own and its period's names).
   */
  labelSearch?: boolean;
  /** The order of the rows before the definition's own (a section's period, the current one first). */
  orderFirst?: readonly Row[];
  /** Rows of the model that belong to this resource (students are users of type 2) and what a new one gets. */
  scope?: { where: Row; data?: Row };
  /** The rows this resource answers for when others reach them too (its scope unless said: staff also own any row that signs in). */
  owns?: Row;
  /** The other resources that answer for rows of this model: a write needs their write right too (filled by `withOwners`). */
  owners?: readonly RowOwner[];
  /** Rows of any resource that point at a record of this model and keep stored files (filled by `withOwners`). */
  dependents?: readonly FileHolder[];
  /** Fields no two rows of the model in a school may share (a person's code, e-mail), by the column claiming the value. */
  identifiers?: Identifiers;
  /** Form fields that are not columns of the model; they reach rules.afterSave. */
  virtual?: readonly string[];
  /**
   * What a create or an edit answers beyond the record's key, read in its transaction once the rules ran (a
   * notification scheduled on save says for when and for how many); null: the usual answer. With `dryRun` (the call's
   * `?dryRun=true`) the save is a trial: it runs whole, this says what it would do, and nothing is kept. A resource
   * without it offers no trial.
   */
  answer?(tx: TenantTx, id: number | string, ctx: AuthedContext, dryRun: boolean): Promise<Reply<Row> | null>;
  rules?: ResourceRules;
}

const EXPORT_LIMIT = 100_000;
const PRINT_PAGE = 1_000;
/** Spec 000 §2.7: the page count estimated when the total was not counted. */
const ESTIMATED_TOTAL = 9_999;
/** A people search ranks at most this many matches; past it the list's own order stands (a common surname's page). */
const RANK_LIMIT = 500;

/** Stored files no record points at any more; a file already gone is no failure. */
const removeStored = (keys: string[]) =>
  Promise.all(
    keys.map((key) =>
      storage()
        .remove(key)
        .catch(() => {}),
    ),
  );

/** A model's columns, from Prisma's own list of its scalar fields (`user` → Prisma.UserScalarFieldEnum). */
function columnsOf(model: string): Set<string> {
  const scalars = (Prisma as unknown as Record<string, Record<string, string> | undefined>)[`${model[0]!.toUpperCase()}${model.slice(1)}ScalarFieldEnum`];
  if (!scalars) throw new Error(`Prisma lists no columns of the model ${model}`);
  return new Set(Object.values(scalars));
}

const delegateOf = (db: Db, model: string) => (db as unknown as Record<string, Delegate>)[model]!;

function parseKey(def: ResourceDef, raw: string): number | string {
  if (def.keyType === "string") return raw;
  // A key past PostgreSQL's integer is no record (and no database error).
  if (!/^\d{1,12}$/.test(raw) || Number(raw) > RECORD_ID_MAX) throw notFound();
  return Number(raw);
}

/**
 * How a resource reads its rows: its scope, its filters, a row as it answers it, and its list (`{resource}/get`),
 * built once a resource for its own routes and for the calls that show its rows elsewhere (`listRows`).
 */
function readerOf(server: ResourceServer) {
  const { def } = server;
  const fieldByName = new Map<string, FieldDef>(def.fields.map((f) => [f.name, f]));
  const orderBy = [...(server.orderFirst ?? []), ...(def.orderBy ?? []).map((o) => ({ [o.field === "ID" ? "id" : o.field]: o.dir })), { id: "asc" }];
  const filterNames = new Set((def.filters ?? []).map((f) => f.name));
  const scoped = (w: Row): Row => (server.scope ? { AND: [server.scope.where, w] } : w);
  const uploadFields = def.fields.filter((f) => UPLOAD_TYPES.has(f.type));
  /** How a record is read for its row (lists, prints, exports, one record): whole with its relations, or `fieldsOnly`. */
  const columns = server.fieldsOnly ? columnsOf(server.model) : null;
  const read: Row = columns
    ? { select: { id: true, ...Object.fromEntries(def.fields.filter((f) => columns.has(f.name)).map((f) => [f.name, true])), ...server.include } }
    : { include: server.include };
  const toRow = (record: Row, user: SessionUser): Row => {
    const row: Row = { ID: fromDb(undefined, record.id) };
    for (const field of def.fields) if (field.name !== "ID" && field.name in record) row[field.name] = fromDb(field, record[field.name]);
    // Spec 000 §7: file fields come with a Url field (here a signed, expiring link).
    for (const field of uploadFields) row[`${field.name}Url`] = fileUrl(record[field.name] as string | null);
    return { ...row, ...server.display?.(record, user) };
  };

  function where(query: Row, user: SessionUser): Row {
    const and: Row[] = [];
    const parentId = query.parentId;
    if (def.parent && parentId !== undefined && !filterNames.has("parentId")) {
      and.push({ [def.parent.field]: toDb(fieldByName.get(def.parent.field) ?? { name: "", type: "number" }, parentId) });
    }
    for (const name of filterNames) {
      const value = query[name];
      if (value === undefined || value === null || value === "") continue;
      const custom = server.filterWhere?.[name];
      and.push(custom ? custom(value, user) : { [name]: toDb(fieldByName.get(name) ?? def.filters!.find((f) => f.name === name)!, value) });
    }
    const text = typedText(query);
    const named = typeof query.filterBy === "string" ? server.filterByWhere?.[query.filterBy] : undefined;
    if (text && named) and.push(named(text));
    else if (text && def.search?.length) {
      const asked = typeof query.filterBy === "string" ? query.filterBy.split(",") : [];
      const chosen = def.search.filter((f) => asked.length === 0 || asked.includes(f) || asked.includes("name"));
      const fields = chosen.length ? chosen : def.search;
      const people = peopleSearched(query);
      const plain = people ? fields.filter((f) => !people.covers.includes(f)) : fields;
      const words = people ? searchWords(text) : server.labelSearch ? text.split(/\s+/) : [text];
      for (const word of words) {
        const or: Row[] = (server.labelSearch ? wordStartText(word) : [containsText(word)]).flatMap((contains) =>
          plain.map((f) => {
            const custom = server.searchWhere?.[f];
            if (custom) return custom(contains, word);
            if (f !== "ID") return { [f]: contains };
            if (def.keyType === "string") return { id: contains };
            return { id: /^\d+$/.test(word) ? Number(word) : -1 };
          }),
        );
        if (people) or.push(through(people, personTextContains(word)));
        // Columns found through one condition (a directory's two guardians and their e-mails) ask it once.
        and.push({ OR: [...new Map(or.map((c) => [JSON.stringify(c), c])).values()] });
      }
    }
    return scoped(and.length ? { AND: and } : {});
  }

  const typedText = (query: Row) => (typeof query.filter === "string" ? query.filter.trim() : "");
  /** The resource's people search, when this query's text is one (not a named filter, nor a search of other fields only). */
  function peopleSearched(query: Row) {
    const people = server.personSearch;
    if (!people || !typedText(query) || (typeof query.filterBy === "string" && server.filterByWhere?.[query.filterBy])) return null;
    const asked = typeof query.filterBy === "string" ? query.filterBy.split(",") : [];
    return asked.length === 0 || asked.includes("name") || asked.some((f) => people.covers.includes(f)) ? people : null;
  }
  const through = (people: { through?: string }, condition: Row): Row => (people.through ? { [people.through]: condition } : condition);

  /**
   * The page of a people search, best match first: the matches' ids and search texts in the list's order (one query
   * the trigram index serves), ranked when there are no more than RANK_LIMIT, then the page's rows by id. Null when
   * the page lies past the matches read, for the plain query to answer.
   */
  async function rankedPage(model: Delegate, w: Row, typed: string, people: { through?: string }, page: number, size: number) {
    const select = people.through ? { id: true, [people.through]: { select: { searchText: true } } } : { id: true, searchText: true };
    const matches = await model.findMany({ where: w, orderBy, take: RANK_LIMIT + 1, select });
    const ranked = matches.length <= RANK_LIMIT;
    const textOf = (m: Row) => ((people.through ? m[people.through] : m) as { searchText?: string | null } | null)?.searchText ?? "";
    const order = ranked
      ? matches
          .map((m, i) => ({ id: m.id, score: matchScore(typed, textOf(m)), i }))
          .sort((a, b) => b.score - a.score || a.i - b.i)
          .map((m) => m.id)
      : matches.map((m) => m.id);
    const start = (page - 1) * size;
    if (!ranked && start + size + 1 > order.length) return null;
    return { records: await byIds(model, order.slice(start, start + size + 1)), total: ranked ? order.length : null };
  }

  /** The records of these ids with their relations, in the order of the ids. */
  async function byIds(model: Delegate, ids: unknown[]): Promise<Row[]> {
    const byId = new Map<unknown, Row>((await model.findMany({ where: { id: { in: ids } }, ...read })).map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
  }

  /** The list for a parsed list query (`listQuerySchema(def)`): a page, a pick list's page, or a print or export of every row. */
  async function list(ctx: AuthedContext, q: Row): Promise<Reply> {
    const model = delegateOf(ctx.db, server.model);
    const w = where(q, ctx.user);
    if (q.print === "true") {
      if (def.printRoles && !def.printRoles.includes(ctx.user.roleCode)) throw new AppError(-403, "api.printRole", 403);
      return printAll(ctx, model, w, q.format === "xlsx");
    }
    // A pick list is a searchable page for a select, never a way to dump a table.
    const size = q.pick === "true" ? Math.min(Number(q.PageSize), PICK_PAGE_MAX) : Number(q.PageSize);
    const page = Number(q.page);
    if (q.count === "estimate") {
      // Spec 000 §2.7 estimates ceil(9999 / pageSize) pages while a list is uncounted. Counting no further than the
      // estimate is cheap and tells the pager which of those pages hold rows; the total stays uncounted for [Total].
      const upTo = await model.count({ where: w, take: ESTIMATED_TOTAL });
      return { data: { Results: [], RowCount: -1, PageCount: Math.max(1, Math.ceil(upTo / size)) } };
    }
    const people = peopleSearched(q);
    const typed = typedText(q);
    // A full name, a code, a document or an e-mail is ranked however many match it; one word ("gar", "garcía": thousands
    // of García) only when its matches fit one page: ranking thousands of equal matches costs more than it tells.
    const specific = people !== null && (searchWords(typed).length > 1 || /[\d@]/.test(typed));
    let best = specific ? await rankedPage(model, w, typed, people, page, size) : null;
    let records = best?.records ?? (await model.findMany({ where: w, orderBy, skip: (page - 1) * size, take: size + 1, ...read }));
    if (people && !specific && page === 1 && records.length > 1 && records.length <= size) {
      best = await rankedPage(model, w, typed, people, page, size);
      records = best?.records ?? records;
    }
    const more = records.length > size;
    const rows = await rowsOf(ctx, records.slice(0, size));
    if (q.pick === "true") {
      const Results = rows.map((r) => ({
        ID: r.ID,
        name: def.pick.name
          .map((f) => r[f])
          .filter((v) => v !== null && v !== undefined && v !== "")
          .join(" "),
        ...(def.pick.img ? { img: r[def.pick.img] ?? null } : {}),
        ...(def.pick.desc ? { desc: r[def.pick.desc] ?? null } : {}),
      }));
      return { data: { Results, RowCount: more ? -1 : (page - 1) * size + rows.length, PageCount: more ? page + 1 : page } };
    }
    if (q.count === "true") {
      const RowCount = best?.total ?? (await model.count({ where: w }));
      return { data: { Results: rows, RowCount, PageCount: Math.max(1, Math.ceil(RowCount / size)) } };
    }
    const RowCount = more ? -1 : (page - 1) * size + rows.length;
    const PageCount = more ? Math.max(page + 1, Math.ceil(ESTIMATED_TOTAL / size)) : page;
    return { data: { Results: rows, RowCount, PageCount } };
  }

  async function rowsOf(ctx: AuthedContext, records: Row[]): Promise<Row[]> {
    const rows = records.map((record) => toRow(record, ctx.user));
    await server.decorate?.(ctx.db, rows, ctx);
    return rows;
  }

  /**
   * Every matching row, for print and export, a page at a time: the ids in order first (one query), then each page
   * by its ids, so that the last page of 20,000 rows costs what the first does (OFFSET reads every row before it).
   */
  async function* pages(ctx: AuthedContext, model: Delegate, w: Row): AsyncGenerator<Row[]> {
    const ids = (await model.findMany({ where: w, orderBy, take: EXPORT_LIMIT, select: { id: true } })).map((r) => r.id);
    for (let start = 0; start < ids.length; start += PRINT_PAGE) {
      yield await rowsOf(ctx, await byIds(model, ids.slice(start, start + PRINT_PAGE)));
    }
  }

  async function printAll(ctx: AuthedContext, model: Delegate, w: Row, xlsx: boolean): Promise<Reply> {
    if (xlsx) {
      const title = ctx.t(`resources.${def.id}.title`);
      const sheet = await exportSheet(def, ctx.t, rowReader(ctx));
      const values = (async function* () {
        for await (const batch of pages(ctx, model, w)) yield batch.map(sheet.cells);
      })();
      return { data: null, response: xlsxResponse(`${title}.xlsx`, title, sheet.headers, values) };
    }
    const Results: Row[] = [];
    for await (const batch of pages(ctx, model, w)) Results.push(...batch);
    return { data: { Results, RowCount: Results.length, PageCount: 1 } };
  }

  return { fieldByName, filterNames, scoped, uploadFields, read, rowsOf, list };
}

/**
 * The resources the engine serves, by id, each with its reader: `createResource` adds its own, so once the composition
 * root (resources.ts) has created them all, the domains reach them here without importing it.
 */
const SERVED = new Map<string, { server: ResourceServer; reader: ReturnType<typeof readerOf> }>();

/** Every resource the engine serves, for the calls that reach across all of them (whose rich text shows an image). */
export const servedResources = (): ResourceServer[] => [...SERVED.values()].map((s) => s.server);

/**
 * A resource's own generic list for a parsed list query (`listQuerySchema(def)`), answered exactly as `{resource}/get`
 * answers it: for the calls that show a resource's rows elsewhere (a group's members, the records a notification may
 * point at). The caller's route has checked the rights it needs.
 */
export function listRows(resource: string, ctx: AuthedContext, query: Row): Promise<Reply> {
  const served = SERVED.get(resource);
  if (!served) throw new Error(`The engine serves no resource ${resource}`);
  return served.reader.list(ctx, query);
}

/** How many records of a resource a label table reads: a list query's largest page. */
const LABEL_ROWS = 10_000;

/** Other resources' rows as their own lists answer the caller: the labels an export writes and an import reads back. */
function rowReader(ctx: AuthedContext): RowReader {
  return async (resource, query) => {
    const served = SERVED.get(resource);
    if (!served) return null;
    const reply = await served.reader.list(ctx, listQuerySchema(served.server.def).parse({ ...query, PageSize: LABEL_ROWS }));
    return (reply.data as { Results: Row[] }).Results;
  };
}

const validate = <T>(schema: z.ZodType<T>, input: unknown, ctx: AuthedContext, def: ResourceDef): T => parseOrRefuse(schema, input, ctx.t, labelKeyOf(def));

export function createResource(server: ResourceServer): Route[] {
  const { def } = server;
  const reader = readerOf(server);
  SERVED.set(def.id, { server, reader });
  const { fieldByName, filterNames, scoped, uploadFields, read, rowsOf, list } = reader;
  const listSchema = listQuerySchema(def);
  const createSchema = recordSchema(def, "create");
  const editSchema = recordSchema(def, "edit");
  const virtual = new Set(server.virtual ?? []);

  /** Side doors obey the front door: a row another resource answers for needs that resource's write right too. */
  async function guard(tx: TenantTx, id: number | string, ctx: AuthedContext) {
    for (const owner of server.owners ?? []) {
      if (ctx.user.access.get(owner.module)?.write) continue;
      if (await delegateOf(tx, server.model).count({ where: scoped({ AND: [{ id }, owner.where] }) })) throw forbidden(owner.module);
    }
    await server.rules?.guard?.(tx, id, ctx);
  }

  async function getOne(ctx: AuthedContext & { params: { id: string } }): Promise<Reply> {
    const record = await delegateOf(ctx.db, server.model).findFirst({ where: scoped({ id: parseKey(def, ctx.params.id) }), ...read });
    if (!record) throw notFound();
    return { data: (await rowsOf(ctx, [record]))[0] };
  }

  function split(values: Row): { data: Row; extra: Row } {
    const data: Row = {};
    const extra: Row = {};
    for (const [name, value] of Object.entries(values)) {
      const field = fieldByName.get(name);
      if (!field || value === undefined) continue;
      if (virtual.has(name)) {
        extra[name] = toDb(field, value);
        continue;
      }
      // Spec 000 §7: an unchanged rich-text field is sent as null on edit.
      if (field.type === "editor" && value === null) continue;
      data[name === "ID" ? "id" : name] = toDb(field, value);
    }
    return { data, extra };
  }

  type Prepared = { data: Row; extra: Row };

  /** A new record's values before its schema reads them: the sub-grid's parent (from ?parentId=), then the defaults. */
  function filled(body: Row, parentId: unknown): Row {
    const input = { ...body };
    if (def.parent && parentId !== undefined) input[def.parent.field] ??= parentId;
    for (const f of def.fields) if (input[f.name] === undefined && f.default !== undefined) input[f.name] = f.default;
    return input;
  }

  /** One line of an import, checked the way the wrapper checks a `create` body (filled, then the schema). */
  function prepare(ctx: AuthedContext, input: Row, parentId: unknown): Prepared {
    return toWrite(ctx, validate(createSchema, filled(input, parentId), ctx, def) as Row, parentId);
  }

  /** A parsed new record as `create` writes it. */
  function toWrite(ctx: AuthedContext, values: Row, parentId: unknown): Prepared {
    const prepared = split(values);
    // A sub-grid's row needs its parent: a form field or, when it is none (an exception's period), ?parentId= alone.
    if (def.parent && (prepared.data[def.parent.field] ?? null) === null) {
      const { field } = def.parent;
      if (fieldByName.has(field) || parentId === undefined)
        throw fieldRefusal(field, ctx.t("validation.required", { attribute: ctx.t(labelKeyOf(def)(field)) }));
      prepared.data[field] = toDb({ name: field, type: "number" }, parentId);
    }
    return prepared;
  }

  const identifiers = server.identifiers ? identifierRules(def, server.identifiers) : null;
  /** A model write whose unique claim lost a race with another save answers as the check before it would have. */
  const claiming = async <T>(ctx: AuthedContext, write: Promise<T>): Promise<T> => {
    try {
      return await write;
    } catch (error) {
      throw identifiers?.takenRefusal(error, ctx) ?? error;
    }
  };

  async function write(tx: TenantTx, ctx: AuthedContext, { data, extra }: Prepared): Promise<unknown> {
    await server.rules?.beforeSave?.(tx, data, ctx, null);
    await identifiers?.refuseTaken(delegateOf(tx, server.model), ctx, data, null);
    const created = await claiming(ctx, delegateOf(tx, server.model).create({ data: { ...data, ...server.scope?.data } }));
    await server.rules?.afterSave?.(tx, created.id as number, extra, ctx);
    await guard(tx, created.id as number, ctx);
    await audit(tx, ctx, def.module, "create", created.id);
    return created.id;
  }

  /** A trial (`?dryRun=true`) needs the resource's own answer to say what the save would do. */
  function isTrial(query: { dryRun?: string }): boolean {
    const dryRun = query.dryRun === "true";
    if (dryRun && !server.answer) throw new AppError(-1, "api.actionNotAllowed", 400);
    return dryRun;
  }

  /** The save's answer: the resource's own, else `fallback`; with the record's key (none for a trial's new one, never kept). */
  const answered = (id: unknown, own: Reply<Row> | null, fallback: string): Reply =>
    own ? { ...own, data: { ...own.data, ID: id } } : { data: { ID: id }, msgKey: fallback };

  async function create(ctx: AuthedContext & { body: Row; query: { parentId?: string; dryRun?: string } }): Promise<Reply> {
    const prepared = toWrite(ctx, ctx.body, ctx.query.parentId);
    const dryRun = isTrial(ctx.query);
    const save = async (tx: TenantTx) => {
      const id = await write(tx, ctx, prepared);
      return { id, own: (await server.answer?.(tx, id as number, ctx, dryRun)) ?? null };
    };
    const { id, own } = dryRun ? await trial(ctx.db, save) : await ctx.db.$transaction(save);
    return answered(dryRun ? null : id, own, "api.created");
  }

  async function edit(ctx: AuthedContext & { body: Row; params: { id: string }; query: { dryRun?: string } }): Promise<Reply> {
    const id = parseKey(def, ctx.params.id);
    const { data, extra } = split(ctx.body);
    const dryRun = isTrial(ctx.query);
    const cleared = uploadFields.filter((f) => data[f.name] === null).map((f) => f.name);
    const save = async (tx: TenantTx) => {
      const before = cleared.length ? await delegateOf(tx, server.model).findFirst({ where: scoped({ id }) }) : null;
      await guard(tx, id, ctx);
      await server.rules?.beforeSave?.(tx, data, ctx, id);
      await identifiers?.refuseTaken(delegateOf(tx, server.model), ctx, data, id);
      const { count } = await claiming(ctx, delegateOf(tx, server.model).updateMany({ where: scoped({ id }), data }));
      if (count === 0) throw notFound();
      await server.rules?.afterSave?.(tx, id, extra, ctx);
      await guard(tx, id, ctx);
      await audit(tx, ctx, def.module, "edit", id);
      const removed = cleared.map((name) => before?.[name]).filter((key): key is string => typeof key === "string");
      return { removed, own: (await server.answer?.(tx, id, ctx, dryRun)) ?? null };
    };
    if (dryRun) return answered(id, (await trial(ctx.db, save)).own, "api.saved");
    const { removed, own } = await ctx.db.$transaction(save);
    // A stored file taken away goes once the change is committed (a failed save keeps it).
    await removeStored(removed);
    return answered(id, own, "api.saved");
  }

  async function remove(ctx: AuthedContext & { params: { id: string }; query: { confirm?: string } }): Promise<Reply> {
    if (ctx.query.confirm !== "true") throw new AppError(-1, "api.confirmDelete", 400);
    const id = parseKey(def, ctx.params.id);
    const rules = server.rules;
    const files = await ctx.db.$transaction(async (tx) => {
      const needed = rules?.beforeDelete || rules?.afterDelete || rules?.filesGoingWith || uploadFields.length > 0;
      const record = needed ? await delegateOf(tx, server.model).findFirst({ where: scoped({ id }) }) : null;
      await guard(tx, id, ctx);
      if (record) await rules?.beforeDelete?.(tx, record, ctx);
      const going = (record && (await rules?.filesGoingWith?.(tx, record, ctx))) || [];
      const holders = await fileHolders(tx, id);
      const { count } = await delegateOf(tx, server.model).deleteMany({ where: scoped({ id }) });
      if (count === 0) throw notFound();
      if (record) await rules?.afterDelete?.(tx, record, ctx);
      await audit(tx, ctx, def.module, "delete", id);
      return [...uploadFields.map((f) => record?.[f.name]), ...(await filesGoneWith(tx, holders)), ...going].filter(
        (key): key is string => typeof key === "string",
      );
    });
    // The record's stored files, and those of the rows that went with it (a student's infirmary photos), go once the delete is committed.
    await removeStored(files);
    return { data: { ID: id }, msgKey: "api.deleted" };
  }

  type Held = { holder: FileHolder; rows: Row[] };

  /** The rows (of every module) that point at this record and keep files, with those files, read before it goes. */
  async function fileHolders(tx: TenantTx, id: number | string): Promise<Held[]> {
    const held: Held[] = [];
    for (const holder of server.dependents ?? []) {
      const select = Object.fromEntries(["id", ...holder.uploads].map((name) => [name, true]));
      const rows = await delegateOf(tx, holder.model).findMany({
        where: { [holder.field]: id, OR: holder.uploads.map((name) => ({ [name]: { not: null } })) },
        select,
      });
      if (rows.length) held.push({ holder, rows });
    }
    return held;
  }

  /** Their files, for the rows the delete took with it (a row that only lost its link keeps its files). */
  async function filesGoneWith(tx: TenantTx, held: Held[]): Promise<unknown[]> {
    const keys: unknown[] = [];
    for (const { holder, rows } of held) {
      const left = new Set(
        (await delegateOf(tx, holder.model).findMany({ where: { id: { in: rows.map((r) => r.id) } }, select: { id: true } })).map((r) => r.id),
      );
      for (const row of rows) if (!left.has(row.id)) keys.push(...holder.uploads.map((name) => row[name]));
    }
    return keys;
  }

  function uploadTo(fixed?: FieldDef) {
    return (ctx: AuthedContext & { query: { id: string }; body: z.infer<typeof ZUpload> }) => {
      const id = parseKey(def, ctx.query.id);
      const name = fixed?.name ?? ctx.body.name.split(".")[0];
      const field = uploadFields.find((f) => f.name === name);
      if (!field) throw fieldRefusal("name", ctx.t("api.uploadField", { field: String(name) }));
      return upload(
        ctx,
        {
          def,
          field,
          current: async (key) => {
            const record = await delegateOf(ctx.db, server.model).findFirst({ where: scoped({ id: key }) });
            return record ? { previous: (record[field.name] as string | null) ?? null } : null;
          },
          save: async (tx, key, value) => {
            await guard(tx, key, ctx);
            await delegateOf(tx, server.model).updateMany({ where: scoped({ id: key }), data: { [field.name]: value } });
          },
        },
        id,
        ctx.body,
      );
    };
  }

  // A write the definition does not offer is refused (after auth and permission), so a list without them is read-only;
  // its body is then any record, never read.
  const offers = (actions: readonly ResourceAction[]) => actions.some((a) => def.actions.includes(a));
  const only = <C, R>(actions: readonly ResourceAction[], handler: (ctx: C) => R) =>
    offers(actions)
      ? handler
      : (): R => {
          throw new AppError(-405, "api.actionNotAllowed", 405);
        };
  const ZAnyRecord = z.record(z.string(), z.unknown());
  // A form's fields are named by the resource's labels; the query, the path and a body that is no object as elsewhere.
  const recordLabel = ownLabels(fieldByName.keys(), labelKeyOf(def));
  const formLabel = (field: string, part: Part) => (part === "body" ? recordLabel(field) : `fields.${field}`);

  const ZId = z.object({ id: z.string().min(1).max(64) });
  const ZUploadQuery = z.object({ id: z.string().min(1).max(64) });
  const ZDryRun = z.enum(["true", "false"]).optional();
  const ZCreateQuery = z.object({ parentId: z.string().max(64).optional(), dryRun: ZDryRun });
  const ZEditQuery = z.object({ dryRun: ZDryRun });
  const ZDeleteQuery = z.object({ confirm: z.string().optional() });
  const ZListQuery = listSchema.extend({ format: z.enum(["xlsx"]).optional() });
  const listLabel = (field: string) => (filterNames.has(field) ? labelKeyOf(def)(field) : `fields.${field}`);
  const ZImportQuery = z.object({ dryRun: z.enum(["true", "false"]).optional(), parentId: z.string().max(64).optional() });
  const ZImportBody = z.object({ data: z.string().min(1).max(UPLOAD_BODY_LIMIT) });
  const m = def.module;
  return [
    authedRoute({
      method: "GET",
      path: `${def.id}/get`,
      auth: "user",
      module: m,
      alsoAllowed: mayPick(`${def.id}/get`, { pickOnly: true }),
      query: ZListQuery,
      labelKey: listLabel,
      handler: (ctx) => list(ctx, ctx.query),
    }),
    authedRoute({ method: "GET", path: `${def.id}/get/{id}`, auth: "user", module: m, params: ZId, handler: getOne }),
    authedRoute({
      method: "POST",
      path: `${def.id}/create`,
      auth: "user",
      module: m,
      query: ZCreateQuery,
      body: offers(["create"]) ? createSchema : ZAnyRecord,
      fillBody: (body, query) => filled(body, query.parentId),
      labelKey: formLabel,
      handler: only(["create"], create),
    }),
    authedRoute({
      method: "POST",
      path: `${def.id}/edit/{id}`,
      auth: "user",
      module: m,
      params: ZId,
      query: ZEditQuery,
      body: offers(["edit"]) ? editSchema : ZAnyRecord,
      labelKey: formLabel,
      handler: only(["edit"], edit),
    }),
    authedRoute({
      method: "POST",
      path: `${def.id}/delete/{id}`,
      auth: "user",
      module: m,
      params: ZId,
      query: ZDeleteQuery,
      handler: only(["delete"], remove),
    }),
    ...(def.actions.includes("import")
      ? [
          authedRoute({ method: "GET", path: `${def.id}/importTemplate`, auth: "user", module: m, handler: (ctx: AuthedContext) => importTemplate(def, ctx) }),
          authedRoute({
            method: "POST",
            path: `${def.id}/importAttach`,
            auth: "user",
            module: m,
            query: ZImportQuery,
            body: ZImportBody,
            maxBytes: UPLOAD_BODY_LIMIT,
            handler: (ctx: AuthedContext & { body: { data: string }; query: { dryRun?: string; parentId?: string } }) =>
              importRecords({ def, prepare, write, rows: rowReader(ctx) }, ctx),
          }),
        ]
      : []),
    ...(uploadFields.length
      ? [undefined, ...uploadFields].map((field) =>
          authedRoute({
            method: "POST",
            path: `${def.id}/${field?.name ?? "file"}`,
            auth: "user",
            module: m,
            query: ZUploadQuery,
            body: ZUpload,
            maxBytes: UPLOAD_BODY_LIMIT,
            handler: only(["create", "edit"], uploadTo(field)),
          }),
        )
      : []),
  ];
}

/**
 * A model several resources reach (a person is a student, a relative, staff, or just a user) obeys the stricter right:
 * each resource learns which others answer for rows of its model (those that write and say which rows they own).
 */
export function withOwners(servers: readonly ResourceServer[]): ResourceServer[] {
  const writes = (def: ResourceDef) => def.actions.some((a) => a === "create" || a === "edit" || a === "delete" || a === "import");
  const models = new Map(servers.map((s) => [s.def.id, s.model]));
  return servers.map((server) => {
    const owners = servers
      .filter((other) => other.model === server.model && other.def.module !== server.def.module && writes(other.def))
      .flatMap((other): RowOwner[] => {
        const where = other.owns ?? other.scope?.where;
        return where ? [{ module: other.def.module, where }] : [];
      });
    // Resources over one model (tracking's four) hold files in the same rows: one holder a model and field.
    const byLink = new Map<string, FileHolder>();
    for (const holder of servers.flatMap((other) => holdersOf(other, server, models))) {
      const key = `${holder.model}.${holder.field}`;
      byLink.set(key, { ...holder, uploads: [...new Set([...(byLink.get(key)?.uploads ?? []), ...holder.uploads])] });
    }
    const dependents = [...byLink.values()];
    return { ...server, ...(owners.length ? { owners } : {}), ...(dependents.length ? { dependents } : {}) };
  });
}

/**
 * Where `other` keeps files that belong with a record of `target`: the same row reached through another resource (a
 * staff member's signature when they are deleted as a user), or its rows whose fields pick one of `target`'s model.
 */
function holdersOf(other: ResourceServer, target: ResourceServer, models: ReadonlyMap<string, string>): FileHolder[] {
  const uploads = other.def.fields.filter((f) => UPLOAD_TYPES.has(f.type)).map((f) => f.name);
  if (uploads.length === 0) return [];
  if (other.model === target.model) return other === target ? [] : [{ model: other.model, field: "id", uploads }];
  return other.def.fields
    .filter(
      (f) =>
        f.options?.kind === "resource" && !f.options.path && !f.multiple && !other.virtual?.includes(f.name) && models.get(f.options.resource) === target.model,
    )
    .map((f) => ({ model: other.model, field: f.name, uploads }));
}
