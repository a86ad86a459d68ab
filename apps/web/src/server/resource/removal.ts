import type { TenantTx } from "@pizarra/db";
import { AppError, notFound } from "../http/app-error.ts";
import type { AuthedContext, Reply } from "../http/context.ts";
import { storage } from "../storage/storage.ts";
import { audit } from "./audit.ts";
import type { Guard } from "./guard.ts";
import type { Reader } from "./reader.ts";
import { delegateOf, type FileHolder, parseKey, type ResourceServer, type Row } from "./resource-server.ts";

/** Stored files no record points at any more; a file already gone is no failure. */
export const removeStored = (keys: string[]) =>
  Promise.all(
    keys.map((key) =>
      storage()
        .remove(key)
        .catch(() => {}),
    ),
  );

type Held = { holder: FileHolder; rows: Row[] };

/** The rows (of every module) that point at a record of `server` and keep files, with those files, read before it goes. */
async function fileHolders(server: ResourceServer, tx: TenantTx, id: number | string): Promise<Held[]> {
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

/**
 * `{resource}/delete/{id}?confirm=true`: the record, with its rules, guard and audit line in one transaction; its
 * stored files and those of the rows that went with it once that is committed. `served` is every resource the engine
 * serves, for the rules that look across them.
 */
export function removerOf(server: ResourceServer, reader: Reader, guard: Guard, served: readonly ResourceServer[]) {
  const { def } = server;
  const { scoped, uploadFields } = reader;
  return async function remove(ctx: AuthedContext & { params: { id: string }; query: { confirm?: string } }): Promise<Reply> {
    if (ctx.query.confirm !== "true") throw new AppError(-1, "api.confirmDelete", 400);
    const id = parseKey(def, ctx.params.id);
    const rules = server.rules;
    const files = await ctx.db.$transaction(async (tx) => {
      const needed = rules?.beforeDelete || rules?.afterDelete || rules?.filesGoingWith || uploadFields.length > 0;
      const record = needed ? await delegateOf(tx, server.model).findFirst({ where: scoped({ id }) }) : null;
      await guard(tx, id, ctx);
      if (record) await rules?.beforeDelete?.(tx, record, ctx);
      const going = (record && (await rules?.filesGoingWith?.(tx, record, ctx, served))) || [];
      const holders = await fileHolders(server, tx, id);
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
  };
}
