import type { Prisma } from "@pizarra/db";
import type { AuthedContext } from "../http/context.ts";

export type AuditAction = "create" | "edit" | "delete";

/** One line of the audit trail (admAudit), written in the same transaction as the change it records. */
export async function audit(tx: Prisma.TransactionClient, ctx: AuthedContext, moduleId: string, action: AuditAction, recordId: unknown) {
  await tx.auditLog.create({
    data: { userId: ctx.user.id, userName: ctx.user.name, moduleId, action, recordId: String(recordId), ip: ctx.address },
  });
}
