import { type FieldDef, PICK_PAGE_MAX, type ResourceDef, UPLOAD_TYPES } from "@pizarra/contracts";
import { AppError, notFound } from "../http/app-error.ts";
import type { AuthedContext, Reply } from "../http/context.ts";
import { fileUrl } from "../storage/storage.ts";
import { exportSheet } from "./export-sheet.ts";
import { queryOf } from "./list-query.ts";
import type { RowReader } from "./references.ts";
import { columnsOf, type Delegate, delegateOf, parseKey, type ResourceServer, type Row } from "./resource-server.ts";
import { matchScore, searchWords } from "./search-text.ts";
import { fromDb } from "./values.ts";
import { xlsxResponse } from "./xlsx.ts";

const EXPORT_LIMIT = 100_000;
const PRINT_PAGE = 1_000;
/** Spec 000 §2.7: the page count estimated when the total was not counted. */
const ESTIMATED_TOTAL = 9_999;
/** A people search ranks at most this many matches; past it the list's own order stands (a common surname's page). */
const RANK_LIMIT = 500;

/** What every read of one resource shares, worked out once a resource. */
interface ReadPlan {
  server: ResourceServer;
  def: ResourceDef;
  query: ReturnType<typeof queryOf>;
  orderBy: Row[];
  uploadFields: FieldDef[];
  /** How a record is read for its row (lists, prints, exports, one record): whole with its relations, or `fieldsOnly`. */
  read: Row;
  /** Other resources' rows an export names records by. */
  labelRows: (ctx: AuthedContext) => RowReader;
}

function planOf(server: ResourceServer, labelRows: (ctx: AuthedContext) => RowReader): ReadPlan {
  const { def } = server;
  const columns = server.fieldsOnly ? columnsOf(server.model) : null;
  const read: Row = columns
    ? { select: { id: true, ...Object.fromEntries(def.fields.filter((f) => columns.has(f.name)).map((f) => [f.name, true])), ...server.include } }
    : { include: server.include };
  const orderBy = [...(server.orderFirst ?? []), ...(def.orderBy ?? []).map((o) => ({ [o.field === "ID" ? "id" : o.field]: o.dir })), { id: "asc" }];
  return { server, def, query: queryOf(server), orderBy, uploadFields: def.fields.filter((f) => UPLOAD_TYPES.has(f.type)), read, labelRows };
}

/** Records as the resource answers them: its fields, each file field's link, its display fields and decorations. */
async function rowsOf({ server, def, uploadFields }: ReadPlan, ctx: AuthedContext, records: Row[]): Promise<Row[]> {
  const rows = records.map((record) => {
    const row: Row = { ID: fromDb(undefined, record.id) };
    for (const field of def.fields) if (field.name !== "ID" && field.name in record) row[field.name] = fromDb(field, record[field.name]);
    // Spec 000 §7: file fields come with a Url field (here a signed, expiring link).
    for (const field of uploadFields) row[`${field.name}Url`] = fileUrl(record[field.name] as string | null);
    return { ...row, ...server.display?.(record, ctx.user) };
  });
  await server.decorate?.(ctx.db, rows, ctx);
  return rows;
}

/** The records of these ids with their relations, in the order of the ids. */
async function byIds(plan: ReadPlan, model: Delegate, ids: unknown[]): Promise<Row[]> {
  const byId = new Map<unknown, Row>((await model.findMany({ where: { id: { in: ids } }, ...plan.read })).map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
}

type PageOf = { model: Delegate; w: Row; page: number; size: number };

/**
 * The page of a people search, best match first: the matches' ids and search texts in the list's order (one query
 * the trigram index serves), ranked when there are no more than RANK_LIMIT, then the page's rows by id. Null when
 * the page lies past the matches read, for the plain query to answer.
 */
async function rankedPage(plan: ReadPlan, { model, w, page, size }: PageOf, typed: string, people: { through?: string }) {
  const select = people.through ? { id: true, [people.through]: { select: { searchText: true } } } : { id: true, searchText: true };
  const matches = await model.findMany({ where: w, orderBy: plan.orderBy, take: RANK_LIMIT + 1, select });
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
  return { records: await byIds(plan, model, order.slice(start, start + size + 1)), total: ranked ? order.length : null };
}

/** A page's records (one more than the page, to tell whether more follow), a people search's best first, and its total when ranked. */
async function pageRecords(plan: ReadPlan, at: PageOf, q: Row): Promise<{ records: Row[]; total: number | null }> {
  const people = plan.query.peopleSearched(q);
  const typed = plan.query.typedText(q);
  // A full name, a code, a document or an e-mail is ranked however many match it; one word ("gar", "garcía": thousands
  // of García) only when its matches fit one page: ranking thousands of equal matches costs more than it tells.
  const specific = people !== null && (searchWords(typed).length > 1 || /[\d@]/.test(typed));
  const best = specific ? await rankedPage(plan, at, typed, people) : null;
  if (best) return best;
  const { model, w, page, size } = at;
  const records = await model.findMany({ where: w, orderBy: plan.orderBy, skip: (page - 1) * size, take: size + 1, ...plan.read });
  if (people && !specific && page === 1 && records.length > 1 && records.length <= size) {
    return (await rankedPage(plan, at, typed, people)) ?? { records, total: null };
  }
  return { records, total: null };
}

/** A pick list's page (spec 000 §2.8): each row's ID and its name's fields joined, with its picture and description. */
function pickPage(def: ResourceDef, rows: Row[], more: boolean, page: number, size: number): Reply {
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

/** The list for a parsed list query (`listQuerySchema(def)`): a page, a pick list's page, or a print or export of every row. */
async function list(plan: ReadPlan, ctx: AuthedContext, q: Row): Promise<Reply> {
  const { def } = plan;
  const model = delegateOf(ctx.db, plan.server.model);
  const w = plan.query.where(q, ctx.user);
  if (q.print === "true") {
    if (def.printRoles && !def.printRoles.includes(ctx.user.roleCode)) throw new AppError(-403, "api.printRole", 403);
    return printAll(plan, ctx, model, w, q.format === "xlsx");
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
  const { records, total } = await pageRecords(plan, { model, w, page, size }, q);
  const more = records.length > size;
  const rows = await rowsOf(plan, ctx, records.slice(0, size));
  if (q.pick === "true") return pickPage(def, rows, more, page, size);
  if (q.count === "true") {
    const RowCount = total ?? (await model.count({ where: w }));
    return { data: { Results: rows, RowCount, PageCount: Math.max(1, Math.ceil(RowCount / size)) } };
  }
  const RowCount = more ? -1 : (page - 1) * size + rows.length;
  const PageCount = more ? Math.max(page + 1, Math.ceil(ESTIMATED_TOTAL / size)) : page;
  return { data: { Results: rows, RowCount, PageCount } };
}

/**
 * Every matching row, for print and export, a page at a time: the ids in order first (one query), then each page
 * by its ids, so that the last page of 20,000 rows costs what the first does (OFFSET reads every row before it).
 */
async function* pages(plan: ReadPlan, ctx: AuthedContext, model: Delegate, w: Row): AsyncGenerator<Row[]> {
  const ids = (await model.findMany({ where: w, orderBy: plan.orderBy, take: EXPORT_LIMIT, select: { id: true } })).map((r) => r.id);
  for (let start = 0; start < ids.length; start += PRINT_PAGE) {
    yield await rowsOf(plan, ctx, await byIds(plan, model, ids.slice(start, start + PRINT_PAGE)));
  }
}

async function printAll(plan: ReadPlan, ctx: AuthedContext, model: Delegate, w: Row, xlsx: boolean): Promise<Reply> {
  if (xlsx) {
    const title = ctx.t(`resources.${plan.def.id}.title`);
    const sheet = await exportSheet(plan.def, ctx.t, plan.labelRows(ctx));
    const values = (async function* () {
      for await (const batch of pages(plan, ctx, model, w)) yield batch.map(sheet.cells);
    })();
    return { data: null, response: xlsxResponse(`${title}.xlsx`, title, sheet.headers, values) };
  }
  const Results: Row[] = [];
  for await (const batch of pages(plan, ctx, model, w)) Results.push(...batch);
  return { data: { Results, RowCount: Results.length, PageCount: 1 } };
}

/** `{resource}/get/{id}`: one record as its row. */
async function get(plan: ReadPlan, ctx: AuthedContext & { params: { id: string } }): Promise<Reply> {
  const where = plan.query.scoped({ id: parseKey(plan.def, ctx.params.id) });
  const record = await delegateOf(ctx.db, plan.server.model).findFirst({ where, ...plan.read });
  if (!record) throw notFound();
  return { data: (await rowsOf(plan, ctx, [record]))[0] };
}

export type Reader = ReturnType<typeof readerOf>;

/**
 * How a resource reads its rows: its list (`{resource}/get`: a page, a pick list, a count, a print or an export) and
 * one record, built once a resource for its own routes and for the calls that show its rows elsewhere. `labelRows`
 * lends an export the other resources' rows it names records by.
 */
export function readerOf(server: ResourceServer, labelRows: (ctx: AuthedContext) => RowReader) {
  const plan = planOf(server, labelRows);
  const { fieldByName, filterNames, scoped } = plan.query;
  return {
    fieldByName,
    filterNames,
    scoped,
    uploadFields: plan.uploadFields,
    list: (ctx: AuthedContext, q: Row) => list(plan, ctx, q),
    get: (ctx: AuthedContext & { params: { id: string } }) => get(plan, ctx),
  };
}
