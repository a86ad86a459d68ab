import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TEnvelope, TLoginAnswer } from "@pizarra/contracts";
import { forTenant, type TenantDb } from "@pizarra/db";
import { DEMO_PASSWORD } from "@pizarra/db/seed";
import { createTestDatabase, demoTenants, type TestDatabase } from "@pizarra/db/testing";
import { afterAll, beforeAll } from "vitest";
import { PEER_HEADER } from "../server/net/client-address.ts";

export interface CallOptions {
  body?: unknown;
  rawBody?: string;
  token?: string;
  locale?: "es" | "en";
  headers?: Record<string, string>;
}

export interface CallResult<T = unknown> {
  http: number;
  body: TEnvelope<T>;
}

/** The TCP peer every harness call comes from, unless a call names another. */
export const TEST_PEER = "203.0.113.7";

/** A request as a client sends it; in-process calls skip the HTTP server, so the harness writes the peer header in its stead. */
function request(method: string, path: string, options: CallOptions): { req: Request; pathname: string } {
  const headers = new Headers({ "x-locale": options.locale ?? "es", [PEER_HEADER]: TEST_PEER, ...options.headers });
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers.set("content-type", "application/json");
  }
  const req = new Request(`http://127.0.0.1/api/${path}`, { method, headers, body });
  return { req, pathname: new URL(req.url).pathname.replace(/^\/api\//, "") };
}

/** A call through the real route handler: its own Response (a file download, or the JSON envelope). */
export async function raw(method: string, path: string, options: CallOptions = {}): Promise<Response> {
  const { GET } = await import("../app/api/[...path]/route.ts");
  const { req, pathname } = request(method, path, options);
  return GET(req, { params: Promise.resolve({ path: pathname.split("/") }) });
}

/** A call to the providers' callbacks, through the table the worker's callback port serves (provider-routes.ts). */
export async function rawCallback(method: string, path: string, options: CallOptions = {}): Promise<Response> {
  const [{ handle }, { Router }, { PROVIDER_ROUTES }] = await Promise.all([
    import("../server/http/handle.ts"),
    import("../server/http/router.ts"),
    import("../server/provider-routes.ts"),
  ]);
  const { req, pathname } = request(method, path, options);
  return handle(new Router(PROVIDER_ROUTES), req, pathname);
}

/** A call through the real route handler, its JSON envelope read. */
export async function call<T = unknown>(method: string, path: string, options: CallOptions = {}): Promise<CallResult<T>> {
  const res = await raw(method, path, options);
  return { http: res.status, body: (await res.json()) as TEnvelope<T> };
}

/** A sign-in, from the peer `address` when given. */
export async function login(
  email: string,
  password = DEMO_PASSWORD,
  address?: string,
  headers: Record<string, string> = {},
): Promise<CallResult<TLoginAnswer>> {
  return call<TLoginAnswer>("POST", "admStaff/login?adm=true", {
    body: { ext: "", user: email, pass: password },
    headers: { ...headers, ...(address ? { [PEER_HEADER]: address } : {}) },
  });
}

export async function tokenFor(email: string): Promise<string> {
  const res = await login(email);
  if (res.body.status < 0) throw new Error(`login failed for ${email}: ${res.body.msg}`);
  return res.body.data.token;
}

/** The demo cast's tokens, as `apiHarness().tokens()` gives them. */
export interface Cast {
  /** The admin in Colegio Demo (full rights). */
  admin: string;
  /** The same admin switched to Northside School, the other tenant, for isolation checks. */
  northside: string;
  /** The read-only secretary of Colegio Demo. */
  secretary: string;
  /** The demo teacher of Colegio Demo. */
  teacher: string;
}

/** Colegio Demo as a test reaches it, from `apiHarness().school()`. */
export interface DemoSchool {
  tenantId: number;
  /** A client scoped to the school (forTenant), as the handlers get it. */
  db: TenantDb;
  /** The demo teacher's user in the school (docente@pizarra.demo). */
  teacherId: number;
}

/**
 * An API test file's harness: its own database copied from the template seeded with the demo cast (and schools),
 * and a `call` that goes through the real route handler (wrapper, router, tenant-scoped client, PostgreSQL).
 *
 * What a file needs before its tests, each looked up once per file on first use (in a `beforeAll` or a test):
 * - `tokens()`: the demo cast signed in (see Cast); later calls share the first one's tokens, so sign in anew with
 *   `tokenFor` where a test ends sessions or needs one of its own.
 * - `school()`: Colegio Demo's id, its tenant-scoped client and the demo teacher's user id.
 * - `rows(path)` and `record(path)` read as the cast's admin unless given a token, so a file's list helper is
 *   `const list = api.rows;`.
 * A file's prelude is then what is particular to it, e.g.
 *   let admin: string;
 *   beforeAll(async () => {
 *     ({ admin } = await api.tokens());
 *   });
 */
export function apiHarness({ school = false }: { school?: boolean } = {}) {
  const state: { database?: TestDatabase } = {};
  const once: { tokens?: Promise<Cast>; school?: Promise<DemoSchool> } = {};

  beforeAll(async () => {
    state.database = await createTestDatabase(school ? "school" : "demo");
    process.env.DATABASE_URL = state.database.url;
    process.env.STORAGE_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "pizarra-storage-"));
  });
  afterAll(async () => {
    const { getDb } = await import("@pizarra/db");
    await getDb(state.database!.url).$disconnect();
    await state.database?.drop();
  });
  const db = () => state.database!.db;

  /** Signs the cast in. The admin ends in Colegio Demo, so that the next sign-in opens it again. */
  async function signInCast(): Promise<Cast> {
    const first = await tokenFor("admin@pizarra.demo");
    const tenants = (await call<{ id: number; name: string }[]>("GET", "admStaff/tenants", { token: first })).body.data;
    const switchTo = async (name: string) =>
      (await call<{ token: string }>("GET", `admStaff/tenants/${tenants.find((t) => t.name === name)!.id}/menu`, { token: first })).body.data.token;
    const northside = await switchTo("Northside School");
    const admin = await switchTo("Colegio Demo");
    return { admin, northside, secretary: await tokenFor("secretaria@pizarra.demo"), teacher: await tokenFor("docente@pizarra.demo") };
  }
  const tokens = () => (once.tokens ??= signInCast());

  async function findSchool(): Promise<DemoSchool> {
    const tenantId = (await demoTenants(db())).colegio;
    const school = forTenant(db(), tenantId);
    const teacherId = (await school.user.findFirstOrThrow({ where: { mail: "docente@pizarra.demo" }, select: { id: true } })).id;
    return { tenantId, db: school, teacherId };
  }
  const demoSchool = () => (once.school ??= findSchool());

  /** The rows of a list call (`Results`), and one record of a get call: as the cast's admin unless given a token. */
  const rows = async <T = Record<string, unknown>>(path: string, token?: string) =>
    (await call<{ Results: T[] }>("GET", path, { token: token ?? (await tokens()).admin })).body.data.Results;
  const record = async <T = Record<string, unknown>>(path: string, token?: string) =>
    (await call<T>("GET", path, { token: token ?? (await tokens()).admin })).body.data;

  return { state, raw, rawCallback, call, rows, record, login, tokenFor, tokens, school: demoSchool, db };
}
