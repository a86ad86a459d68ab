import type { TCardOnFileAnswer } from "@pizarra/contracts";
import { type TenantDb, type TenantTx, tenantOf } from "@pizarra/db";
import { cardProvider, type SavedCard } from "../../channels/payments/index.ts";
import { GUARDIAN_KINDS } from "../../delivery/guardians.ts";
import { notFound } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { log } from "../../log.ts";
import { audit } from "../../resource/audit.ts";
import { payersOf } from "./payer-split.ts";

/**
 * Cards on file (001 §7 automaticCharge): a guardian's card kept at the provider by their consent on its checkout
 * page, one per guardian and provider (the unique index; a newer consent replaces the older card), seen by staff as
 * brand, last 4 and expiry, and removed by them.
 */

/** The link kinds a payer guardian is found among (the SQL of the automatic charge reads the same links). */
export const PAYER_KINDS = GUARDIAN_KINDS;

/** The guardian who pays for a student (payer-split.ts: the first payer) and their card, if any. */
export async function payerOf(tx: TenantTx, studentId: number, provider: string): Promise<{ guardianId: number; customerId: string | null } | null> {
  const payer = (await payersOf(tx, [studentId], false)).get(studentId)?.[0];
  if (!payer) return null;
  const card = await tx.cardOnFile.findFirst({ where: { guardianId: payer.relativeId, provider }, select: { customerId: true } });
  return { guardianId: payer.relativeId, customerId: card?.customerId ?? null };
}

/**
 * Keeps the card a guardian chose to keep on a checkout (its webhook, after read-back): the guardian's one card at
 * the provider, replaced by the newer. A guardian no longer in the school keeps nothing.
 */
export async function keepCard(db: TenantDb, provider: string, guardianId: number, card: SavedCard): Promise<void> {
  const guardian = await db.user.findFirst({ where: { id: guardianId }, select: { id: true } });
  if (!guardian) return;
  // One statement: two deliveries of the webhook at once meet on the unique index, not on a read.
  await db.$executeRaw`
    INSERT INTO "CardOnFile" ("tenantId", "guardianId", provider, "customerId", "paymentMethodId", brand, last4, "expMonth", "expYear", "updatedAt")
    VALUES (${tenantOf(db)}, ${guardianId}, ${provider}, ${card.customerId}, ${card.paymentMethodId}, ${card.brand}, ${card.last4}, ${card.expMonth}, ${card.expYear}, now())
    ON CONFLICT ("tenantId", "guardianId", provider) DO UPDATE SET "customerId" = excluded."customerId",
      "paymentMethodId" = excluded."paymentMethodId", brand = excluded.brand, last4 = excluded.last4,
      "expMonth" = excluded."expMonth", "expYear" = excluded."expYear", "updatedAt" = now()`;
}

type Params = { params: { guardianId: number } };

/** GET admBilling/cardOnFile/{guardianId}: the guardian's card as staff see it, or none. */
export async function getCardOnFile(ctx: AuthedContext & Params): Promise<Reply<TCardOnFileAnswer>> {
  const guardian = await ctx.db.user.findFirst({ where: { id: ctx.params.guardianId }, select: { id: true } });
  if (!guardian) throw notFound();
  const card = await ctx.db.cardOnFile.findFirst({
    where: { guardianId: guardian.id },
    orderBy: { updatedAt: "desc" },
    select: { provider: true, brand: true, last4: true, expMonth: true, expYear: true, createdAt: true },
  });
  return { data: { card: card ? { ...card, createdAt: card.createdAt.toISOString() } : null } };
}

/**
 * POST admBilling/cardOnFile/{guardianId}/remove: the card is forgotten here (no automatic charge takes it from now
 * on) and detached at the provider. The provider's detach follows the commit: should it fail, the card is already
 * out of the school's reach, and the failure is logged for the bursar's provider console.
 */
export async function removeCardOnFile(ctx: AuthedContext & Params): Promise<Reply<TCardOnFileAnswer>> {
  const removed = await ctx.db.$transaction(async (tx) => {
    const cards = await tx.cardOnFile.findMany({
      where: { guardianId: ctx.params.guardianId },
      select: { id: true, provider: true, paymentMethodId: true, last4: true },
    });
    if (cards.length === 0) throw notFound();
    await tx.cardOnFile.deleteMany({ where: { id: { in: cards.map((c) => c.id) } } });
    await audit(tx, ctx, "admBilling", "delete", `cardOnFile/${ctx.params.guardianId}`, { last4: cards.map((c) => c.last4) });
    return cards;
  });
  const provider = cardProvider();
  for (const card of removed) {
    if (provider?.name !== card.provider) continue;
    await provider.removeCard(card.paymentMethodId).catch((error: unknown) => {
      log().warn({ err: error, guardianId: ctx.params.guardianId }, "Card on file: forgotten here, but the provider did not detach it");
    });
  }
  return { data: { card: null }, msgKey: "billing.autoCharge.cardRemoved" };
}
