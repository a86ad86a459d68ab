import type { TUnsubscribeAnswer, TUnsubscribeToken } from "@pizarra/contracts";
import { forTenant } from "@pizarra/db";
import { verifyUnsubscribe } from "../../delivery/unsubscribe-link.ts";
import { AppError } from "../../http/app-error.ts";
import type { BaseContext, Reply } from "../../http/context.ts";
import { log } from "../../log.ts";
import { optOut } from "./opt-out-rules.ts";

/** A link that is genuine but past its time (410), or not genuine or naming no one of its school (401): logged, nothing stored. */
function refused(ctx: BaseContext, why: "expired" | "tampered, of another purpose or malformed" | "no such person"): AppError {
  log().info({ address: ctx.address, why }, "unsubscribe link refused");
  return why === "expired" ? new AppError(-410, "delivery.unsubscribe.expired", 410) : new AppError(-401, "delivery.unsubscribe.invalid", 401);
}

/** The link's school and person, read the same way by both verbs, or its refusal. */
async function personOf(ctx: BaseContext & { params: TUnsubscribeToken }) {
  const claims = await verifyUnsubscribe(ctx.params.token);
  if (claims === "expired") throw refused(ctx, "expired");
  if (!claims) throw refused(ctx, "tampered, of another purpose or malformed");
  const db = forTenant(ctx.system, claims.tenantId);
  const person = await db.user.findFirst({
    where: { id: claims.userId },
    select: {
      id: true,
      name: true,
      tenant: { select: { title: true } },
      channelOptOuts: { where: { channel: claims.channel }, select: { channel: true } },
    },
  });
  if (!person) throw refused(ctx, "no such person");
  /** What the page shows of the link, as the GET finds it or as the POST leaves it. */
  const state = (unsubscribed: boolean): TUnsubscribeAnswer => ({
    school: person.tenant.title,
    firstName: person.name.trim(),
    channel: claims.channel,
    unsubscribed,
  });
  return { db, claims, person, state };
}

/**
 * POST unsubscribe/{token}: the List-Unsubscribe link of every e-mail to a person of the school, RFC 8058's one-click
 * (sent by the person's mail provider when they press its unsubscribe button; its body, `List-Unsubscribe=One-Click`,
 * says nothing the link does not), or the page's button. Records that the person opted out of e-mail (as staff would on
 * their record, "through a link") and answers 200, however often it comes; the next message to them leaves e-mail out,
 * and those already waiting are not sent.
 */
export async function unsubscribe(ctx: BaseContext & { params: TUnsubscribeToken }): Promise<Reply<TUnsubscribeAnswer>> {
  const { db, claims, person, state } = await personOf(ctx);
  await optOut(db, person.id, [claims.channel], "link");
  return {
    data: state(true),
    msgKey: "delivery.unsubscribe.done",
    msgValues: { school: person.tenant.title },
  };
}

/**
 * GET unsubscribe/{token}: the same link opened by a person (a mail client without one-click) or fetched by a link
 * scanner, so it changes nothing (RFC 8058 §1): a browser is sent to the page that asks them (/unsubscribe/{token}),
 * which checks the link through the JSON call and shows a refusal as a page; that call learns the school, whom the
 * link is for (the given name only: the e-mail already greets them by it) and whether they have already opted out.
 */
export async function unsubscribeState(ctx: BaseContext & { params: TUnsubscribeToken }): Promise<Reply<TUnsubscribeAnswer | null>> {
  if ((ctx.headers.get("accept") ?? "").includes("text/html")) {
    const page = `/unsubscribe/${encodeURIComponent(ctx.params.token)}`;
    return {
      data: null,
      response: new Response(null, { status: 303, headers: { location: page, "cache-control": "no-store", "referrer-policy": "no-referrer" } }),
    };
  }
  const { person, state } = await personOf(ctx);
  return { data: state(person.channelOptOuts.length > 0) };
}
