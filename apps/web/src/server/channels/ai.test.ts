import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AiSink, startAiSink } from "../../../../../scripts/lib/ai-sink.ts";
import { env } from "../env.ts";
import { ai, AiFailure } from "./ai.ts";

/**
 * The AI provider against the loopback OpenAI-compatible sink: what goes over the wire (model, messages, tools, JSON
 * mode) and what comes back (text, tool calls), and every failure as one AiFailure with its reason.
 */
let sink: AiSink;

beforeAll(async () => {
  sink = await startAiSink({ apiKey: "provider-key" });
  process.env.DATABASE_URL ??= "postgresql://unused@127.0.0.1/unused";
  Object.assign(env(), { AI_BASE_URL: sink.url, AI_API_KEY: "provider-key", AI_MODEL: "tiny-model", AI_TIMEOUT_MS: 1000 });
});
afterAll(() => sink.close());

const lookup = {
  type: "function" as const,
  function: {
    name: "attendance_today",
    description: "Today's attendance of the family's child",
    parameters: { type: "object", properties: { childId: { type: "integer" } } },
  },
};

describe("AI provider", () => {
  it("is configured by a base URL and a model", () => {
    expect(ai.configured()).toBe(true);
    const settings = env();
    settings.AI_MODEL = undefined;
    expect(ai.configured()).toBe(false);
    settings.AI_MODEL = "tiny-model";
  });

  it("sends the tools and the conversation, and reads the tool calls the model asks for", async () => {
    sink.enqueue({ toolCalls: [{ name: "attendance_today", arguments: { childId: 7 }, id: "call_1" }] });
    const answer = await ai.chat({
      messages: [
        { role: "system", content: "You answer families." },
        { role: "user", content: "¿Vino Ana hoy?" },
      ],
      tools: [lookup],
    });
    expect(answer).toEqual({ text: null, toolCalls: [{ id: "call_1", name: "attendance_today", arguments: '{"childId":7}' }] });
    const request = sink.requests().at(-1)!;
    expect(request).toMatchObject({ model: "tiny-model", authorization: "Bearer provider-key", tools: [lookup] });

    sink.enqueue({ text: "Sí, Ana llegó a las 7:55." });
    const followUp = await ai.chat({
      messages: [
        { role: "user", content: "¿Vino Ana hoy?" },
        {
          role: "assistant",
          content: null,
          tool_calls: [{ id: "call_1", type: "function", function: { name: "attendance_today", arguments: '{"childId":7}' } }],
        },
        { role: "tool", tool_call_id: "call_1", content: '{"present":true,"at":"07:55"}' },
      ],
      tools: [lookup],
    });
    expect(followUp).toEqual({ text: "Sí, Ana llegó a las 7:55.", toolCalls: [] });
    expect(sink.requests().at(-1)!.messages.at(-1)).toMatchObject({ role: "tool", tool_call_id: "call_1" });
  });

  it("asks for a JSON object when told, with a bound on the answer's length", async () => {
    sink.enqueue({ text: '{"sentiment":"negative"}' });
    const answer = await ai.chat({ messages: [{ role: "user", content: "Answer in JSON." }], json: true, maxTokens: 50 });
    expect(answer.text).toBe('{"sentiment":"negative"}');
    expect(sink.requests().at(-1)!.body).toMatchObject({ response_format: { type: "json_object" }, max_tokens: 50 });
  });

  it.each([
    ["http 503", { status: 503 }],
    ["http 401", "wrong key"],
    ["malformed", { malformed: true as const }],
    ["no choices", { noChoices: true as const }],
    ["timeout", { text: "late", delayMs: 3000 }],
    ["empty", { text: "" }],
  ] as const)("fails as AiFailure(%s)", async (reason, behaviour) => {
    const settings = env();
    if (behaviour === "wrong key") settings.AI_API_KEY = "other-key";
    else sink.enqueue(behaviour);
    const failure = await ai.chat({ messages: [{ role: "user", content: "Hola" }] }).catch((error: unknown) => error);
    settings.AI_API_KEY = "provider-key";
    expect(failure).toBeInstanceOf(AiFailure);
    expect((failure as AiFailure).reason).toBe(reason);
  });

  it("fails as unreachable when nothing listens, and as not configured when off", async () => {
    const settings = env();
    settings.AI_BASE_URL = "http://127.0.0.1:9/v1";
    await expect(ai.chat({ messages: [{ role: "user", content: "Hola" }] })).rejects.toMatchObject({ reason: "unreachable" });
    settings.AI_BASE_URL = undefined;
    await expect(ai.chat({ messages: [{ role: "user", content: "Hola" }] })).rejects.toMatchObject({ reason: "not configured" });
    settings.AI_BASE_URL = sink.url;
  });
});
