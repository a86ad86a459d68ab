import { PERSON_TYPE } from "@pizarra/contracts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type AiSink, startAiSink } from "../../../../../../../scripts/lib/ai-sink.ts";
import { apiHarness, type DemoSchool } from "../../../../test-support/harness.ts";
import { env } from "../../../env.ts";
import { verifyJustifyLink } from "../../attendance/link-token.ts";
import { onlineGrades } from "../../grades/index.ts";
import { decide, type DecideInput, summarize } from "./index.ts";

const api = apiHarness({ school: true });

/** 10:00 at the school (UTC-5) on a school day of the demo's 2026 period: the tests do not depend on today's date. */
const NOW = new Date("2026-06-15T15:00:00Z");
const DAY = "2026-06-15";

type Person = { id: number; name: string; last: string | null };
let school: DemoSchool;
let guardianId: number;
let childA: Person;
let childB: Person;
let other: Person;

/** Colegio Demo's students in sections of the current period: two become one family's children, the third is another's. */
beforeAll(async () => {
  school = await api.school();
  const { db } = school;
  const students = await db.user.findMany({
    where: { type: PERSON_TYPE.student, inactive: false, sections: { some: { section: { superSection: { periodId: 202601 } } } } },
    orderBy: { id: "asc" },
    take: 3,
    select: { id: true, name: true, last: true },
  });
  [childA, childB, other] = students as [Person, Person, Person];
  await db.kinship.deleteMany({ where: { studentId: { in: [childA.id, childB.id] } } });
  const guardian = await db.user.create({
    data: { type: PERSON_TYPE.relative, name: "Rosa", last: "Quispe", locale: "es", cel: "+51999000111" },
    select: { id: true },
  });
  guardianId = guardian.id;
  await db.kinship.createMany({
    data: [
      { studentId: childA.id, relativeId: guardianId, userKind: 0 },
      { studentId: childB.id, relativeId: guardianId, userKind: 1 },
      // A restricted link (a court order) makes the third no child of this family: the assistant never speaks of them.
      { studentId: other.id, relativeId: guardianId, userKind: 1, contactRights: false },
    ],
  });
  await db.info.createMany({
    data: [
      {
        name: "Horario de atención",
        desc: "Secretaría",
        body: "<p>La secretaría atiende de <strong>lunes a viernes</strong> de 8:00 a 15:00.</p>",
        nameEN: "Office hours",
        bodyEN: "<p>The office is open <strong>Monday to Friday</strong>, 8:00 to 15:00.</p>",
        published: true,
      },
      { name: "Uniforme escolar", body: "<p>Polo blanco y buzo azul.</p>", published: false },
      { name: "Torneo de ajedrez", body: `<p>Felicitamos a ${other.name} ${other.last} por ganar el torneo de ajedrez.</p>`, published: true },
    ],
  });
});

const ask = (text: string, over: { locale?: "es" | "en"; guardianId?: number | null; history?: DecideInput["history"] } = {}) =>
  decide(school.db, {
    conversation: { id: 1, locale: over.locale ?? "es", guardianId: over.guardianId === undefined ? guardianId : over.guardianId, contact: "+51999000111" },
    message: { id: 1, text, kind: "text" },
    history: over.history ?? [],
    now: NOW,
  });

/** The family's justification links in an answer, read back: which child, guardian and day each is bound to. */
async function linksIn(text: string) {
  const tokens = [...text.matchAll(/\/justify\/(\S+?)(?=[.,;:!?]?(?:\s|$))/g)].map((m) => m[1]!);
  return Promise.all(tokens.map(async (t) => verifyJustifyLink(t)));
}

describe("the deterministic assistant (no model configured)", () => {
  it("answers from a FAQ found by full-text search, without accents, naming its source, in Spanish and English", async () => {
    const es = await ask("Buenos días, ¿cuál es el horario de atencion de la secretaria?");
    expect(es).toMatchObject({ action: "answer", sources: [{ kind: "faq", name: "Horario de atención" }] });
    if (es.action !== "answer") return;
    expect(es.text).toContain("lunes a viernes de 8:00 a 15:00");
    expect(es.text).not.toContain("<");
    expect(es.text).toContain("Fuente: FAQ «Horario de atención»");

    const en = await ask("What are your office hours?", { locale: "en" });
    expect(en).toMatchObject({ action: "answer", sources: [{ kind: "faq", name: "Office hours" }] });
    if (en.action === "answer") expect(en.text).toMatch(/Monday to Friday, 8:00 to 15:00\.\n\nSource: FAQ «Office hours»$/);
  });

  it("hands over what no published FAQ covers, politely, as unanswered", async () => {
    for (const text of ["¿Venden entradas para el concierto de rock?", "¿De qué color es el uniforme?"]) {
      const d = await ask(text);
      expect(d).toMatchObject({ action: "handover", reason: "unanswered" });
      if (d.action === "handover") expect(d.text).toContain("Una persona del colegio le responderá");
    }
    expect(await ask("Can I bring a pet to the fair?", { locale: "en" })).toMatchObject({ action: "handover", reason: "unanswered" });
    // A thank-you or a greeting alone is no question for a person.
    expect(await ask("¡Muchas gracias!")).toEqual({
      action: "answer",
      text: "Con gusto. Si necesita algo más, escríbanos por aquí.",
      sources: [],
      sentiment: "positive",
    });
    expect(await ask("Good morning", { locale: "en" })).toMatchObject({ action: "answer", text: "Hello! How can I help you?" });
  });

  it("answers 'my child is sick today' with today's justification link of the child named, else of those with a register today", async () => {
    const named = await ask(`Buenos días, ${childB.name.split(" ")[0]} está enfermo hoy, tiene fiebre`);
    expect(named).toMatchObject({ action: "answer", sources: [{ kind: "justification" }] });
    if (named.action !== "answer") return;
    expect(await linksIn(named.text)).toMatchObject([{ studentId: childB.id, guardianId, from: DAY, to: DAY, tenantId: school.tenantId }]);

    // Only the first child has a register today: "won't come today" names no one, so it is theirs.
    const session = await school.db.attendanceSession.create({ data: { day: new Date(`${DAY}T00:00:00Z`), scope: `assistant-test:${childA.id}` } });
    await school.db.attendanceMark.create({ data: { sessionId: session.id, userId: childA.id } });
    const unnamed = await ask("Mi hijo no va a ir al colegio hoy");
    expect(unnamed.action).toBe("answer");
    if (unnamed.action === "answer") expect(await linksIn(unnamed.text)).toMatchObject([{ studentId: childA.id, sessionId: session.id }]);

    const en = await ask("My daughter is sick today", { locale: "en" });
    expect(en.action).toBe("answer");
    if (en.action === "answer") {
      expect(en.text).toContain("You can justify today's absence here:");
      expect(await linksIn(en.text)).toMatchObject([{ studentId: childA.id }]);
    }
  });

  it("hands over when the family asks for a person, on payment, health or discipline, and when it is upset", async () => {
    const cases: [string, "es" | "en", string][] = [
      ["Quiero hablar con una persona, por favor", "es", "asked"],
      ["Can I talk to a human?", "en", "asked"],
      ["¿Hasta cuándo puedo pagar la pensión de junio?", "es", "sensitive"],
      ["How do I pay the tuition fees?", "en", "sensitive"],
      ["Mi hijo tiene alergia al maní, ¿qué hago?", "es", "sensitive"],
      ["¿Por qué castigaron a mi hija?", "es", "sensitive"],
      ["Estoy muy molesta, nadie me dice nada", "es", "negative"],
      ["This is unacceptable", "en", "negative"],
    ];
    for (const [text, locale, reason] of cases) expect(await ask(text, { locale }), text).toMatchObject({ action: "handover", reason });
  });

  it("gives an unknown number only what the school published: a FAQ, never a justification link", async () => {
    expect(await ask("horario de atención", { guardianId: null })).toMatchObject({ action: "answer", sources: [{ kind: "faq" }] });
    expect(await ask("Mi hijo está enfermo hoy", { guardianId: null })).toMatchObject({ action: "handover", reason: "unanswered" });
  });

  it("never returns an answer naming another family's child (the safety check of the product)", async () => {
    expect(await ask("¿Quién ganó el torneo de ajedrez?")).toMatchObject({ action: "handover", reason: "unsafeAnswer" });
    // The same FAQ is fine for the winner's own family.
    const own = await school.db.user.create({ data: { type: PERSON_TYPE.relative, name: "Ana", last: "Torres" }, select: { id: true } });
    await school.db.kinship.create({ data: { studentId: other.id, relativeId: own.id, userKind: 1 } });
    expect(await ask("¿Quién ganó el torneo de ajedrez?", { guardianId: own.id })).toMatchObject({ action: "answer" });
  });
});

describe("summarize without a model", () => {
  it("says what the family asked and how it ended, with sentiment and satisfaction from the lexicon", async () => {
    type Line = { author: "contact" | "assistant" | "staff"; text: string };
    const cases: [string, "es" | "en", string | null, Line[], object][] = [
      [
        "+51999000111",
        "es",
        null,
        [
          { author: "contact", text: "¿Cuál es el horario de atención?" },
          { author: "assistant", text: "De lunes a viernes…" },
          { author: "contact", text: "Muchas gracias" },
        ],
        { summary: "La familia preguntó: «¿Cuál es el horario de atención?». Lo respondió el asistente.", sentiment: "positive", satisfaction: "satisfied" },
      ],
      [
        "+51999000112",
        "en",
        "negative",
        [
          { author: "contact", text: "Nobody answers, this is unacceptable" },
          { author: "assistant", text: "We are sorry…" },
        ],
        {
          summary: "The family asked: «Nobody answers, this is unacceptable». The assistant handed it to a person.",
          sentiment: "negative",
          satisfaction: "unsatisfied",
        },
      ],
    ];
    for (const [contact, locale, escalation, lines, expected] of cases) {
      const { id } = await school.db.conversation.create({ data: { contact, escalation }, select: { id: true } });
      expect(await summarize(school.db, { id, locale }, lines)).toEqual(expected);
    }
  });
});

describe("with a model (the product's client talking to the loopback OpenAI-compatible sink)", () => {
  let sink: AiSink;
  let faqId: number;
  /** The provider on (the sink, a short timeout for the stalled case) or off, as env.ts would read it. */
  const configure = (on: boolean) =>
    Object.assign(
      env(),
      on ? { AI_BASE_URL: sink.url, AI_MODEL: "school-model", AI_API_KEY: "sink-key", AI_TIMEOUT_MS: 1500 } : { AI_BASE_URL: undefined, AI_MODEL: undefined },
    );
  const answer = (body: Record<string, unknown>) => ({ text: JSON.stringify(body) });
  beforeAll(async () => {
    sink = await startAiSink({ apiKey: "sink-key" });
    faqId = (await school.db.info.findFirstOrThrow({ where: { name: "Horario de atención" }, select: { id: true } })).id;
  });
  afterEach(() => {
    sink.reset();
    configure(false);
  });
  afterAll(() => sink.close());

  it("answers through the family's tools, naming what they returned; the model saw only this family's data", async () => {
    configure(true);
    // Grades of the period show online; a calendar entry for the child's section, one for a section of no child of theirs.
    const showGrades = (showGradesOnline: boolean) =>
      school.db.period.update({
        where: { tenantId_id: { tenantId: school.tenantId, id: 202601 } },
        data: { showGradesOnline, showGradesFrom: new Date("2026-04-01T00:00:00Z") },
      });
    await school.db.periodException.deleteMany({ where: { periodId: 202601 } });
    await showGrades(false);
    expect(await onlineGrades(school.db, [childA.id], NOW)).toEqual([]);
    await showGrades(true);
    const [own, foreign] = await Promise.all(
      [childA.id, other.id].map(
        async (id) =>
          (
            await school.db.sectionMember.findFirstOrThrow({
              where: { userId: id, section: { superSection: { periodId: 202601 } } },
              select: { sectionId: true },
            })
          ).sectionId,
      ),
    );
    const otherSection =
      foreign === own
        ? (await school.db.section.findFirstOrThrow({ where: { id: { not: own }, superSection: { periodId: 202601 } }, select: { id: true } })).id
        : foreign!;
    await school.db.calendarActivity.createMany({
      data: [
        { name: "Paseo al museo", published: true, startDate: new Date("2026-06-20T14:00:00Z"), sections: [own!] },
        { name: "Visita al zoológico", published: true, startDate: new Date("2026-06-21T14:00:00Z"), sections: [otherSection] },
      ],
    });
    sink.enqueue(
      {
        toolCalls: [
          { name: "attendance", arguments: { child: 1 } },
          { name: "search_faqs", arguments: { query: "horario de atención" } },
          // Another family's child, by name and by an id: no child of this family, so nothing is read.
          { name: "grades", arguments: { child: `${other.name} ${other.last}` } },
          { name: "attendance", arguments: { child: other.id } },
          { name: "grades", arguments: { child: childA.name } },
          { name: "calendar", arguments: {} },
        ],
      },
      answer({
        action: "answer",
        text: "La secretaría atiende de lunes a viernes de 8:00 a 15:00.",
        sources: [{ kind: "faq", id: faqId, name: "Horario de atención" }],
        sentiment: "neutral",
      }),
    );
    const d = await ask("¿A qué hora atiende la secretaría? ¿Y cómo va la asistencia?");
    expect(d).toEqual({
      action: "answer",
      text: "La secretaría atiende de lunes a viernes de 8:00 a 15:00.\n\nFuente: FAQ «Horario de atención»",
      sources: [{ kind: "faq", id: faqId, name: "Horario de atención" }],
      sentiment: "neutral",
    });
    const [first, second] = sink.requests();
    expect(first!.tools.map((t) => (t as { function: { name: string } }).function.name)).toEqual([
      "attendance",
      "justification_link",
      "grades",
      "calendar",
      "search_faqs",
      "search_publications",
    ]);
    expect(first!.text).toContain(`1. ${childA.name} ${childA.last}`);
    expect(first!.text).toContain(`2. ${childB.name} ${childB.last}`);
    const tools = second!.messages.filter((m) => m.role === "tool").map((m) => String(m.content));
    expect(tools[0]).toContain(`"child":"${childA.name} ${childA.last}"`);
    expect(tools[1]).toContain("lunes a viernes");
    expect(tools.slice(2, 4)).toEqual([JSON.stringify({ error: "no such child in this family" }), JSON.stringify({ error: "no such child in this family" })]);
    const grades = JSON.parse(tools[4]!) as { results: { child: string; grades: { subject: string; grade: string }[] }[] };
    expect(grades.results.map((r) => r.child)).toEqual([`${childA.name} ${childA.last}`]);
    expect(grades.results[0]!.grades.length).toBeGreaterThan(0);
    expect(tools[5]).toContain("Paseo al museo");
    expect(tools[5]).not.toContain("Visita al zoológico");
    // What the product sent (prompt and tool results) never holds the other child, whom the model named in vain.
    for (const r of sink.requests()) expect(r.text).not.toContain(`${other.name} ${other.last}`);
  });

  it("hands over on a slow provider, an error, a malformed answer or text that is not the JSON asked for", async () => {
    configure(true);
    const cases = [{ text: "{}", delayMs: 3000 }, { status: 500 }, { malformed: true as const }, { text: "Claro, la secretaría abre a las 8." }];
    for (const behaviour of cases) {
      sink.enqueue(behaviour);
      expect(await ask("¿A qué hora abre la secretaría?"), JSON.stringify(behaviour)).toMatchObject({ action: "handover", reason: "providerError" });
    }
  });

  it("never returns the model's answer naming another family's child: the product's check hands over", async () => {
    configure(true);
    sink.enqueue(
      { toolCalls: [{ name: "search_faqs", arguments: { query: "horario de atención" } }] },
      answer({
        action: "answer",
        text: `Su hija estudia con ${other.last} ${other.name}, que ganó el torneo.`,
        sources: [{ kind: "faq", id: faqId, name: "x" }],
      }),
    );
    expect(await ask("¿Con quién estudia mi hija?")).toMatchObject({ action: "handover", reason: "unsafeAnswer" });
    // Nor a link no tool gave: the family taps only the school's own.
    sink.enqueue(
      { toolCalls: [{ name: "justification_link", arguments: { child: 1 } }] },
      answer({ action: "answer", text: "Justifique aquí: https://example.com/justify/abc", sources: [{ kind: "justification", name: childA.name }] }),
    );
    expect(await ask("¿Dónde justifico la falta de hoy?")).toMatchObject({ action: "handover", reason: "unsafeAnswer" });
    // The link the tool gave passes.
    sink.enqueue({ toolCalls: [{ name: "justification_link", arguments: { child: 1 } }] });
    sink.handle((request) => {
      const tool = JSON.parse(String(request.messages.find((m) => m.role === "tool")?.content)) as { results: { link: string }[] };
      return answer({ action: "answer", text: `Justifique aquí: ${tool.results[0]!.link}.`, sources: [{ kind: "justification", name: "x" }] });
    });
    const own = await ask("¿Dónde justifico la falta de hoy?");
    expect(own.action).toBe("answer");
    if (own.action === "answer") expect(await linksIn(own.text)).toMatchObject([{ studentId: childA.id, guardianId }]);
  });

  it("keeps the guards before the model, and hands over an answer drawn from no tool", async () => {
    configure(true);
    expect(await ask("Quiero hablar con una persona")).toMatchObject({ action: "handover", reason: "asked" });
    expect(sink.requests()).toHaveLength(0);
    sink.enqueue(answer({ action: "answer", text: "Sí, mañana hay clases.", sources: [] }));
    expect(await ask("¿Mañana hay clases?")).toMatchObject({ action: "handover", reason: "unanswered" });
    sink.enqueue(answer({ action: "handover" }));
    expect(await ask("¿Mañana hay clases?")).toMatchObject({ action: "handover", reason: "unanswered" });
  });

  it("summarizes with the model, and falls back to the plain summary when it fails", async () => {
    configure(true);
    const conversation = await school.db.conversation.create({ data: { contact: "+51999000113" }, select: { id: true } });
    const lines = [{ author: "contact" as const, text: "¿Horario de atención?" }];
    sink.enqueue(answer({ summary: "Preguntó por el horario y quedó conforme.", sentiment: "positive", satisfaction: "satisfied" }));
    expect(await summarize(school.db, { id: conversation.id, locale: "es" }, lines)).toEqual({
      summary: "Preguntó por el horario y quedó conforme.",
      sentiment: "positive",
      satisfaction: "satisfied",
    });
    sink.enqueue({ status: 503 });
    expect(await summarize(school.db, { id: conversation.id, locale: "es" }, lines)).toMatchObject({
      summary: "La familia escribió: «¿Horario de atención?». Nadie respondió.",
    });
  });
});
