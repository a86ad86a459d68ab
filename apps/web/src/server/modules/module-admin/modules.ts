import { switchableFields, type TModuleEdit, type TModuleEditAnswer, type TModuleListAnswer, type TModuleRow } from "@pizarra/contracts";
import { menuLabel } from "../../../client/menu.ts";
import { AppError, notFound } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { setModuleGroups } from "../groups/index.ts";

/** The school's modules, each with the menu it sits under named as the caller's menu names it. */
async function moduleRows(ctx: AuthedContext, where: { id?: string; parentId?: null }): Promise<TModuleRow[]> {
  const { db } = ctx;
  const [modules, groups] = await Promise.all([
    db.module.findMany({
      where,
      orderBy: [{ parentId: "asc" }, { sort: "asc" }],
      include: { parent: { select: { name: true, nameEN: true } }, access: true },
    }),
    db.userGroup.findMany({ orderBy: { name: "asc" }, select: { id: true, name: true } }),
  ]);
  return modules.map((m) => {
    const rights = new Map(m.access.map((a) => [a.groupId, a]));
    const choices = (pick: (a: { canRead: boolean; canWrite: boolean }) => boolean) =>
      groups.map((g) => ({ ID: g.id, name: g.name, selected: Boolean(rights.get(g.id) && pick(rights.get(g.id)!)) }));
    return {
      ID: m.id,
      name: m.name,
      nameEN: m.nameEN,
      desc: m.desc,
      descEN: m.descEN,
      icon: m.icon,
      parentId: m.parentId,
      parentName: m.parent ? menuLabel(m.parent, ctx.locale) : null,
      sort: m.sort,
      hidden: m.hidden,
      ai: m.ai,
      setupMsg: m.setupMsg,
      inactiveFields: m.inactiveFields,
      userRead: choices((a) => a.canRead || a.canWrite),
      userEdit: choices((a) => a.canWrite),
    };
  });
}

/** GET admModule/get (level=0&pick=true gives the top-level headings as a pick list). */
export async function listModules(ctx: AuthedContext & { query: { level?: number; pick?: string } }): Promise<Reply<TModuleListAnswer>> {
  const rows = await moduleRows(ctx, ctx.query.level === 0 ? { parentId: null } : {});
  const Results = ctx.query.pick === "true" ? rows.map((r) => ({ ID: r.ID, name: menuLabel(r, ctx.locale) })) : rows;
  return { data: { Results, RowCount: Results.length, PageCount: 1 } };
}

/** GET admModule/get/{id}. */
export async function getModule(ctx: AuthedContext & { params: { id: string } }): Promise<Reply<TModuleRow>> {
  const [row] = await moduleRows(ctx, { id: ctx.params.id });
  if (!row) throw notFound();
  return { data: row };
}

/** POST admModule/edit/{id}: labels, order and which groups may read and modify, in one transaction. */
export async function editModule(ctx: AuthedContext & { params: { id: string }; body: TModuleEdit }): Promise<Reply<TModuleEditAnswer>> {
  const { userRead, userEdit, ...fields } = ctx.body;
  if (fields.inactiveFields?.length) {
    // Only optional fields of the module's own screen can be switched off: a required one would block every save.
    const optional = new Set(switchableFields(ctx.params.id));
    const unknown = fields.inactiveFields.filter((name) => !optional.has(name));
    if (unknown.length) throw new AppError(-422, "api.inactiveFields", 422, { fields: unknown.join(", ") });
  }
  await ctx.db.$transaction(async (tx) => {
    const { count } = await tx.module.updateMany({ where: { id: ctx.params.id }, data: fields });
    if (count === 0) throw notFound();
    if (userRead || userEdit) {
      const write = new Set(userEdit ?? []);
      await setModuleGroups(tx, ctx, ctx.params.id, new Set([...(userRead ?? []), ...write]), write);
    }
  });
  return { data: { ID: ctx.params.id }, msgKey: "api.saved" };
}
