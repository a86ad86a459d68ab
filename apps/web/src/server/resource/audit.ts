import { flattenCatalogue } from "@pizarra/contracts";
import type { TenantDb, TenantTx } from "@pizarra/db";
import type { AuthedContext } from "../http/context.ts";
import type { Locale } from "../i18n.ts";

export type AuditAction = "create" | "edit" | "delete" | "invite" | "import" | "pay" | "refund";

/** Who a line names: a staff member's session, or a provider's webhook (no user: its name and the caller's address). */
export type Auditor = Pick<AuthedContext, "address"> & { user: { id: number | null; name: string } };

/**
 * One line of the audit trail (admAudit), written in the same transaction as the change it records; `detail` is what
 * the change moved where the record alone does not say it (a payment's amounts and receipt).
 */
export async function audit(
  tx: TenantTx,
  ctx: Auditor,
  moduleId: string,
  action: AuditAction,
  recordId: unknown,
  detail?: Record<string, string | number | string[]>,
) {
  await tx.auditLog.create({
    data: { userId: ctx.user.id, userName: ctx.user.name, moduleId, action, recordId: String(recordId), ip: ctx.address, ...(detail ? { detail } : {}) },
  });
}

/** The catalogue's own names, for a line about a module the school's menu no longer holds. */
const CATALOGUE_NAMES = new Map(flattenCatalogue().map((m) => [m.id, m]));

/**
 * A decorate step of the audit list: `moduleName` is the module as the school's menu names it in the
 * caller's language (a school may rename its modules), else as the catalogue does, else its id.
 */
export async function auditModuleNames(db: TenantDb | TenantTx, rows: Record<string, unknown>[], ctx: { locale: Locale }) {
  const ids = [...new Set(rows.map((r) => r.moduleId).filter((v): v is string => typeof v === "string"))];
  if (ids.length === 0) return;
  const modules = await db.module.findMany({ where: { id: { in: ids } }, select: { id: true, name: true, nameEN: true } });
  const named = new Map(modules.map((m) => [m.id, m]));
  for (const row of rows) {
    const module = named.get(row.moduleId as string) ?? CATALOGUE_NAMES.get(row.moduleId as string);
    row.moduleName = module ? (ctx.locale === "en" ? module.nameEN || module.name : module.name) : (row.moduleId ?? null);
  }
}
