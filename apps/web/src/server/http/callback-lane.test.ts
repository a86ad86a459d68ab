import { beforeAll, describe, expect, it } from "vitest";
import en from "../../../messages/en.json";
import es from "../../../messages/es.json";
import { apiHarness } from "../../test-support/harness.ts";
import { signBody } from "../modules/whatsapp/signature.ts";
import { PEER_HEADER } from "../net/client-address.ts";
import { router } from "../routes.ts";
import { CALLBACK_LANE, type CallbackLane, offerCallbackLane } from "./callback-lane.ts";

const api = apiHarness();
const SECRET = "lane-app-secret";

/** What server.mjs finds on globalThis once the API route module is loaded, offered here over the real route table. */
offerCallbackLane(router);
const lane = (globalThis as Record<symbol, unknown>)[CALLBACK_LANE] as CallbackLane;

const notification = (body: string, headers: Record<string, string>) =>
  new Request("http://127.0.0.1/api/whatsapp/webhook", {
    method: "POST",
    headers: { "content-type": "application/json", [PEER_HEADER]: "203.0.113.9", ...headers },
    body,
  });

beforeAll(() => {
  // env() reads it on its first call, which comes after this.
  process.env.WHATSAPP_APP_SECRET = SECRET;
});

describe("callback lane", () => {
  it("takes only the routes marked as a provider's callback: never the adm* API, a page or another verb", () => {
    const taken = router.routes.filter((route) => lane.pathOf(route.method, `/api/${route.path}`) !== null);
    expect(taken.map((route) => `${route.method} ${route.path}`)).toEqual(["POST whatsapp/webhook"]);
    expect(lane.pathOf("POST", "/api/whatsapp/webhook/")).toBe("whatsapp/webhook/");
    expect(lane.pathOf("GET", "/api/whatsapp/webhook")).toBeNull();
    expect(lane.pathOf("POST", "/whatsapp/webhook")).toBeNull();
    expect(lane.pathOf("POST", "/app/api/whatsapp/webhook")).toBeNull();
  });

  it("answers through the route table: an unsigned notification is refused in the caller's language", async () => {
    for (const [locale, messages] of [
      ["es", es],
      ["en", en],
    ] as const) {
      const res = await lane.serve(notification(JSON.stringify({ entry: [] }), { "x-locale": locale }), "whatsapp/webhook");
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ status: -401, msg: messages.api.badSignature });
    }
  });

  it("queues a signed notification's statuses for the worker, as the route handler does", async () => {
    const status = { id: "wamid.lane-1", status: "delivered", timestamp: "1795000000" };
    const body = JSON.stringify({
      object: "whatsapp_business_account",
      entry: [{ id: "waba", changes: [{ field: "messages", value: { statuses: [{ ...status, recipient_id: "51900000001" }] } }] }],
    });
    const res = await lane.serve(notification(body, { "x-hub-signature-256": signBody(body, SECRET) }), "whatsapp/webhook");
    expect(res.status).toBe(200);
    const jobs = await api.db().$queryRawUnsafe<{ data: unknown }[]>(`SELECT data FROM pgboss.job WHERE name = 'whatsapp-status'`);
    expect(jobs.map((job) => job.data)).toEqual([status]);
  });
});
