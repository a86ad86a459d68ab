import { Readable } from "node:stream";
import {
  givenNamesFirstIn,
  LOCALES,
  STATEMENT_LINK_DAYS,
  type TRequest2PayAnswer,
  type TStatementAnswer,
  type TLocale,
  type TStatementLinkAnswer,
} from "@pizarra/contracts";
import { forTenant, type TenantDb } from "@pizarra/db";
import { signFamilyLink, verifyFamilyLink } from "../../delivery/family-link.ts";
import { env } from "../../env.ts";
import { AppError } from "../../http/app-error.ts";
import type { AuthedContext, BaseContext, Reply } from "../../http/context.ts";
import { log } from "../../log.ts";
import { requestToPay } from "./online-pay.ts";
import { download, receiptStyle } from "./receipt-routes.ts";
import { buildStatement, schoolToday } from "./statement.ts";
import { statementPdf } from "./statement-pdf.ts";

/**
 * The family's statement of account, from the back office (a PDF; a signed link to copy) and on the family's own page
 * (no account: the link is the only key). The link is a family link (delivery/family-link.ts) of its own purpose,
 * bound to one school and one guardian, expiring; its school scopes every read through the tenant-scoped client, and
 * a guardian who no longer answers for any student of the school reads nothing through a link sent before.
 */
const PURPOSE = "statement";

const isLocale = (value: string | null): value is TLocale => (LOCALES as readonly (string | null)[]).includes(value);

type TokenCtx = BaseContext & { params: { token: string } };

/** A file's name of the statement: ASCII, no path. */
const fileName = (asOf: string) => `estado-de-cuenta-${asOf}.pdf`;

/** The statement's PDF as a download, in the school's language under its letterhead. */
async function pdfResponse(ctx: Pick<AuthedContext, "system">, tenantId: number, statement: TStatementAnswer): Promise<Response> {
  const style = await receiptStyle({ system: ctx.system, user: { tenantId } });
  const doc = await statementPdf(statement, style);
  return download(Readable.toWeb(doc) as ReadableStream, "application/pdf", fileName(statement.asOf));
}

/** GET admBilling/statement/{id}: the statement of account of the guardian `id` as a PDF. */
export async function staffStatementPdf(ctx: AuthedContext & { params: { id: number } }): Promise<Reply<null> & { response: Response }> {
  const statement = await buildStatement(ctx.db, ctx.params.id, schoolToday(), ctx.user.givenNamesFirst);
  return { data: null, response: await pdfResponse(ctx, ctx.user.tenantId, statement) };
}

/**
 * POST admBilling/statement/{id}/link: the family's signed link to the guardian's statement, for staff to copy and send.
 * It names the guardian's language (their own, else the school's), which the page speaks unless the reader chose.
 */
export async function statementLink(ctx: AuthedContext & { params: { id: number } }): Promise<Reply<TStatementLinkAnswer>> {
  const statement = await buildStatement(ctx.db, ctx.params.id, schoolToday(), ctx.user.givenNamesFirst);
  const [guardian, school] = await Promise.all([
    ctx.db.user.findFirstOrThrow({ where: { id: ctx.params.id }, select: { locale: true } }),
    ctx.system.tenant.findUniqueOrThrow({ where: { id: ctx.user.tenantId }, select: { defaultLocale: true } }),
  ]);
  const lang = isLocale(guardian.locale) ? guardian.locale : isLocale(school.defaultLocale) ? school.defaultLocale : "es";
  const token = await signFamilyLink(PURPOSE, { tenantId: ctx.user.tenantId, subject: statement.guardian.ID, more: {} }, STATEMENT_LINK_DAYS);
  const expires = new Date(Date.now() + STATEMENT_LINK_DAYS * 24 * 60 * 60 * 1000).toISOString();
  log().info({ guardianId: statement.guardian.ID }, "statement link made for a family");
  return { data: { url: `${env().PUBLIC_URL.replace(/\/+$/, "")}/statement/${token}?lang=${lang}`, expires }, msgKey: "billing.statement.linkReady" };
}

const refused = () => new AppError(-401, "billing.statement.link.invalid", 401);

/** The link's school and guardian, or a loud refusal: expired (410), anything else (401), each logged. */
async function claimsOf(ctx: TokenCtx): Promise<{ db: TenantDb; tenantId: number; guardianId: number; givenNamesFirst: boolean }> {
  const link = await verifyFamilyLink(PURPOSE, ctx.params.token);
  if (link === "expired") {
    log().info({ address: ctx.address }, "statement link refused: expired");
    throw new AppError(-410, "billing.statement.link.expired", 410);
  }
  if (!link) {
    log().info({ address: ctx.address }, "statement link refused: tampered or malformed");
    throw refused();
  }
  const school = await ctx.system.tenant.findFirst({ where: { id: link.tenantId }, select: { id: true, settings: true } });
  if (!school) throw refused();
  return { db: forTenant(ctx.system, school.id), tenantId: school.id, guardianId: link.subject, givenNamesFirst: givenNamesFirstIn(school.settings) };
}

/** The statement behind a link; a guardian who answers for no student now is refused like a forged link. */
async function linkedStatement(ctx: TokenCtx) {
  const claims = await claimsOf(ctx);
  try {
    return { claims, statement: await buildStatement(claims.db, claims.guardianId, schoolToday(), claims.givenNamesFirst) };
  } catch (error) {
    if (error instanceof AppError && error.status === -404) {
      log().info({ address: ctx.address, tenantId: claims.tenantId }, "statement link refused: the guardian answers for no student");
      throw refused();
    }
    throw error;
  }
}

/** GET statement/{token}: the family's statement, for its page. */
export async function showStatement(ctx: TokenCtx): Promise<Reply<TStatementAnswer>> {
  return { data: (await linkedStatement(ctx)).statement };
}

/** GET statement/{token}/pdf: the same statement as the PDF the school prints. */
export async function linkStatementPdf(ctx: TokenCtx): Promise<Reply<null> & { response: Response }> {
  const { claims, statement } = await linkedStatement(ctx);
  return { data: null, response: await pdfResponse(ctx, claims.tenantId, statement) };
}

/**
 * POST statement/{token}/pay/{orderId}: the hosted checkout (request2pay, online-pay.ts) of an order on the family's
 * statement that still owes; an order of another family or school is not on it and is refused as not found.
 */
export async function payFromStatement(ctx: TokenCtx & { params: { orderId: number } }): Promise<Reply<TRequest2PayAnswer>> {
  const { claims, statement } = await linkedStatement(ctx);
  const order = statement.students.flatMap((s) => s.orders).find((o) => o.ID === ctx.params.orderId);
  if (!order) throw new AppError(-404, "billing.statement.link.noOrder", 404);
  return requestToPay({ db: claims.db, user: { tenantId: claims.tenantId }, params: { id: order.ID } });
}
