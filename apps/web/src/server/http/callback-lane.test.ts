import type { AddressInfo } from "node:net";
import type http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../../messages/en.json";
import es from "../../../messages/es.json";
import { apiHarness } from "../../test-support/harness.ts";
import { signBody } from "../modules/whatsapp/signature.ts";
import { PEER_HEADER } from "../net/client-address.ts";
import { PROVIDER_ROUTES } from "../provider-routes.ts";
import { router } from "../routes.ts";
import { CALLBACK_LANE, type CallbackLane, offerCallbackLane, serveCallbacks } from "./callback-lane.ts";
import type { Route } from "./route.ts";
import { Router } from "./router.ts";

const api = apiHarness();
const SECRET = "lane-app-secret";

/** What server.mjs finds on globalThis once the API route module is loaded, offered here over the real route table. */
offerCallbackLane(router);
const lane = (globalThis as Record<symbol, unknown>)[CALLBACK_LANE] as CallbackLane;

/** The worker's callback server (WORKER_CALLBACK_PORT), over the table it serves, on a free port. */
let server: http.Server;
let base: string;

const notification = (body: string, headers: Record<string, string>) =>
  fetch(`${base}/api/whatsapp/webhook`, {
    method: "POST",
    headers: { "content-type": "application/json", [PEER_HEADER]: "203.0.113.9", ...headers },
    body,
  });

beforeAll(async () => {
  // env() reads them on its first call, which comes after this.
  process.env.WHATSAPP_APP_SECRET = SECRET;
  process.env.WHATSAPP_VERIFY_TOKEN = "lane-verify";
  server = await serveCallbacks(new Router(PROVIDER_ROUTES), 0, "127.0.0.1");
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("callback lane", () => {
  it("takes only the routes marked as a provider's callback: never the adm* API, a page or another verb", () => {
    const taken = router.routes.filter((route) => lane.pathOf(route.method, `/api/${route.path}`) !== null);
    expect(taken.map((route) => `${route.method} ${route.path}`)).toEqual(["GET whatsapp/webhook", "POST whatsapp/webhook"]);
    expect(lane.pathOf("POST", "/api/whatsapp/webhook/")).toBe("whatsapp/webhook/");
    expect(lane.pathOf("PUT", "/api/whatsapp/webhook")).toBeNull();
    expect(lane.pathOf("POST", "/whatsapp/webhook")).toBeNull();
    expect(lane.pathOf("POST", "/app/api/whatsapp/webhook")).toBeNull();
  });

  it("gives the worker's callback server every callback of the full table", () => {
    const callbacks = (routes: readonly Route[]) =>
      routes.filter((route) => route.auth === "public" && route.callback).map((route) => `${route.method} ${route.path}`);
    expect(callbacks(PROVIDER_ROUTES)).toEqual(callbacks(router.routes));
  });

  it("answers through the route table: an unsigned notification is refused in the caller's language", async () => {
    for (const [locale, messages] of [
      ["es", es],
      ["en", en],
    ] as const) {
      const res = await notification(JSON.stringify({ entry: [] }), { "x-locale": locale });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ status: -401, msg: messages.api.badSignature });
    }
  });

  it("queues a signed notification's statuses for the worker, as the route handler does", async () => {
    const status = { id: "wamid.lane-1", status: "delivered", timestamp: "1795000000" };
    const body = JSON.stringify({
      object: "whatsapp_business_account",
      entry: [
        {
          id: "waba",
          changes: [{ field: "messages", value: { metadata: { phone_number_id: "demo-number" }, statuses: [{ ...status, recipient_id: "51900000001" }] } }],
        },
      ],
    });
    const res = await notification(body, { "x-hub-signature-256": signBody(body, SECRET) });
    expect(res.status).toBe(200);
    const jobs = await api.db().$queryRawUnsafe<{ data: unknown }[]>(`SELECT data FROM pgboss.job WHERE name = 'whatsapp-status'`);
    // Queued with the school that owns the receiving number, whose messages alone it may move.
    const colegio = await api.db().tenant.findUniqueOrThrow({ where: { whatsappPhoneNumberId: "demo-number" }, select: { id: true } });
    expect(jobs.map((job) => job.data)).toEqual([{ ...status, tenantId: colegio.id }]);
  });

  it("answers Meta's subscription check with its challenge, and refuses a wrong verify token", async () => {
    const check = (token: string) => fetch(`${base}/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`);
    const good = await check("lane-verify");
    expect(good.status).toBe(200);
    expect(await good.text()).toBe("1158201444");
    expect((await check("wrong")).status).toBe(403);
  });

  it("serves nothing but the callbacks: the adm* API and the pages are not there", async () => {
    for (const path of ["/api/admStudent/get", "/api/health", "/app/home/start", "/"]) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(404);
    }
  });
});
