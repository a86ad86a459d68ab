import { once } from "node:events";
import { PERSON_TYPE } from "@pizarra/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../../../scripts/lib/outside.ts";
import { familyMessage, newWamid, signedNotification, startWhatsAppSink, type WhatsAppSink } from "../../../../scripts/lib/whatsapp-sink.ts";
import { apiHarness } from "../test-support/harness.ts";
import { until } from "../test-support/until.ts";
import { testWorkers } from "../test-support/workers.ts";

/**
 * A real worker answering Meta's webhook on its callback thread: a family's message is stored there and filed and
 * answered by the main thread at once (its queued job held back as the promise), a refused call is counted, and both
 * threads' counters come out of the one metrics port; the worker then stops cleanly, thread and all.
 */
const api = apiHarness({ school: true });
const SECRET = "thread-app-secret";
const NUMBER = "PN-THREAD";
const GUARDIAN = "5215511223344";

let sink: WhatsAppSink;
const workers = testWorkers(() => api.state.database!.url);

beforeAll(async () => {
  sink = await startWhatsAppSink({
    port: 0,
    webhookUrl: "http://127.0.0.1:9/unused",
    appSecret: SECRET,
    delays: { sent: 60_000, delivered: 60_000, read: 60_000 },
  });
  const { db, tenantId } = await api.school();
  await api.db().tenant.update({ where: { id: tenantId }, data: { whatsappPhoneNumberId: NUMBER } });
  await db.user.create({ data: { type: PERSON_TYPE.relative, name: "Rosa", last: "Hilo", cel: `+${GUARDIAN}` } });
});
afterAll(async () => {
  await workers.stopAll();
  await sink?.close();
});

describe("the worker's callback thread", () => {
  it("stores a family's message, hands it to be answered at once, counts refusals with the worker's metrics, stops cleanly", async () => {
    const [callbackPort, metricsPort] = [await freePort(), await freePort()];
    const worker = workers.start({
      WHATSAPP_API_URL: sink.url,
      WHATSAPP_TOKEN: "t",
      WHATSAPP_PHONE_NUMBER_ID: NUMBER,
      WHATSAPP_APP_SECRET: SECRET,
      WORKER_CALLBACK_PORT: String(callbackPort),
      WORKER_METRICS_PORT: String(metricsPort),
    });
    const url = `http://127.0.0.1:${callbackPort}/api/whatsapp/webhook`;
    const post = (raw: string, signature: string) =>
      fetch(url, { method: "POST", body: raw, headers: { "content-type": "application/json", "x-hub-signature-256": signature } });
    const id = newWamid();
    const { raw, signature } = signedNotification(SECRET, NUMBER, familyMessage({ from: GUARDIAN, name: "Rosa", text: "Hola", id }));
    const accepted = await until(
      "the callback port",
      () =>
        post(raw, signature).then(
          (res) => res.status,
          () => 0,
        ),
      (status) => status > 0,
      60,
    );
    expect(accepted).toBe(200);
    expect((await post(raw, "sha256=00")).status).toBe(401);

    const { db } = await api.school();
    const inbound = await db.inboundMessage.findFirstOrThrow({ where: { providerId: id } });
    // Filed and answered by the worker's main thread (a greeting gets the assistant's courtesy), not by the queued job.
    const conversation = await until(
      "the family's conversation answered",
      () => db.conversation.findFirst({ where: { messages: { some: { inboundId: inbound.id } } }, include: { messages: { orderBy: { id: "asc" } } } }),
      (c) => (c?.messages.length ?? 0) >= 2,
      60,
    );
    expect(conversation!.guardianId).not.toBeNull();
    expect(conversation!.messages.map((m) => m.author)).toEqual(["contact", "assistant"]);
    const jobs = await api.db().$queryRaw<{ held: boolean; state: string }[]>`
      SELECT start_after > now() + interval '30 seconds' AS held, state::text FROM pgboss.job
       WHERE name = 'conversation-inbound' AND (data->>'inboundId')::int = ${inbound.id}`;
    expect(jobs).toEqual([{ held: true, state: "created" }]);

    // The refusal was counted by the callback thread, the jobs' gauges by the main thread: one page shows both.
    const page = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(page).toContain('webhook_refusals_total{route="whatsapp/webhook",reason="signature"} 1');
    expect(page).toMatch(/http_requests_total\{method="POST",route="whatsapp\/webhook",status="200"\} 1\b/);
    expect(page).toMatch(/^job_queue_depth\{/m);
    expect(page).toMatch(/^process_start_time_seconds \d/m);

    const exited = once(worker, "exit");
    worker.kill("SIGTERM");
    expect((await exited)[0]).toBe(0);
  }, 120_000);
});
