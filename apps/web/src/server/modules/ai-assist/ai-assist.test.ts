import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type AiSink, startAiSink } from "../../../../../../scripts/lib/ai-sink.ts";
import { apiHarness } from "../../../test-support/harness.ts";
import { env } from "../../env.ts";

/**
 * `POST admPublication/AiAssist` (000 §7 "AI assist", 001 §7, 002 §7) through the router, with the product's own
 * client talking to the loopback OpenAI-compatible sink: translations both ways, writing, the spec's messages, and a
 * provider that fails, stalls or answers garbage, which is a clear refusal and never a 500.
 */
const api = apiHarness();
type Locale = "es" | "en";
type Answer = Record<string, string> & { errors?: Record<string, string> };

let sink: AiSink;
let admin: string;
let teacher: string;

const configure = (on: boolean) => {
  const settings = env();
  settings.AI_BASE_URL = on ? sink.url : undefined;
  settings.AI_MODEL = on ? "school-model" : undefined;
  settings.AI_API_KEY = on ? "sink-key" : undefined;
  // Short, so that the stalled provider below is given up on quickly.
  settings.AI_TIMEOUT_MS = 1500;
};

const assist = (body: Record<string, unknown>, locale: Locale = "en", token = admin) =>
  api.call<Answer>("POST", "admPublication/AiAssist", { token, locale, body });

/** The translating model: every text is "[EN] …" or "[ES] …" after the language the system prompt asks for. */
const translator = () =>
  sink.handle((request) => {
    const system = String(request.messages[0]?.content);
    const text = String(request.messages.at(-1)?.content);
    return { text: system.includes("to English") ? `[EN] ${text}` : `[ES] ${text}` };
  });

beforeAll(async () => {
  sink = await startAiSink({ apiKey: "sink-key" });
  ({ admin, teacher } = await api.tokens());
});
afterAll(() => sink.close());
beforeEach(() => {
  sink.reset();
  configure(true);
});

describe("POST admPublication/AiAssist: translate", () => {
  it("fills the English fields from the Spanish ones, sending the model and each text, rich text sanitised", async () => {
    translator();
    const res = await assist({
      name: "Día del logro",
      desc: "Los alumnos presentan sus proyectos.",
      body: '<p>Les esperamos <b>el viernes</b>.</p><img src="https://tracker.example/p.gif"><script>alert(1)</script>',
      nameEN: "",
      img1: "ignored.png",
      aiAssist: { translate: true, field: "name" },
    });
    expect(res.http).toBe(200);
    expect(res.body.status).toBeGreaterThanOrEqual(0);
    expect(res.body.data).toEqual({
      nameEN: "[EN] Día del logro",
      descEN: "[EN] Los alumnos presentan sus proyectos.",
      // What the model answers is stored like anything typed: no script, no foreign image.
      bodyEN: "[EN] <p>Les esperamos <b>el viernes</b>.</p>",
    });
    const sent = sink.requests();
    expect(sent).toHaveLength(3);
    for (const request of sent) {
      expect(request).toMatchObject({ model: "school-model", authorization: "Bearer sink-key", path: "/v1/chat/completions" });
      expect(request.messages.map((m) => m.role)).toEqual(["system", "user"]);
    }
    expect(sent.map((r) => r.messages[1]!.content).sort()).toEqual([
      '<p>Les esperamos <b>el viernes</b>.</p><img src="https://tracker.example/p.gif"><script>alert(1)</script>',
      "Día del logro",
      "Los alumnos presentan sus proyectos.",
    ]);
    expect(sent.find((r) => String(r.messages[1]!.content).startsWith("<p>"))!.text).toContain("HTML");
    // Only the assistant's fields are read: the form's other values never reach the model.
    expect(sent.map((r) => r.text).join("\n")).not.toContain("ignored.png");
  });

  it("fills the Spanish fields from the English ones when the field named is English, cut to the field's size", async () => {
    translator();
    const res = await assist({ nameEN: "Sports day", descEN: "x ".repeat(74).trim(), aiAssist: { translate: true, field: "descEN" } });
    expect(res.http).toBe(200);
    expect(res.body.data.name).toBe("[ES] Sports day");
    // desc holds 150 characters: the translation is cut at a word to fit.
    expect(res.body.data.desc!.length).toBeLessThanOrEqual(150);
    expect(res.body.data.desc).toMatch(/^\[ES\] x( x)+$/);
    expect(Object.keys(res.body.data).sort()).toEqual(["desc", "name"]);
    expect(String(sink.requests()[0]!.messages[0]!.content)).toContain("to Spanish");
  });

  it.each([
    ["en", "name", { name: "  ", desc: "algo", aiAssist: { translate: true } }, "Complete the required fields for the assistant to translate the text for you"],
    [
      "es",
      "name",
      { name: "", aiAssist: { translate: true, field: "desc" } },
      "Completa los campos obligatorios para que el asistente traduzca el texto por ti",
    ],
    [
      "en",
      "nameEN",
      { name: "Hola", nameEN: "", aiAssist: { translate: true, field: "bodyEN" } },
      "Complete the required fields for the assistant to translate the text for you",
    ],
  ])("refuses in %s without the title on the side translated from (%s)", async (locale, field, body, msg) => {
    const res = await assist(body, locale as Locale);
    expect(res.http).toBe(422);
    expect(res.body.msg).toBe(msg);
    expect(res.body.data.errors).toEqual({ [field]: msg });
    expect(sink.requests()).toHaveLength(0);
  });
});

describe("POST admPublication/AiAssist: write", () => {
  it("writes a rich-text field from the seed in the tone and paragraphs asked, as safe HTML", async () => {
    sink.enqueue({ text: "Primer párrafo.\n\nSegundo <b>párrafo</b> & fin." });
    const res = await assist({
      name: "Reunión de padres",
      aiAssist: { field: "body", seed: "reunión el martes a las 18h en el auditorio", tone: "formal", paragraphs: 2, summarize: 1, inputMax: 20 },
    });
    expect(res.http).toBe(200);
    expect(res.body.data).toEqual({ body: "<p>Primer párrafo.</p><p>Segundo &lt;b&gt;párrafo&lt;/b&gt; &amp; fin.</p>" });
    const [request] = sink.requests();
    const system = String(request!.messages[0]!.content);
    expect(system).toContain("Spanish");
    expect(system).toContain("formal and courteous");
    expect(system).toContain("exactly 2 paragraphs");
    expect(system).toContain("one or two sentences");
    // inputMax: only the first 20 characters of the seed are sent.
    expect(request!.messages[1]!.content).toBe("reunión el martes a ");
  });

  it("writes an English plain field from its own title when there is no seed, cut to the field's size", async () => {
    sink.enqueue({ text: `"${"Come and see. ".repeat(20).trim()}"` });
    const res = await assist({ name: "Feria", nameEN: "Science fair", aiAssist: { field: "descEN", tone: "joyful" } }, "es");
    expect(res.http).toBe(200);
    expect(res.body.data.descEN!.length).toBeLessThanOrEqual(150);
    expect(res.body.data.descEN).toMatch(/^Come and see\./);
    const [request] = sink.requests();
    expect(request!.messages[1]!.content).toBe("Science fair");
    expect(String(request!.messages[0]!.content)).toContain("English");
    expect(String(request!.messages[0]!.content)).toContain("150 characters");
  });

  it.each([
    ["en", "seed", { name: "", aiAssist: { field: "body" } }, "Complete the required fields for the assistant to write for you"],
    ["es", "seed", { nameEN: "", name: "Hay título", aiAssist: { field: "bodyEN" } }, "Completa los campos obligatorios para que el asistente escriba por ti"],
    ["es", "field", { name: "Título", aiAssist: { seed: "notas" } }, "Completa los campos obligatorios para que el asistente escriba por ti"],
    ["en", "field", { name: "Título", aiAssist: { field: "name", seed: "notas" } }, "Complete the required fields for the assistant to write for you"],
  ])("refuses in %s without the %s", async (locale, field, body, msg) => {
    const res = await assist(body, locale as Locale);
    expect(res.http).toBe(422);
    expect(res.body.data.errors).toEqual({ [field]: msg });
    expect(sink.requests()).toHaveLength(0);
  });

  it.each([
    ["en", { paragraphs: 21 }, "aiAssist.paragraphs", "The Paragraphs may not be greater than 20."],
    ["es", { tone: "angry" }, "aiAssist.tone", "El campo Tono no es válido."],
    ["en", { field: "img1" }, "field", "The assistant cannot fill that field."],
  ])("refuses bad options in %s naming the field: %j", async (locale, options, field, msg) => {
    const res = await assist({ name: "Título", aiAssist: { field: "body", seed: "notas", ...options } }, locale as Locale);
    expect(res.http).toBe(422);
    expect(res.body.data.errors).toEqual({ [field]: msg });
    expect(sink.requests()).toHaveLength(0);
  });
});

describe("POST admPublication/AiAssist: no provider, or a failing one", () => {
  it.each([
    ["en", "The AI assistant is not set up for this deployment: ask the administrator to configure an AI provider."],
    ["es", "El asistente de IA no está configurado en esta instalación: pide al administrador que configure un proveedor de IA."],
  ])("says in %s that the assistant is not set up, asking nothing of anyone", async (locale, msg) => {
    configure(false);
    const res = await assist({ name: "Hola", aiAssist: { translate: true } }, locale as Locale);
    expect(res.http).toBe(422);
    expect(res.body.status).toBeLessThan(0);
    expect(res.body.data.errors).toEqual({ aiAssist: msg });
    expect(sink.requests()).toHaveLength(0);
  });

  it.each([
    ["HTTP 500", { status: 500 }, 502, "The AI assistant could not answer. Try again in a moment."],
    ["HTTP 429", { status: 429, message: "Rate limit reached" }, 502, "The AI assistant could not answer. Try again in a moment."],
    ["malformed JSON", { malformed: true as const }, 502, "The AI assistant could not answer. Try again in a moment."],
    ["no choices", { noChoices: true as const }, 502, "The AI assistant could not answer. Try again in a moment."],
    ["a stall past the timeout", { text: "too late", delayMs: 4000 }, 504, "The AI assistant took too long to answer. Try again in a moment."],
  ])("refuses clearly on %s, once (no retry)", async (_, behaviour, http, msg) => {
    sink.handle(() => behaviour);
    const res = await assist({ name: "Hola", aiAssist: { field: "desc", seed: "notas" } });
    expect(res.http).toBe(http);
    expect(res.body.status).toBeLessThan(0);
    expect(res.body.msg).toBe(msg);
    expect(sink.requests()).toHaveLength(1);
  });

  it("refuses the wrong key as a provider failure, not as the caller's", async () => {
    env().AI_API_KEY = "stale-key";
    const res = await assist({ name: "Hola", aiAssist: { field: "desc", seed: "notas" } });
    expect(res.http).toBe(502);
    expect(res.body.msg).toBe("The AI assistant could not answer. Try again in a moment.");
  });

  it("needs the publications' write right", async () => {
    const res = await assist({ name: "Hola", aiAssist: { translate: true } }, "en", teacher);
    expect(res.http).toBe(403);
    expect(sink.requests()).toHaveLength(0);
  });
});
