import { fieldErrors, validationErrorMap, type TEnvelope } from "@pizarra/contracts";
import { forTenant, getDb, Prisma } from "@pizarra/db";
import { z } from "zod";
import { sessionOpen } from "../auth/sessions.ts";
import { verifyToken, bearer } from "../auth/token.ts";
import { env } from "../env.ts";
import { requestLocale, translator } from "../i18n.ts";
import { loadAccess } from "../modules/access/permissions.ts";
import { AppError, forbidden, sessionEnded, unauthorized, validationRefusal } from "./app-error.ts";
import { clientAddress } from "./client-address.ts";
import type { AuthedContext, BaseContext, Reply, SessionUser } from "./context.ts";
import { jsonDepthExceeds } from "./json-depth.ts";
import type { Method, Route } from "./route.ts";
import type { Router } from "./router.ts";

const MAX_JSON_BYTES = 1024 * 1024;
/** The deepest body any call takes is a few levels (a flow's inputs, a grade save's cells); 32 leaves room to grow. */
const MAX_JSON_DEPTH = 32;

/** JSON.stringify straight into the body: Response.json's own serialiser is measurably slower on a 350 kB grade sheet. */
function envelope(httpStatus: number, body: TEnvelope): Response {
  return new Response(JSON.stringify(body), {
    status: httpStatus,
    headers: { "content-type": "application/json", "cache-control": "no-store", "x-content-type-options": "nosniff" },
  });
}

async function readJson(req: Request, limit: number): Promise<unknown> {
  const declared = Number(req.headers.get("content-length") ?? 0);
  if (declared > limit) throw new AppError(-413, "api.payloadTooLarge", 413);
  const text = await req.text();
  if (Buffer.byteLength(text) > limit) throw new AppError(-413, "api.payloadTooLarge", 413);
  if (text.trim() === "") return {};
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) throw new AppError(-400, "api.tooDeep", 400, { max: MAX_JSON_DEPTH });
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError(-400, "api.malformedJson", 400);
  }
}

/** Parses with a contract schema; a failure names each field in the caller's language (labels under `labelKey`). */
export function parseOrRefuse<T>(schema: z.ZodType<T>, input: unknown, t: BaseContext["t"], labelKey?: (field: string) => string): T {
  const result = schema.safeParse(input, { error: validationErrorMap(t, labelKey) });
  if (result.success) return result.data;
  throw validationRefusal(fieldErrors(result.error));
}

/** PostgreSQL text cannot hold U+0000, so it is dropped from every string of the query, body and path. */
function withoutNul(value: unknown): unknown {
  if (typeof value === "string") return value.replaceAll("\u0000", "");
  if (Array.isArray(value)) return value.map(withoutNul);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutNul(v)]));
  return value;
}

function parseWith(schema: z.ZodType | undefined, input: unknown, ctx: BaseContext, labelKey?: (field: string) => string): unknown {
  const clean = withoutNul(input);
  return schema ? parseOrRefuse(schema, clean, ctx.t, labelKey) : clean;
}

async function authenticate(ctx: BaseContext, route: Route & { auth: "user" }, method: Method, query: URLSearchParams): Promise<AuthedContext> {
  const token = bearer(ctx.headers);
  const claims = token ? await verifyToken(token) : null;
  if (!claims) throw unauthorized();
  const db = forTenant(ctx.system, claims.tenantId);
  // The person and their rights are read side by side: both need only the token's ids.
  const [user, access, open] = await Promise.all([
    db.user.findUnique({
      where: { id: claims.userId },
      select: { id: true, roleCode: true, inactive: true, accountId: true, name: true, last: true },
    }),
    loadAccess(db, claims.userId),
    sessionOpen(ctx.system, claims.sessionId, claims.accountId),
  ]);
  if (!user || user.inactive || user.accountId !== claims.accountId) throw unauthorized();
  if (!open) throw sessionEnded();
  if (route.module) {
    const rights = access.get(route.module);
    const allowed = method === "GET" ? rights?.read : rights?.write;
    if (!allowed && !route.alsoAllowed?.(query, access)) throw forbidden(route.module);
  }
  const sessionUser: SessionUser = {
    id: user.id,
    tenantId: claims.tenantId,
    accountId: claims.accountId,
    sessionId: claims.sessionId,
    roleCode: user.roleCode,
    name: [user.name, user.last].filter(Boolean).join(" "),
    access,
  };
  return { ...ctx, db, user: sessionUser };
}

/** Database faults the caller cannot fix: connection refused, pool or transaction-start timeout (overload), server restarting. */
function isUnavailable(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientInitializationError) return true;
  const text = `${(error as { code?: string })?.code ?? ""} ${(error as Error)?.message ?? ""}`;
  return /ECONNREFUSED|ECONNRESET|ETIMEDOUT|57P01|57P03|timeout exceeded when trying to connect|Connection terminated|connection error|not queryable|DatabaseNotReachable|ConnectionClosed|Server has closed the connection|P1001|P1017|P2028/i.test(text);
}

/** A refusal the caller can understand: an AppError, or what a database answer means for the caller. */
export function asAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    if (error.code === "P2025") return new AppError(-404, "api.notFound", 404);
    if (error.code === "P2002") return new AppError(-409, "api.duplicate", 409);
    if (error.code === "P2003") return new AppError(-409, "api.inUse", 409);
  }
  return null;
}

function toResponse(error: unknown, ctx: BaseContext): Response {
  const refusal = asAppError(error);
  if (refusal) {
    const data = refusal.data as { msg?: string } | null;
    const msg = refusal.messageKey ? ctx.t(refusal.messageKey, refusal.values) : (data?.msg ?? "");
    return envelope(refusal.httpStatus, { status: refusal.status, msg, data: refusal.data, Message: msg });
  }
  if (isUnavailable(error)) return toResponse(new AppError(-503, "api.unavailable", 503), ctx);
  if (error instanceof Prisma.PrismaClientValidationError) {
    // A query the schemas let through but the database layer refused: the caller gets a clean refusal, we a log line.
    console.error("Query refused by Prisma", error.message);
    return toResponse(new AppError(-400, "api.badRequest", 400), ctx);
  }
  console.error("Unhandled API error", error);
  const msg = ctx.t("api.internal");
  return envelope(500, { status: -500, msg, data: null, Message: msg });
}

/**
 * The single wrapper of every API call, in this order: route → auth → tenant → module permission → zod parse of
 * query and body → handler → {status, msg, data}. Errors become the envelope here and nowhere else.
 */
export async function handle(router: Router, req: Request, path: string): Promise<Response> {
  const locale = requestLocale(req.headers);
  const base: BaseContext = {
    locale,
    t: translator(locale),
    system: getDb(env().DATABASE_URL),
    address: clientAddress(req.headers, env().TRUSTED_PROXIES),
    headers: req.headers,
  };
  try {
    const method = req.method.toUpperCase() as Method;
    let match: ReturnType<Router["match"]>;
    try {
      match = router.match(method, path);
    } catch {
      throw new AppError(-400, "api.routeNotFound", 400, { path });
    }
    if (match === null) throw new AppError(-404, "api.routeNotFound", 404, { path });
    if (match === "method") throw new AppError(-405, "api.methodNotAllowed", 405, { method });
    const { route, params } = match;
    const searchParams = new URL(req.url).searchParams;
    const ctx = route.auth === "user" ? await authenticate(base, route, method, searchParams) : base;
    const query = parseWith(route.query, Object.fromEntries(searchParams), ctx, route.labelKey);
    const body = parseWith(route.body, method === "GET" ? {} : await readJson(req, route.maxBytes ?? MAX_JSON_BYTES), ctx, route.labelKey);
    const parsedParams = parseWith(route.params, params, ctx, route.labelKey);
    const reply: Reply = await (route.handler as (c: unknown) => Promise<Reply>)({ ...ctx, query, body, params: parsedParams });
    if (reply.response) return reply.response;
    return envelope(200, { status: reply.status ?? 0, msg: reply.msgKey ? ctx.t(reply.msgKey, reply.msgValues) : "", data: reply.data });
  } catch (error) {
    return toResponse(error, base);
  }
}
