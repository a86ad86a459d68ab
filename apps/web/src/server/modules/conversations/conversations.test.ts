import type { TenantDb } from "@pizarra/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAiSink } from "../../../../../../scripts/lib/ai-sink.ts";
import { startWhatsAppSink, type WhatsAppSink } from "../../../../../../scripts/lib/whatsapp-sink.ts";
import en from "../../../../messages/en.json";
import es from "../../../../messages/es.json";
import { apiHarness } from "../../../test-support/harness.ts";
import { env } from "../../env.ts";
import { signBody } from "../whatsapp/signature.ts";
import { considerMessage, type Decide } from "./assistant-job.ts";
import { fileInbound } from "./inbound.ts";
import { writeSummary } from "./summary-job.ts";

/**
 * The inbox through the real route handlers and PostgreSQL: families' WhatsApp messages (signed webhooks) filed into
 * conversations matched to their guardians by WhatsApp's national forms, the replies and their rules (the 24-hour
 * window, templates, opt-out, bad input), the actions, who sees what, and the assistant never talking over staff.
 */
const api = apiHarness({ school: true });
const SECRET = "test-app-secret";
const NUMBER = "PN-INBOX";

let sink: WhatsAppSink;
let school: TenantDb;
let tenantId: number;
let admin: string;
let northside: string;
let wamid = 0;

beforeAll(async () => {
  sink = await startWhatsAppSink({
    port: 0,
    webhookUrl: "http://127.0.0.1:9/unused",
    appSecret: SECRET,
    delays: { sent: 10_000, delivered: 10_000, read: 10_000 },
  });
  Object.assign(process.env, { WHATSAPP_API_URL: sink.url, WHATSAPP_TOKEN: "t", WHATSAPP_PHONE_NUMBER_ID: NUMBER, WHATSAPP_APP_SECRET: SECRET });
  ({ db: school, tenantId } = await api.school());
  ({ admin, northside } = await api.tokens());
  await api.db().tenant.update({ where: { id: tenantId }, data: { whatsappPhoneNumberId: NUMBER } });
});
afterAll(async () => {
  await sink?.close();
});

/** A family's message as Meta posts it, signed; then the worker's job files it (run here, in the test's process). */
async function write(from: string, text: string, name = "Familia") {
  const body = JSON.stringify({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "WABA",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { phone_number_id: NUMBER },
              contacts: [{ wa_id: from, profile: { name } }],
              messages: [{ from, id: `wamid.test${++wamid}`, timestamp: "1", type: "text", text: { body: text } }],
            },
          },
        ],
      },
    ],
  });
  const res = await api.rawCallback("POST", "whatsapp/webhook", {
    rawBody: body,
    headers: { "content-type": "application/json", "x-hub-signature-256": signBody(body, SECRET) },
  });
  expect(res.status).toBe(200);
  const inbound = await school.inboundMessage.findFirstOrThrow({ where: { providerId: `wamid.test${wamid}` } });
  await fileInbound(api.db(), { tenantId, inboundId: inbound.id });
  return school.conversationMessage.findFirstOrThrow({ where: { inboundId: inbound.id }, include: { conversation: true } });
}

const list = (query: string, token = admin) =>
  api.call<{ Results: { ID: number; user: string; type: string; known: boolean }[]; RowCount: number }>("GET", `admConversations/get?${query}`, { token });
const reply = (id: number, body: unknown, locale: "es" | "en" = "es", token = admin) =>
  api.call<{ ID: string; status: string | null; author: string }>("POST", `admConversations/${id}/messages`, { token, body, locale });

describe("a family's message", () => {
  it("is filed into a conversation with its guardian, matched across WhatsApp's national forms", async () => {
    const guardian = await school.user.findFirstOrThrow({
      where: { type: 1, inactive: false, dependants: { some: { endedAt: null, contactRights: true } } },
      select: { id: true },
    });
    // Kept as Mexico's plan writes it today; WhatsApp's id keeps the old "1" after 52.
    await school.user.update({ where: { id: guardian.id }, data: { cel: "+525512345678" } });
    const first = await write("5215512345678", "Hola, buenos días");
    const second = await write("5215512345678", "¿A qué hora es la salida?");
    expect(first.conversation.guardianId).toBe(guardian.id);
    expect(second.conversationId).toBe(first.conversationId);
    expect(first.conversation.contact).toBe("+525512345678");
    expect(first.conversation.contactName).toBe("Familia");
    const rows = (await list("type=open&search=5512345678")).body.data.Results;
    expect(rows.map((r) => r.ID)).toContain(first.conversationId);
    const detail = await api.record<{ chatUser: string; guardianId: number; children: unknown[]; windowOpen: boolean; pastConversations: unknown[] }>(
      `admConversations/get/${first.conversationId}`,
    );
    expect(detail).toMatchObject({ chatUser: "+525512345678", guardianId: guardian.id, windowOpen: true });
    expect(detail.children.length).toBeGreaterThan(0);
    const messages = await api.rows<{ ID: string; author: string; text: string }>(`admConversations/${first.conversationId}/messages`);
    expect(messages.map((m) => m.text)).toEqual(["Hola, buenos días", "¿A qué hora es la salida?"]);
    expect(messages[0]!.ID).toMatch(/^U_\d+_\d{12}$/);
  });

  it("from an unknown number is an unknown contact's, which an administrator links to a guardian", async () => {
    const message = await write("51911222333", "Hello, who is this?", "Stranger");
    expect(message.conversation.guardianId).toBeNull();
    const unknown = (await list("type=open&search=stranger")).body.data.Results;
    expect(unknown).toEqual([expect.objectContaining({ ID: message.conversationId, user: "Stranger", known: false })]);
    const relative = await school.user.findFirstOrThrow({ where: { type: 1, inactive: false }, select: { id: true } });
    const linked = await api.call<{ guardianId: number }>("POST", `admConversations/${message.conversationId}/link`, {
      token: admin,
      body: { guardianId: relative.id },
    });
    expect(linked.body.data.guardianId).toBe(relative.id);
    const student = await school.user.findFirstOrThrow({ where: { type: 2 }, select: { id: true } });
    const refused = await api.call("POST", `admConversations/${message.conversationId}/link`, { token: admin, body: { guardianId: student.id }, locale: "en" });
    expect(refused.body).toMatchObject({ status: -422, msg: en.conversations.notGuardian });
  });
});

describe("a staff reply", () => {
  it("goes out on WhatsApp inside the window, and the person who wrote it has the conversation", async () => {
    const message = await write("51911000111", "¿Mañana hay clases?");
    const sent = await reply(message.conversationId, { type: "text", msg: "Sí, con normalidad." });
    expect(sent.body.status).toBeGreaterThanOrEqual(0);
    expect(sent.body.data).toMatchObject({ author: "staff", status: "queued" });
    expect(sent.body.data.ID).toMatch(/^A_\d+_\d{12}$/);
    const ledger = await school.message.findFirstOrThrow({ where: { source: "conversation", sourceId: message.conversationId } });
    expect(ledger).toMatchObject({ channel: "whatsapp", address: "+51911000111", text: "Sí, con normalidad.", urgent: true });
    const conversation = await school.conversation.findFirstOrThrow({ where: { id: message.conversationId } });
    expect(conversation.type).toBe("human");
    expect(conversation.assigneeId).not.toBeNull();
  });

  it("after 24 hours is refused as free text and offered the approved templates, which must be filled right", async () => {
    const message = await write("51911000222", "Consulta");
    await school.conversation.update({ where: { id: message.conversationId }, data: { lastInboundAt: new Date(Date.now() - 25 * 3_600_000) } });
    for (const [locale, messages] of [
      ["es", es],
      ["en", en],
    ] as const) {
      const refused = await reply(message.conversationId, { type: "text", msg: "Hola" }, locale);
      expect(refused.body).toMatchObject({ status: -422, msg: messages.conversations.windowClosed });
    }
    await school.localizationTemplate.upsert({
      where: { tenantId_id: { tenantId, id: "inbox_followup" } },
      create: { id: "inbox_followup", type: "w", templateId: "inbox_followup", name: "Seguimiento", content: "Hola {{name}}, sobre {{topic}}: escríbanos." },
      update: {},
    });
    const templates = await api.rows<{ ID: string; tags: string[] }>(`admConversations/${message.conversationId}/templates`);
    expect(templates.find((t) => t.ID === "inbox_followup")?.tags).toEqual(["topic"]);
    const missing = await reply(message.conversationId, { type: "template", msg: "inbox_followup", params: {} }, "en");
    expect(missing.body.msg).toBe(en.conversations.missingPlaceholder.replace(":tag", "topic"));
    const unknown = await reply(message.conversationId, { type: "template", msg: "inbox_followup", params: { topic: "x", other: "y" } }, "es");
    expect(unknown.body.msg).toBe(es.conversations.unknownPlaceholder.replace(":tag", "other"));
    const sent = await reply(message.conversationId, { type: "template", msg: "inbox_followup", params: { topic: "la reunión" } });
    expect(sent.body.status).toBeGreaterThanOrEqual(0);
    const ledger = await school.message.findFirstOrThrow({ where: { source: "conversation", sourceId: message.conversationId } });
    expect(ledger.template).toMatchObject({ name: "inbox_followup", params: ["", "la reunión"] });
  });

  it("that is empty or too long, or to a family that withdrew, is refused in the user's language and sends nothing", async () => {
    const message = await write("51911000333", "Hola");
    const before = await school.message.count({ where: { source: "conversation", sourceId: message.conversationId } });
    for (const msg of ["", "   ", "x".repeat(10_000)]) {
      const refused = await reply(message.conversationId, { type: "text", msg }, "en");
      expect(refused.http).toBe(422);
      expect(refused.body.msg).toContain("Message");
    }
    const spanish = await reply(message.conversationId, { type: "text", msg: "" }, "es");
    expect(spanish.body.msg).toContain("Mensaje");
    const guardian = await school.user.findFirstOrThrow({
      where: { type: 1, inactive: false, id: { not: message.conversation.guardianId ?? 0 } },
      select: { id: true },
    });
    await school.user.update({ where: { id: guardian.id }, data: { cel: "+51911000444" } });
    const optedOut = await write("51911000444", "STOP");
    const refused = await reply(optedOut.conversationId, { type: "text", msg: "¿Seguro?" }, "en");
    expect(refused.body.msg).toBe(en.conversations.optedOutReply);
    expect(await school.message.count({ where: { source: "conversation", sourceId: { in: [message.conversationId, optedOut.conversationId] } } })).toBe(before);
  });
});

describe("the assistant", () => {
  const answers: Decide = async () => ({ action: "answer", text: "La salida es a las 3 pm.", sources: [{ kind: "faq", id: 1, name: "Horario" }] });

  it("answers an open conversation and holds it, but never after staff took it over", async () => {
    const first = await write("51911000555", "¿Hora de salida?");
    await considerMessage(api.db(), answers, { tenantId, conversationId: first.conversationId, messageId: first.id });
    const held = await school.conversation.findFirstOrThrow({ where: { id: first.conversationId } });
    expect(held.holdAiTill!.getTime()).toBeGreaterThan(Date.now());
    // The same message considered again (the queued job after the worker answered it at once) is not answered twice.
    await considerMessage(api.db(), answers, { tenantId, conversationId: first.conversationId, messageId: first.id });
    expect(await school.conversationMessage.count({ where: { conversationId: first.conversationId, author: "assistant" } })).toBe(1);
    const said = await api.rows<{ author: string; sources: unknown[] }>(`admConversations/${first.conversationId}/messages`);
    expect(said.at(-1)).toMatchObject({ author: "assistant", sources: [{ kind: "faq", id: 1, name: "Horario" }] });

    const second = await write("51911000555", "¿Y el sábado?");
    // The model is slow; staff take over meanwhile: the answer it prepared is never sent.
    const slow: Decide = async (db, input) => {
      await api.call("POST", `admConversations/${input.conversation.id}/takeover`, { token: admin });
      return answers(db, input);
    };
    await considerMessage(api.db(), slow, { tenantId, conversationId: second.conversationId, messageId: second.id });
    const after = await school.conversationMessage.findMany({ where: { conversationId: second.conversationId, id: { gt: second.id } } });
    expect(after).toEqual([]);
    expect(await school.conversation.findFirstOrThrow({ where: { id: second.conversationId } })).toMatchObject({ type: "human", holdAiTill: null });
  });

  it("hands over on its own failure, and the administrators who take Web Push are told", async () => {
    const head = await school.user.findFirstOrThrow({ where: { mail: "admin@pizarra.demo" }, select: { id: true } });
    await school.pushSubscription.create({ data: { userId: head.id, endpoint: "https://push.example/inbox", p256dh: "k", auth: "a" } });
    const message = await write("51911000666", "Necesito ayuda");
    await considerMessage(api.db(), async () => Promise.reject(new Error("boom")), { tenantId, conversationId: message.conversationId, messageId: message.id });
    expect(await school.conversation.findFirstOrThrow({ where: { id: message.conversationId } })).toMatchObject({ type: "human", escalation: "providerError" });
    const told = await school.message.findFirstOrThrow({ where: { source: "conversation", sourceId: message.conversationId, channel: "push" } });
    // In the administrator's own language.
    const theirs = told.locale === "en" ? en : es;
    expect(told).toMatchObject({ userId: head.id, subject: theirs.conversations.handover.title });
    expect(told.text).toContain(theirs.conversations.reasons.providerError);
    const escalated = (await list("type=human")).body.data.Results.map((r) => r.ID);
    expect(escalated).toContain(message.conversationId);
  });
});

describe("who sees what", () => {
  it("a teacher sees their sections' families only; another school's conversation is not found", async () => {
    const { teacherId } = await api.school();
    const group = await school.userGroupMember.findFirstOrThrow({ where: { userId: teacherId }, select: { groupId: true } });
    await school.moduleAccess.upsert({
      where: { groupId_moduleId: { groupId: group.groupId, moduleId: "admConversations" } },
      create: { groupId: group.groupId, moduleId: "admConversations", canRead: true, canWrite: true },
      update: { canRead: true, canWrite: true },
    });
    const teacherToken = await api.tokenFor("docente@pizarra.demo");
    // The sections the teacher tutors or teaches a part or a subject of.
    const taughtBy = {
      OR: [{ owner: teacherId }, { parts: { some: { masterId: teacherId } } }, { parts: { some: { activity: { masters: { some: { userId: teacherId } } } } } }],
    };
    const taught = await school.kinship.findFirstOrThrow({
      where: {
        endedAt: null,
        contactRights: true,
        userKind: { in: [0, 1] },
        student: {
          sections: {
            some: {
              section: taughtBy,
            },
          },
        },
      },
      select: { relativeId: true },
    });
    const other = await school.kinship.findFirstOrThrow({
      where: {
        endedAt: null,
        student: {
          sections: {
            none: {
              section: taughtBy,
            },
          },
        },
      },
      select: { relativeId: true },
    });
    await school.user.update({ where: { id: taught.relativeId }, data: { cel: "+51911000777" } });
    await school.user.update({ where: { id: other.relativeId }, data: { cel: "+51911000888" } });
    const mine = await write("51911000777", "Consulta de mi hijo");
    const theirs = await write("51911000888", "Consulta de otra familia");
    const seen = (await list("type=open&PageSize=200", teacherToken)).body.data.Results.map((r) => r.ID);
    expect(seen).toContain(mine.conversationId);
    expect(seen).not.toContain(theirs.conversationId);
    expect((await api.call("GET", `admConversations/get/${theirs.conversationId}`, { token: teacherToken })).http).toBe(404);
    // Linking a number names any family of the school: it needs the right to read relatives too.
    const relink = await api.call("POST", `admConversations/${mine.conversationId}/link`, { token: teacherToken, body: { guardianId: other.relativeId } });
    expect(relink.http).toBe(403);
    // An unknown contact is nobody's family yet: an administrator's to link.
    const stranger = await write("51911000000", "Hi");
    expect(seen).not.toContain(stranger.conversationId);
    expect((await list("type=open&PageSize=200", teacherToken)).body.data.Results.map((r) => r.ID)).not.toContain(stranger.conversationId);
    expect((await api.call("GET", `admConversations/${mine.conversationId}/messages`, { token: northside })).http).toBe(404);
  });
});

describe("closing and reopening", () => {
  it("a closed conversation takes no reply; the contact's next message opens a new one, and a second open one is refused", async () => {
    const message = await write("51911000999", "Gracias");
    const closed = await api.call<{ type: string }>("POST", `admConversations/${message.conversationId}/close`, { token: admin });
    expect(closed.body.data.type).toBe("closed");
    expect((await reply(message.conversationId, { type: "text", msg: "Hola" }, "en")).body.msg).toBe(en.conversations.closedReply);
    const next = await write("51911000999", "Otra consulta");
    expect(next.conversationId).not.toBe(message.conversationId);
    const detail = await api.record<{ pastConversations: { ID: number }[] }>(`admConversations/get/${next.conversationId}`);
    expect(detail.pastConversations.map((p) => p.ID)).toEqual([message.conversationId]);
    const reopened = await api.call("POST", `admConversations/${message.conversationId}/reopen`, { token: admin, locale: "en" });
    expect(reopened.body).toMatchObject({ status: -409, msg: en.conversations.otherOpen });
    // The worker writes a closed conversation's summary (here without a model: the family's first question).
    await writeSummary(api.db(), { tenantId, conversationId: message.conversationId });
    const summarised = await api.record<{ summary: string; sentimentName: string; satisfactionName: string }>(`admConversations/get/${message.conversationId}`);
    expect(summarised.summary).toContain("Gracias");
    expect(summarised.satisfactionName).toBe(es.conversations.satisfactions.satisfied);
    const dashboard = await api.record<{ totalConversations: number; totalMessages: number }>("admConversations/dashboard");
    expect(dashboard.totalConversations).toBeGreaterThanOrEqual(8);
    expect(dashboard.totalMessages).toBeGreaterThanOrEqual(10);
  });
});

describe("a reply put into the family's language", () => {
  it("says so when no model is configured, and uses the model when one is", async () => {
    const message = await write("51911000123", "Hello, is there school tomorrow?");
    await school.conversation.update({ where: { id: message.conversationId }, data: { locale: "en" } });
    for (const [locale, messages] of [
      ["es", es],
      ["en", en],
    ] as const) {
      const refused = await api.call("POST", `admConversations/${message.conversationId}/translate`, {
        token: admin,
        body: { msg: "Sí, hay clases." },
        locale,
      });
      expect(refused.body).toMatchObject({ status: -422, msg: messages.ai.notConfigured });
    }
    const sink = await startAiSink({ apiKey: "sink-key" });
    try {
      Object.assign(env(), { AI_BASE_URL: sink.url, AI_MODEL: "school-model", AI_API_KEY: "sink-key" });
      sink.enqueue({ text: "Yes, there is school tomorrow." });
      const translated = await api.call<{ text: string; locale: string }>("POST", `admConversations/${message.conversationId}/translate`, {
        token: admin,
        body: { msg: "Sí, hay clases mañana." },
      });
      expect(translated.body.data).toEqual({ text: "Yes, there is school tomorrow.", locale: "en" });
      expect(sink.requests()[0]!.text).toContain("Sí, hay clases mañana.");
      expect((await api.record<{ aiModel: boolean }>(`admConversations/get/${message.conversationId}`)).aiModel).toBe(true);
    } finally {
      Object.assign(env(), { AI_BASE_URL: undefined, AI_MODEL: undefined });
      await sink.close();
    }
  });
});
