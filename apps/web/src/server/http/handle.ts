import { randomUUID } from "node:crypto";
import { givenNamesFirstIn, type TEnvelope } from "@pizarra/contracts";
import { forTenant, getDb, Prisma } from "@pizarra/db";
import { sessionOpen, sessionSelect } from "../auth/sessions.ts";
import { verifyToken, bearer } from "../auth/token.ts";
import { env } from "../env.ts";
import { requestLocale, translator } from "../i18n.ts";
import { log, logContext, loggable } from "../log.ts";
import { metrics } from "../metrics.ts";
import { ACCESS_SELECT, accessOf, type ModuleAccess } from "../auth/permissions.ts";
import { AppError, forbidden, payloadTooLarge, sessionEnded, unauthorized } from "./app-error.ts";
import { clientAddress } from "../net/client-address.ts";
import { type AuthedContext, type BaseContext, JsonText, type Reply, type SessionUser } from "./context.ts";
import { jsonDepthExceeds } from "./json-depth.ts";
import { parseOrRefuse } from "./parse.ts";
import { announcesBody, readBody } from "./read-body.ts";
import { asAppError } from "./refusal.ts";
import type { AuthedRoute, Method, Part, Route } from "./route.ts";
import type { Router } from "./router.ts";

const MAX_JSON_BYTES = 1024 * 1024;
/** The deepest body any call takes is a few levels (a flow's inputs, a grade save's cells); 32 leaves room to grow. */
const MAX_JSON_DEPTH = 32;

/**
 * JSON.stringify straight into the body: Response.json's own serialiser is measurably slower on a 350 kB grade sheet.
 * Data a handler wrote as JSON itself (JsonText) goes in as written.
 */
function envelope(httpStatus: number, body: TEnvelope, headers: Record<string, string> = {}): Response {
  const { data } = body;
  const text = data instanceof JsonText ? `{"status":${body.status},"msg":${JSON.stringify(body.msg)},"data":${data.text}}` : JSON.stringify(body);
  return new Response(text, {
    status: httpStatus,
    headers: { "content-type": "application/json", "cache-control": "no-store", "x-content-type-options": "nosniff", ...headers },
  });
}

/**
 * A body refused for its size is left unread on the wire: the connection closes once the refusal is sent (in stages,
 * close-in-stages.mjs) rather than wait behind the rest of it for another call.
 */
const UNREAD_BODY = { connection: "close" };

const isForm = (headers: Headers) => (headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase() === "application/x-www-form-urlencoded";

/** The body as parsed JSON (or a form's fields, where the route takes one), and as sent (`text`: what a webhook's signature covers). */
async function readJson(req: Request, route: Route): Promise<{ text: string; json: unknown }> {
  const text = await readBody(req, route.maxBytes ?? MAX_JSON_BYTES);
  if (route.form && isForm(req.headers)) return { text, json: Object.fromEntries(new URLSearchParams(text)) };
  if (text.trim() === "") return { text, json: {} };
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) throw new AppError(-400, "api.tooDeep", 400, { max: MAX_JSON_DEPTH });
  try {
    return { text, json: JSON.parse(text) };
  } catch {
    throw new AppError(-400, "api.malformedJson", 400);
  }
}

/** PostgreSQL text cannot hold U+0000, so it is dropped from every string of the query, body and path. */
function withoutNul(value: unknown): unknown {
  if (typeof value === "string") return value.replaceAll("\u0000", "");
  if (Array.isArray(value)) return value.map(withoutNul);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutNul(v)]));
  return value;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** One part of the request, parsed by the route's schema for it (without one, taken as sent). */
function parseWith(route: Route, part: Part, input: unknown, ctx: BaseContext): unknown {
  const schema = route[part];
  const labelKey = route.labelKey;
  return schema ? parseOrRefuse(schema, input, ctx.t, labelKey && ((field) => labelKey(field, part))) : input;
}

/**
 * The data as the route's answer schema writes it: only the fields it names (a handler's reads may carry more), in
 * their wire form. Data that does not fit is the server's fault, refused as such (500) rather than sent half-checked.
 * JSON a handler wrote itself (the grade sheet, read column by column into its text) is what its reads selected.
 */
function answerData(route: Route, data: unknown): unknown {
  if (route.answer === "response") throw new Error(`${route.method} ${route.path} answers with a response of its own, but its handler gave none`);
  if (data instanceof JsonText) return data;
  const written = route.answer.safeParse(data);
  if (!written.success) throw new Error(`${route.method} ${route.path}: the answer does not fit its schema: ${written.error.message}`);
  return written.data;
}

/** The right a call needs on a module: read for GET, write for the other verbs. */
const rightOf = (method: Method): keyof ModuleAccess => (method === "GET" ? "read" : "write");

/** The rights the raw request shows a route needs: its module (or a pick list's second way in), or any module's. */
function checkRights(route: AuthedRoute, method: Method, query: URLSearchParams, access: ReadonlyMap<string, ModuleAccess>): void {
  const right = rightOf(method);
  if (route.module && !access.get(route.module)?.[right] && !route.alsoAllowed?.(query, access)) throw forbidden(route.module);
  const need = route.need;
  if (need && "anyModule" in need && ![...access.values()].some((rights) => rights[right])) throw forbidden(need.anyModule);
}

/** The right on the module the parsed query names, for the routes whose module depends on it. */
function checkQueryRight(route: AuthedRoute, method: Method, query: unknown, access: ReadonlyMap<string, ModuleAccess>): void {
  const need = route.need;
  if (!need || !("byQuery" in need)) return;
  const module = need.byQuery(query);
  if (!access.get(module)?.[rightOf(method)]) throw forbidden(module);
}

async function authenticate(ctx: BaseContext, route: AuthedRoute, method: Method, query: URLSearchParams): Promise<AuthedContext> {
  const token = bearer(ctx.headers);
  const claims = token ? await verifyToken(token) : null;
  if (!claims) throw unauthorized();
  // The call's log lines name the school and person of its genuine token, its refusals included.
  Object.assign(logContext.getStore() ?? {}, { tenantId: claims.tenantId, userId: claims.userId });
  const db = forTenant(ctx.system, claims.tenantId);
  // The person with their rights and the token's session, in one statement: all three need only the token's ids.
  const user = await db.user.findUnique({
    where: { id: claims.userId },
    select: {
      id: true,
      roleCode: true,
      inactive: true,
      accountId: true,
      name: true,
      last: true,
      tenant: { select: { settings: true } },
      ...ACCESS_SELECT,
      ...sessionSelect(claims.sessionId),
    },
  });
  if (!user || user.inactive || user.accountId !== claims.accountId) throw unauthorized();
  const access = accessOf(user);
  if (!sessionOpen(user)) throw sessionEnded();
  checkRights(route, method, query, access);
  const sessionUser: SessionUser = {
    id: user.id,
    tenantId: claims.tenantId,
    accountId: claims.accountId,
    sessionId: claims.sessionId,
    roleCode: user.roleCode,
    name: [user.name, user.last].filter(Boolean).join(" "),
    access,
    givenNamesFirst: givenNamesFirstIn(user.tenant.settings),
  };
  return { ...ctx, db, user: sessionUser };
}

/** Database faults the caller cannot fix: connection refused, pool or transaction-start timeout (overload), server restarting. */
function isUnavailable(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientInitializationError) return true;
  const text = `${(error as { code?: string })?.code ?? ""} ${(error as Error)?.message ?? ""}`;
  return /ECONNREFUSED|ECONNRESET|ETIMEDOUT|57P01|57P03|timeout exceeded when trying to connect|Connection terminated|connection error|not queryable|DatabaseNotReachable|ConnectionClosed|Server has closed the connection|P1001|P1017|P2028/i.test(
    text,
  );
}

/** What a call met on its way, for its log line and metrics: its route's pattern, a refusal's key, the fault behind a 500. */
interface Outcome {
  route?: string;
  refusal?: string;
  fault?: unknown;
}

function toResponse(error: unknown, ctx: BaseContext, outcome: Outcome): Response {
  const refusal = asAppError(error);
  if (refusal) {
    outcome.refusal = refusal.messageKey || "validation";
    const data = refusal.data as { msg?: string } | null;
    const msg = refusal.messageKey ? ctx.t(refusal.messageKey, refusal.values) : (data?.msg ?? "");
    return envelope(refusal.httpStatus, { status: refusal.status, msg, data: refusal.data, Message: msg }, refusal.httpStatus === 413 ? UNREAD_BODY : {});
  }
  if (isUnavailable(error)) return toResponse(new AppError(-503, "api.unavailable", 503), ctx, outcome);
  // A query the schemas let through but the database layer refused (the caller gets a clean refusal), or any other
  // fault: the server's, logged as an error.
  outcome.fault = error;
  if (error instanceof Prisma.PrismaClientValidationError) return toResponse(new AppError(-400, "api.badRequest", 400), ctx, outcome);
  const msg = ctx.t("api.internal");
  return envelope(500, { status: -500, msg, data: null, Message: msg });
}

/** The caller's request id when it is a sane one (a proxy's or load balancer's), else a new one. */
const SANE_REQUEST_ID = /^[\w.:-]{1,128}$/;
function requestIdOf(headers: Headers): string {
  const sent = headers.get("x-request-id");
  return sent && SANE_REQUEST_ID.test(sent) ? sent : randomUUID();
}

/**
 * One log line and the metrics of a call. Refusals the caller can understand (a 4xx, or a negative status: bad input,
 * rights, not found, a limit; a 503 of readiness) are the product working: info. A database out of reach is a warning
 * (every call says so until it is back); a fault of the server is an error, with the fault.
 */
function record(method: string, response: Response, outcome: Outcome, seconds: number): void {
  const labels = { method, route: outcome.route ?? "unmatched", status: String(response.status) };
  metrics.httpRequests.inc(labels);
  metrics.httpDuration.observe(labels, seconds);
  const line = { method, route: labels.route, status: response.status, ms: Math.round(seconds * 1000) };
  if (outcome.fault !== undefined) log().error({ ...line, err: loggable(outcome.fault) }, "request failed");
  else if (outcome.refusal === "api.unavailable") log().warn({ ...line, refusal: outcome.refusal }, "request refused: the database is unavailable");
  else if (outcome.refusal) log().info({ ...line, refusal: outcome.refusal }, "request refused");
  else log().info(line, "request");
}

/** The request id goes back to the caller, who quotes it; a handler's own response may hold headers it cannot change. */
function withRequestId(response: Response, reqId: string): Response {
  try {
    response.headers.set("x-request-id", reqId);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set("x-request-id", reqId);
    return copy;
  }
}

/**
 * The single wrapper of every API call, and the one place that checks module rights and parses input, as each route
 * declares them. In this order:
 *  1. route: the method and path find the route (404, 405); a GET that announces a body is refused (413);
 *  2. auth and tenant: a valid token of an open session, its person active, the database scoped to their school (401);
 *  3. rights the raw request shows (403): the route's `module` (or a pick list's `alsoAllowed`) and `need.anyModule`,
 *     before any input is parsed, so that a caller without them learns nothing about the input;
 *  4. the query, parsed by the route's schema (422);
 *  5. rights the parsed query decides (403): `need.byQuery`, for the few routes whose module depends on the query;
 *  6. the body, read no further than the route's limit (413, read-body.ts) and parsed as JSON (400), filled from the
 *     parsed query (`fillBody`) and parsed (422); then the path's params (422);
 *  7. the handler, whose answer becomes {status, msg, data}, its data written through the route's answer schema.
 * U+0000 is dropped from every input first. Errors become the envelope here and nowhere else.
 * Every line logged while a request is answered carries its id (x-request-id, answered back), and its school and
 * person once known; so does every job it queues (delivery/queue.ts), and the worker's lines for that job.
 */
export async function handle(router: Router, req: Request, path: string): Promise<Response> {
  const started = performance.now();
  const reqId = requestIdOf(req.headers);
  return logContext.run({ reqId }, async () => {
    const outcome: Outcome = {};
    const response = await answer(router, req, path, outcome);
    record(req.method.toUpperCase(), response, outcome, (performance.now() - started) / 1000);
    return withRequestId(response, reqId);
  });
}

async function answer(router: Router, req: Request, path: string, outcome: Outcome): Promise<Response> {
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
    outcome.route = route.path;
    // A GET carries its input in its query, and Next hands no route handler a GET's body: one announced is refused
    // before anything else, and its connection closed rather than drained.
    if (method === "GET" && announcesBody(req.headers)) throw payloadTooLarge();
    const searchParams = new URL(req.url).searchParams;
    const authed = route.auth === "user" ? await authenticate(base, route, method, searchParams) : null;
    const ctx: BaseContext = authed ?? base;
    const query = parseWith(route, "query", withoutNul(Object.fromEntries(searchParams)), ctx);
    if (authed && route.auth === "user") checkQueryRight(route, method, query, authed.user.access);
    const read = method === "GET" ? { text: "", json: {} } : await readJson(req, route);
    const sent = withoutNul(read.json);
    const body = parseWith(route, "body", route.fillBody && isObject(sent) ? route.fillBody(sent, query) : sent, ctx);
    const parsedParams = parseWith(route, "params", withoutNul(params), ctx);
    const reply: Reply = await (route.handler as (c: unknown) => Promise<Reply>)({ ...ctx, rawBody: read.text, query, body, params: parsedParams });
    if ((reply.status ?? 0) < 0) outcome.refusal = reply.msgKey ?? "refused";
    if (reply.response) return reply.response;
    return envelope(200, { status: reply.status ?? 0, msg: reply.msgKey ? ctx.t(reply.msgKey, reply.msgValues) : "", data: answerData(route, reply.data) });
  } catch (error) {
    return toResponse(error, base, outcome);
  }
}
