import { type Db, forTenant, type TenantDb } from "@pizarra/db";
import { z } from "zod";
import { type Progress, recordFailure, recordProgress } from "../../delivery/ledger.ts";
import { jobKind } from "../../delivery/queue.ts";

/** One status in Meta's webhook notification: of a message we sent, by its provider id. */
export const ZStatus = z.object({
  id: z.string().min(1),
  status: z.string(),
  timestamp: z.union([z.string(), z.number()]).optional(),
  /** The ledger key the message was sent with, echoed by Meta: it finds a message whose provider id is not stored yet. */
  biz_opaque_callback_data: z.string().max(300).optional(),
  errors: z.array(z.object({ code: z.number().optional(), title: z.string().optional(), message: z.string().optional() }).loose()).optional(),
});

/**
 * A WhatsApp status callback (sent, delivered, read, failed), checked and queued by the webhook with the school that
 * owns the number it came to, whose messages alone it may move.
 */
export const WHATSAPP_STATUS = jobKind("whatsapp-status", ZStatus.extend({ tenantId: z.number().int().positive() }));
export type StatusUpdate = z.infer<typeof WHATSAPP_STATUS.payload>;

/** The statuses the ledger follows; Meta's others ("deleted", "warning") say nothing about delivery. */
const ZLedgerStatus = z.enum(["sent", "delivered", "read", "failed"]);

/**
 * Statuses of messages we sent, a batch taken from the queue by the worker, each applied to the messages of the
 * school whose number it came to: deliveries and reads move their ledger rows forward together (recordProgress),
 * failures one by one (recordFailure: each may fall back to another channel). A job without its school (queued
 * before statuses named one) does not parse: the queue drops it (declareJob), never applied to whichever school has
 * the id.
 */
export async function applyStatuses(system: Db, statuses: StatusUpdate[]): Promise<void> {
  const bySchool = new Map<number, StatusUpdate[]>();
  for (const status of statuses) bySchool.set(status.tenantId, [...(bySchool.get(status.tenantId) ?? []), status]);
  for (const [tenantId, statuses] of bySchool) await applySchoolStatuses(forTenant(system, tenantId), statuses);
}

async function applySchoolStatuses(db: TenantDb, statuses: StatusUpdate[]): Promise<void> {
  const progress: Progress[] = [];
  for (const status of statuses) {
    const known = ZLedgerStatus.safeParse(status.status);
    if (!known.success) continue;
    const seconds = Number(status.timestamp);
    const at = Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date();
    const found = { providerId: status.id, key: status.biz_opaque_callback_data };
    if (known.data !== "failed") {
      progress.push({ ...found, status: known.data, at });
      continue;
    }
    const failure = status.errors?.[0];
    const error = failure ? [failure.code, failure.title ?? failure.message].filter((part) => part !== undefined).join(" ") : undefined;
    await recordFailure(db, "whatsapp", found, at, error);
  }
  if (progress.length) await recordProgress(db, "whatsapp", progress);
}
