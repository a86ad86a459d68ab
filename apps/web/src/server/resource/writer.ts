import { labelKeyOf, type ResourceDef, recordSchema } from "@pizarra/contracts";
import type { TenantTx } from "@pizarra/db";
import { AppError, fieldRefusal, notFound } from "../http/app-error.ts";
import type { AuthedContext, Reply } from "../http/context.ts";
import { parseOrRefuse } from "../http/parse.ts";
import { audit } from "./audit.ts";
import type { Guard } from "./guard.ts";
import { identifierRules } from "./identifiers.ts";
import type { Reader } from "./reader.ts";
import { removeStored } from "./removal.ts";
import { delegateOf, parseKey, type ResourceServer, type Row } from "./resource-server.ts";
import { trial } from "./trial.ts";
import { toDb } from "./values.ts";

/** A record's values as the model takes them, and its virtual fields for rules.afterSave. */
export type Prepared = { data: Row; extra: Row };

/** What every write of one resource shares, worked out once a resource. */
interface WritePlan {
  server: ResourceServer;
  def: ResourceDef;
  reader: Reader;
  guard: Guard;
  virtual: ReadonlySet<string>;
  identifiers: ReturnType<typeof identifierRules> | null;
}

/** Form values as the model takes them (`data`) and the virtual fields the rules write (`extra`). */
function split({ reader, virtual }: WritePlan, values: Row): Prepared {
  const data: Row = {};
  const extra: Row = {};
  for (const [name, value] of Object.entries(values)) {
    const field = reader.fieldByName.get(name);
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

/** A new record's values before its schema reads them: the sub-grid's parent (from ?parentId=), then the defaults. */
function filled(def: ResourceDef, body: Row, parentId: unknown): Row {
  const input = { ...body };
  if (def.parent && parentId !== undefined) input[def.parent.field] ??= parentId;
  for (const f of def.fields) if (input[f.name] === undefined && f.default !== undefined) input[f.name] = f.default;
  return input;
}

/** A parsed new record as `create` writes it. */
function toWrite(plan: WritePlan, ctx: AuthedContext, values: Row, parentId: unknown): Prepared {
  const { def } = plan;
  const prepared = split(plan, values);
  // A sub-grid's row needs its parent: a form field or, when it is none (an exception's period), ?parentId= alone.
  if (def.parent && (prepared.data[def.parent.field] ?? null) === null) {
    const { field } = def.parent;
    if (plan.reader.fieldByName.has(field) || parentId === undefined)
      throw fieldRefusal(field, ctx.t("validation.required", { attribute: ctx.t(labelKeyOf(def)(field)) }));
    prepared.data[field] = toDb({ name: field, type: "number" }, parentId);
  }
  return prepared;
}

/** A model write whose unique claim lost a race with another save answers as the check before it would have. */
async function claiming<T>(plan: WritePlan, ctx: AuthedContext, write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    throw plan.identifiers?.takenRefusal(error, ctx) ?? error;
  }
}

/** A new record with its rules, identifiers, guard and audit line, in the caller's transaction. */
async function write(plan: WritePlan, tx: TenantTx, ctx: AuthedContext, { data, extra }: Prepared): Promise<unknown> {
  const { server } = plan;
  await server.rules?.beforeSave?.(tx, data, ctx, null);
  await plan.identifiers?.refuseTaken(delegateOf(tx, server.model), ctx, data, null);
  const created = await claiming(plan, ctx, delegateOf(tx, server.model).create({ data: { ...data, ...server.scope?.data } }));
  await server.rules?.afterSave?.(tx, created.id as number, extra, ctx);
  await plan.guard(tx, created.id as number, ctx);
  await audit(tx, ctx, plan.def.module, "create", created.id);
  return created.id;
}

/** A trial (`?dryRun=true`) needs the resource's own answer to say what the save would do. */
function isTrial(server: ResourceServer, query: { dryRun?: string }): boolean {
  const dryRun = query.dryRun === "true";
  if (dryRun && !server.answer) throw new AppError(-1, "api.actionNotAllowed", 400);
  return dryRun;
}

/** The save's answer: the resource's own, else `fallback`; with the record's key (none for a trial's new one, never kept). */
const answered = (id: unknown, own: Reply<Row> | null, fallback: string): Reply =>
  own ? { ...own, data: { ...own.data, ID: id } } : { data: { ID: id }, msgKey: fallback };

async function create(plan: WritePlan, ctx: AuthedContext & { body: Row; query: { parentId?: string; dryRun?: string } }): Promise<Reply> {
  const prepared = toWrite(plan, ctx, ctx.body, ctx.query.parentId);
  const dryRun = isTrial(plan.server, ctx.query);
  const save = async (tx: TenantTx) => {
    const id = await write(plan, tx, ctx, prepared);
    return { id, own: (await plan.server.answer?.(tx, id as number, ctx, dryRun)) ?? null };
  };
  const { id, own } = dryRun ? await trial(ctx.db, save) : await ctx.db.$transaction(save);
  return answered(dryRun ? null : id, own, "api.created");
}

async function edit(plan: WritePlan, ctx: AuthedContext & { body: Row; params: { id: string }; query: { dryRun?: string } }): Promise<Reply> {
  const { server, reader } = plan;
  const id = parseKey(plan.def, ctx.params.id);
  const { data, extra } = split(plan, ctx.body);
  const dryRun = isTrial(server, ctx.query);
  const cleared = reader.uploadFields.filter((f) => data[f.name] === null).map((f) => f.name);
  const where = reader.scoped({ id });
  const save = async (tx: TenantTx) => {
    const before = cleared.length ? await delegateOf(tx, server.model).findFirst({ where }) : null;
    await plan.guard(tx, id, ctx);
    await server.rules?.beforeSave?.(tx, data, ctx, id);
    await plan.identifiers?.refuseTaken(delegateOf(tx, server.model), ctx, data, id);
    const { count } = await claiming(plan, ctx, delegateOf(tx, server.model).updateMany({ where, data }));
    if (count === 0) throw notFound();
    await server.rules?.afterSave?.(tx, id, extra, ctx);
    await plan.guard(tx, id, ctx);
    await audit(tx, ctx, plan.def.module, "edit", id);
    const removed = cleared.map((name) => before?.[name]).filter((key): key is string => typeof key === "string");
    return { removed, own: (await server.answer?.(tx, id, ctx, dryRun)) ?? null };
  };
  if (dryRun) return answered(id, (await trial(ctx.db, save)).own, "api.saved");
  const { removed, own } = await ctx.db.$transaction(save);
  // A stored file taken away goes once the change is committed (a failed save keeps it).
  await removeStored(removed);
  return answered(id, own, "api.saved");
}

export type Writer = ReturnType<typeof writerOf>;

/**
 * How a resource writes: a new record (`{resource}/create`, and each line of an import), a change
 * (`{resource}/edit/{id}`), each with its rules, identifiers, guard and audit line in one transaction, or as a trial
 * (`?dryRun=true`) that runs whole and keeps nothing.
 */
export function writerOf(server: ResourceServer, reader: Reader, guard: Guard) {
  const { def } = server;
  const identifiers = server.identifiers ? identifierRules(def, server.identifiers) : null;
  const plan: WritePlan = { server, def, reader, guard, virtual: new Set(server.virtual ?? []), identifiers };
  const createSchema = recordSchema(def, "create");
  return {
    createSchema,
    editSchema: recordSchema(def, "edit"),
    filled: (body: Row, parentId: unknown) => filled(def, body, parentId),
    /** One line of an import, checked the way the wrapper checks a `create` body (filled, then the schema). */
    prepare: (ctx: AuthedContext, input: Row, parentId: unknown): Prepared =>
      toWrite(plan, ctx, parseOrRefuse(createSchema, filled(def, input, parentId), ctx.t, labelKeyOf(def)) as Row, parentId),
    write: (tx: TenantTx, ctx: AuthedContext, prepared: Prepared) => write(plan, tx, ctx, prepared),
    create: (ctx: AuthedContext & { body: Row; query: { parentId?: string; dryRun?: string } }) => create(plan, ctx),
    edit: (ctx: AuthedContext & { body: Row; params: { id: string }; query: { dryRun?: string } }) => edit(plan, ctx),
  };
}
