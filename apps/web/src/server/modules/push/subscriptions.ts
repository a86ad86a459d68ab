import type { TPushEndpoint, TPushKeyAnswer, TPushStateAnswer, TPushSubscribe } from "@pizarra/contracts";
import { forTenant, lockKey } from "@pizarra/db";
import { push } from "../../channels/push.ts";
import { env } from "../../env.ts";
import { AppError } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { ownLabels } from "../../http/parse.ts";

/** A person's devices in one school: a browser subscribed past these replaces the one subscribed longest ago. */
export const MAX_DEVICES = 10;

/** Refusals name the fields with the push section's labels, in the caller's language (a body that is no object: "value"). */
export const pushLabel = ownLabels(["endpoint", "keys", "p256dh", "auth"], (field) => `push.fields.${field}`);

/** The browser that asked, kept to tell a person's devices apart: printable text, bounded. */
const userAgentOf = (ctx: AuthedContext) => {
  const agent = ctx.headers
    .get("user-agent")
    ?.replace(/[^\x20-\x7e]/g, "")
    .trim();
  return agent ? agent.slice(0, 300) : null;
};

/**
 * The server does not offer push at all (no VAPID keys): a state of the server, not of the request (409, not a 5xx:
 * nothing failed), which the toggle tells apart from a failure and answers by not showing itself.
 */
function refuseUnconfigured(): void {
  if (!push.configured()) throw new AppError(-409, "push.notConfigured", 409);
}

/** GET push/key → {publicKey}: the server's VAPID public key, which the browser subscribes with. */
export async function pushKey(): Promise<Reply<TPushKeyAnswer>> {
  refuseUnconfigured();
  // Configured: the key is set.
  return { data: { publicKey: env().VAPID_PUBLIC_KEY! } };
}

/**
 * POST push/subscribe {endpoint, keys}: this browser now receives the caller's notifications of this school.
 *
 * An endpoint is one browser's (the push service mints it for one service worker registration), so it belongs to
 * one person in one school at a time: the one who turned notifications on there last. Held by someone else (another
 * person who used this computer, or the same person in another school), it moves to the caller; otherwise the
 * previous holder's notifications would keep appearing on a browser someone else now uses. Taking an endpoint one
 * did not get from one's own browser gains nothing: messages are encrypted to the keys sent with it and delivered
 * to the browser that owns it, so a stranger who learnt an endpoint could at most stop its owner's notifications
 * until that browser subscribes again, and endpoints are unguessable capability URLs that never leave their browser
 * and this server.
 */
export async function subscribe(ctx: AuthedContext & { body: TPushSubscribe }): Promise<Reply<TPushStateAnswer>> {
  refuseUnconfigured();
  const { endpoint, keys } = ctx.body;
  const device = { userId: ctx.user.id, p256dh: keys.p256dh, auth: keys.auth, userAgent: userAgentOf(ctx) };
  // The unscoped transaction only to release the endpoint from another school; everything else is scoped as usual.
  await ctx.system.$transaction(async (tx) => {
    const school = forTenant(tx, ctx.user.tenantId);
    // The person's subscriptions take turns to the commit, so that each trims what the others wrote to MAX_DEVICES.
    await lockKey(school, "pushDevices", ctx.user.id);
    const held = await school.pushSubscription.findFirst({ where: { endpoint }, select: { id: true } });
    if (held) {
      await school.pushSubscription.update({ where: { id: held.id }, data: { ...device, createdAt: new Date(), lastUsedAt: null } });
    } else {
      await tx.pushSubscription.deleteMany({ where: { endpoint } });
      await school.pushSubscription.create({ data: { endpoint, ...device } });
    }
    const older = await school.pushSubscription.findMany({
      where: { userId: ctx.user.id, endpoint: { not: endpoint } },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: MAX_DEVICES - 1,
      select: { id: true },
    });
    if (older.length) await school.pushSubscription.deleteMany({ where: { id: { in: older.map((o) => o.id) } } });
  });
  return { data: { on: true }, msgKey: "push.subscribed" };
}

/** POST push/status {endpoint} → {on}: whether this browser receives the caller's notifications here (the toggle's state). */
export async function pushStatus(ctx: AuthedContext & { body: TPushEndpoint }): Promise<Reply<TPushStateAnswer>> {
  const held = await ctx.db.pushSubscription.count({ where: { endpoint: ctx.body.endpoint, userId: ctx.user.id } });
  return { data: { on: held > 0 } };
}

/**
 * POST push/unsubscribe {endpoint}: this browser stops receiving the caller's notifications. Only the caller's own
 * subscription goes; an endpoint someone else holds is left alone and answered the same way, so the call tells
 * nothing about other people's devices.
 */
export async function unsubscribe(ctx: AuthedContext & { body: TPushEndpoint }): Promise<Reply<TPushStateAnswer>> {
  await ctx.db.pushSubscription.deleteMany({ where: { endpoint: ctx.body.endpoint, userId: ctx.user.id } });
  return { data: { on: false }, msgKey: "push.unsubscribed" };
}
