import type { AddressInfo } from "node:net";
import type http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../../messages/en.json";
import es from "../../../messages/es.json";
import { apiHarness } from "../../test-support/harness.ts";
import { metrics } from "../metrics.ts";
import { signBody } from "../modules/whatsapp/signature.ts";
import { PEER_HEADER } from "../net/client-address.ts";
import { PROVIDER_ROUTES } from "../provider-routes.ts";
import { router } from "../routes.ts";
import { serveCallbacks } from "./callback-lane.ts";
import { Router } from "./router.ts";

const api = apiHarness();
const SECRET = "lane-app-secret";

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

/** webhook_refusals_total of the webhook for this reason, as the worker's metrics port would show it. */
async function refusals(reason: string): Promise<number> {
  const { values } = await metrics.registry.getSingleMetric("webhook_refusals_total")!.get();
  return values.find((v) => v.labels.route === "whatsapp/webhook" && v.labels.reason === reason)?.value ?? 0;
}

describe("the worker's callback port", () => {
  it("is the providers' one way in: public routes the web app's table does not have", () => {
    expect(PROVIDER_ROUTES.map((route) => `${route.method} ${route.path}`)).toEqual([
      "GET whatsapp/webhook",
      "POST whatsapp/webhook",
      "POST payments/stripe/webhook",
      "POST payments/mercadopago/webhook",
    ]);
    expect(PROVIDER_ROUTES.every((route) => route.auth === "public")).toBe(true);
    expect(router.routes.filter((route) => PROVIDER_ROUTES.some((p) => p.method === route.method && p.path === route.path))).toEqual([]);
  });

  it("answers the callbacks' paths only: not another verb, nor a path outside /api/", async () => {
    const calls = [
      ["PUT", "/api/whatsapp/webhook"],
      ["POST", "/whatsapp/webhook"],
      ["POST", "/app/api/whatsapp/webhook"],
    ];
    for (const [method, path] of calls) expect((await fetch(`${base}${path}`, { method })).status, `${method} ${path}`).toBe(404);
  });

  it("answers through the route table: an unsigned notification is refused in the caller's language, and counted", async () => {
    const before = await refusals("signature");
    for (const [locale, messages] of [
      ["es", es],
      ["en", en],
    ] as const) {
      const res = await notification(JSON.stringify({ entry: [] }), { "x-locale": locale });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ status: -401, msg: messages.api.badSignature });
    }
    expect(await refusals("signature")).toBe(before + 2);
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
    // And with the id of the call that queued it (answered to the caller), which the worker's lines for the job carry.
    expect(jobs.map((job) => job.data)).toEqual([{ ...status, tenantId: colegio.id, _reqId: res.headers.get("x-request-id") }]);
  });

  it("answers Meta's subscription check with its challenge, and refuses a wrong verify token", async () => {
    const check = (token: string) => fetch(`${base}/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`);
    const good = await check("lane-verify");
    expect(good.status).toBe(200);
    expect(await good.text()).toBe("1158201444");
    const before = await refusals("verifyToken");
    expect((await check("wrong")).status).toBe(403);
    expect(await refusals("verifyToken")).toBe(before + 1);
  });

  it("serves nothing but the callbacks: the adm* API and the pages are not there", async () => {
    for (const path of ["/api/admStudent/get", "/api/health", "/app/home/start", "/"]) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(404);
    }
  });
});
