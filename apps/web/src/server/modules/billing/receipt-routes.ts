import {
  RECEIPTS_COUNT_HEADER,
  receiptsLabelKey,
  type TReceiptPdfParams,
  type TReceiptsZipQuery,
  ZReceiptPdfParams,
  ZReceiptsZipQuery,
} from "@pizarra/contracts";
import type { Prisma } from "@pizarra/db";
import { Readable, Transform } from "node:stream";
import { setTimeout } from "node:timers/promises";
import archiver from "archiver";
import { AppError, notFound } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { authedRoute, type Route } from "../../http/route.ts";
import { translator } from "../../i18n.ts";
import { letterhead, pdfBytes } from "../grades/index.ts";
import { PRINTED_RECEIPT_SELECT, type PrintedReceipt, type ReceiptStyle, receiptsPdf } from "./receipt-pdf.ts";

const MODULE = "admBilling";
/** Receipts read per query while a zip is written: enough to keep the database busy, few enough to stay small. */
const ZIP_PAGE = 200;
/** Bytes of PDFs drawn ahead of the download, at most; past them the drawing waits ZIP_WAIT_MS at a time. */
const ZIP_AHEAD = 4 * 1024 * 1024;
const ZIP_WAIT_MS = 10;

type Line = PrintedReceipt["lines"][number];

/** The receipts are the school's documents: drawn in the school's language (Tenant.defaultLocale), under its letterhead. */
export async function receiptStyle(ctx: Parameters<typeof letterhead>[0]): Promise<ReceiptStyle> {
  const [tenant, head] = await Promise.all([
    ctx.system.tenant.findUniqueOrThrow({ where: { id: ctx.user.tenantId }, select: { defaultLocale: true } }),
    letterhead(ctx),
  ]);
  const locale = tenant.defaultLocale === "en" ? "en" : "es";
  return { locale, t: translator(locale), head };
}

/** The lines of these orders, by order, in the order they were added. */
async function linesOf(ctx: AuthedContext, orderIds: number[]): Promise<Map<number, Line[]>> {
  const rows = await ctx.db.orderDetail.findMany({
    where: { orderId: { in: [...new Set(orderIds)] } },
    orderBy: { id: "asc" },
    select: { orderId: true, item: true, quantity: true, amount: true },
  });
  const byOrder = new Map<number, Line[]>();
  for (const { orderId, ...line } of rows) byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), line]);
  return byOrder;
}

export const download = (body: ReadableStream, type: string, filename: string, headers: Record<string, string> = {}) =>
  new Response(body, {
    headers: {
      "content-type": type,
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
      ...headers,
    },
  });

/**
 * GET admBilling/receipt/{orderId}/{bool} (001 §7; §2 "Receipts": the row's "download PDF"): the order's receipts as
 * a PDF download: `true` every receipt of the order (its partial payments, and the credit notes of a refund), one
 * page each, `false` the latest receipt. A voided receipt carries ANULADO. An order of another school is not found;
 * an order with no receipt says so.
 */
async function receiptPdf(ctx: AuthedContext & { params: TReceiptPdfParams }): Promise<Reply<null> & { response: Response }> {
  const { orderId, bool: all } = ctx.params;
  const order = await ctx.db.order.findFirst({ where: { id: orderId }, select: { id: true } });
  if (!order) throw notFound();
  const receipts = await ctx.db.receipt.findMany({
    // The latest is the order's latest receipt: a credit note (credit-notes.ts) is printed with all of them.
    where: all ? { orderId } : { orderId, creditOfId: null },
    orderBy: { id: all ? "asc" : "desc" },
    ...(all ? {} : { take: 1 }),
    select: PRINTED_RECEIPT_SELECT,
  });
  if (!receipts.length) throw new AppError(-404, "billing.receipts.none", 404);
  const [lines, style] = await Promise.all([linesOf(ctx, [orderId]), receiptStyle(ctx)]);
  const doc = await receiptsPdf(
    receipts.map((r) => ({ ...r, lines: lines.get(orderId) ?? [] })),
    style,
  );
  const first = receipts[0]!.refId;
  const last = receipts.at(-1)!.refId;
  return { data: null, response: download(Readable.toWeb(doc) as ReadableStream, "application/pdf", `${first === last ? first : `${first}_${last}`}.pdf`) };
}

/** A calendar day of a query as the @db.Date column holds it. */
const dayOf = (text: string) => new Date(`${text}T00:00:00.000Z`);

/**
 * GET admBilling/report/receipts/zip?from&to (001 §7): every receipt dated in the range as its own PDF named by its
 * number, in one zip answered as it is written. Receipts are read a page at a time by id and each PDF goes into the
 * zip as soon as it is drawn, so memory holds one page of rows and one PDF however many receipts the range has. The
 * receipts counted at the start (up to the last id then, so one issued meanwhile is not half-counted) are the ones
 * zipped; the count is sent first, in RECEIPTS_COUNT_HEADER, for the screen's "n of N" as the entries arrive.
 */
async function receiptsZip(ctx: AuthedContext & { query: TReceiptsZipQuery }): Promise<Reply<null> & { response: Response }> {
  const { from, to } = ctx.query;
  const inRange: Prisma.ReceiptWhereInput = { date: { gte: dayOf(from), lte: dayOf(to) } };
  const { _count, _max } = await ctx.db.receipt.aggregate({ where: inRange, _count: { _all: true }, _max: { id: true } });
  if (!_count._all || !_max.id) throw new AppError(-404, "billing.receipts.noneInRange", 404, { from, to });
  const lastId = _max.id;
  const style = await receiptStyle(ctx);

  // Stored, not deflated, and so are the receipts' own streams: zlib run once per receipt, thousands of times in a
  // row, leaves the server's resident memory growing with every receipt (freed zlib contexts fragment the native
  // heap), while a receipt drawn without it is a few kilobytes of text, as fast to draw. archiver writes a stored
  // file's sizes in its local header (the screen counts files by them) and turns to ZIP64 past 65,535 files or 4 GiB.
  const zip = archiver("zip", { store: true });
  // archiver queues what it is given however slowly the download reads: the next PDF is drawn only while less than
  // ZIP_AHEAD bytes wait between the two, so memory holds one page of rows and a few PDFs however many the range has.
  let appended = 0;
  let sent = 0;
  const out = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      sent += chunk.length;
      done(null, chunk);
    },
  });
  zip.pipe(out);
  // A download cancelled stops the drawing.
  out.once("close", () => zip.destroy());
  const fill = async () => {
    let after = 0;
    for (;;) {
      const page = await ctx.db.receipt.findMany({
        where: { ...inRange, id: { gt: after, lte: lastId } },
        orderBy: { id: "asc" },
        take: ZIP_PAGE,
        select: PRINTED_RECEIPT_SELECT,
      });
      if (!page.length) break;
      const lines = await linesOf(
        ctx,
        page.map((r) => r.orderId),
      );
      for (const receipt of page) {
        while (appended - sent > ZIP_AHEAD && !out.destroyed) await setTimeout(ZIP_WAIT_MS);
        if (out.destroyed) return;
        const pdf = await pdfBytes(await receiptsPdf([{ ...receipt, lines: lines.get(receipt.orderId) ?? [] }], style, { compress: false }));
        appended += pdf.length;
        zip.append(pdf, { name: `${receipt.refId}.pdf` });
      }
      after = page.at(-1)!.id;
    }
    await zip.finalize();
  };
  fill().catch((error: unknown) => zip.destroy(error as Error));

  return {
    data: null,
    response: download(Readable.toWeb(out) as ReadableStream, "application/zip", `recibos-${from}_${to}.zip`, {
      [RECEIPTS_COUNT_HEADER]: String(_count._all),
    }),
  };
}

/** 001 §7 "Billing and orders": a receipt's PDF and the receipts zip, for those who read admBilling. */
export const RECEIPT_ROUTES: Route[] = [
  authedRoute({
    method: "GET",
    path: "admBilling/receipt/{orderId}/{bool}",
    auth: "user",
    module: MODULE,
    params: ZReceiptPdfParams,
    labelKey: receiptsLabelKey,
    answer: "response",
    handler: receiptPdf,
  }),
  authedRoute({
    method: "GET",
    path: "admBilling/report/receipts/zip",
    auth: "user",
    module: MODULE,
    query: ZReceiptsZipQuery,
    labelKey: receiptsLabelKey,
    answer: "response",
    handler: receiptsZip,
  }),
];
