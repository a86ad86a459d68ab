// Three weeks of WhatsApp conversations in a demo school, so that the inbox (002 §2, §4) shows each of its states on the
// first sign-in: open ones the assistant answered from the FAQs (one still held by it), absences of real children of
// the demo (the assistant's answer carrying the justification link), escalated ones with their reasons (one taken by
// the office, one whose reply Meta refused with 131047 once the 24-hour window had closed), closed ones with their
// summary, sentiment and satisfaction, and one from a number the school does not know. The families are real
// guardians of the demo, so their numbers match and the sidebar shows their children. Every school message has its
// ledger row (source "conversation"), delivered, read or failed, as postSchoolMessage writes it.
import { type Db, forTenant, type TenantDb } from "@pizarra/db";
import { ATTENDANCE_STATUS } from "../../packages/contracts/src/attendance/vocabulary.ts";
import type { TConversationSource, TConversationType, TEscalationReason, TSatisfaction, TSentiment } from "../../packages/contracts/src/conversations/index.ts";
import { LINK_KIND, PERSON_TYPE } from "../../packages/contracts/src/person-types.ts";
import { foldText } from "../../apps/web/src/server/resource/search-text.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** As postSchoolMessage cuts the list's context line. */
const PREVIEW_MAX = 160;
const REFUSED_131047 = "WhatsApp 131047 (#131047) Re-engagement message: More than 24 hours have passed since the recipient last replied to the sender number.";

type Delivery = "read" | "delivered" | "failed";
/** One message of a script: the family's (`in`), the assistant's or a staff member's, minutes after the start. */
type Line =
  | { in: string; at: number }
  | { by: "assistant"; text: string; at: number; sources: TConversationSource[]; delivery?: Delivery }
  | { by: "staff"; text: string; at: number; delivery?: Delivery };

interface Script {
  /** The guardian (an index into the guardians found) or an unknown number. */
  who: { guardian: number } | { unknown: string; name: string };
  locale: "es" | "en";
  type: TConversationType;
  /** When the first message came, before the seed's now. */
  ago: number;
  lines: Line[];
  escalation?: TEscalationReason;
  /** The conversation was taken by the office (its staff lines are the office's). */
  assigned?: boolean;
  held?: boolean;
  closing?: { summary: string; sentiment: TSentiment; satisfaction: TSatisfaction };
}

interface Family {
  guardianId: number;
  number: string;
  /** The guardian's given name and surnames, and what WhatsApp's profile shows. */
  names: string;
  profile: string;
  children: { id: number; name: string; full: string }[];
}

/** Guardians with a number and an open family link, mothers first (who write most), with their children. */
async function families(t: TenantDb): Promise<Family[]> {
  const links = await t.kinship.findMany({
    // A guardian's link as delivery reads it (GUARDIAN_LINK): the children the product names beside the conversation.
    where: {
      endedAt: null,
      userKind: { in: [LINK_KIND.principal, LINK_KIND.guardian] },
      contactRights: true,
      relative: { type: PERSON_TYPE.relative, cel: { not: null }, inactive: false },
      student: { inactive: false },
    },
    orderBy: [{ userKind: "asc" }, { relativeId: "asc" }, { studentId: "asc" }],
    take: 400,
    select: {
      relative: { select: { id: true, cel: true, name: true, last: true, last2: true } },
      student: { select: { id: true, name: true, last: true, last2: true } },
    },
  });
  const byGuardian = new Map<number, Family>();
  for (const { relative: g, student: s } of links) {
    const family = byGuardian.get(g.id) ?? {
      guardianId: g.id,
      number: g.cel!,
      names: [g.name, g.last, g.last2].filter(Boolean).join(" "),
      profile: [g.name, g.last].filter(Boolean).join(" "),
      children: [],
    };
    family.children.push({ id: s.id, name: s.name ?? "", full: [s.name, s.last, s.last2].filter(Boolean).join(" ") });
    byGuardian.set(g.id, family);
  }
  return [...byGuardian.values()];
}

/** The conversation's search text as the product writes it (searchTextOf): number digits, names, children, folded. */
const searchText = (number: string, profile: string | null, family: Family | null) =>
  foldText(
    [number.replace(/\D/g, ""), profile ?? "", ...(family ? [family.names, ...family.children.map((c) => c.full)] : [])].filter((p) => p.trim()).join(" | "),
  );

/**
 * Absences of the school's last days (daily registers), with the child's family: the newest first. Only families past
 * the first SCRIPTED ones, whose conversations the scripts write, so that no contact gets two open conversations.
 */
async function absences(t: TenantDb, known: Family[]) {
  const byChild = new Map(known.flatMap((f, i) => (i < SCRIPTED ? [] : f.children.map((c) => [c.id, i] as const))));
  const marks = await t.attendanceMark.findMany({
    where: { status: ATTENDANCE_STATUS.absent, userId: { in: [...byChild.keys()] }, session: { sectionId: { not: null }, partId: null } },
    orderBy: [{ session: { day: "desc" } }, { id: "asc" }],
    take: 40,
    select: { id: true, userId: true, justificationId: true, session: { select: { day: true } } },
  });
  return marks.map((m) => ({ markId: m.id, day: m.session.day, justified: m.justificationId !== null, family: byChild.get(m.userId)!, childId: m.userId }));
}

/** The families the fixed scripts write as (guardians 0 to 7). */
const SCRIPTED = 8;

const dayName = (day: Date, locale: "es" | "en") =>
  day.toLocaleDateString(locale === "es" ? "es-PE" : "en-US", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });

/** The scripts of a Spanish school (Colegio Demo): most in Spanish, two families write in English. */
function spanishScripts(faq: (words: string) => TConversationSource, known: Family[], absent: Awaited<ReturnType<typeof absences>>, now: Date): Script[] {
  const child = (family: number) => known[family]!.children[0]!;
  // The newest absence (the last school day) and an older one that was justified; others if those are missing.
  const recent = absent[0];
  const older = absent.find((a) => a.justified && a.family !== recent?.family) ?? absent.find((a) => a.family !== recent?.family);
  const absenceSources = (a: NonNullable<typeof recent>): TConversationSource[] => {
    const kid = known[a.family]!.children.find((c) => c.id === a.childId)!;
    return [
      { kind: "attendance", id: a.markId, name: kid.full },
      { kind: "justification", id: null, name: kid.full },
    ];
  };
  const scripts: Script[] = [
    {
      who: { guardian: 0 },
      locale: "es",
      type: "open",
      held: true,
      ago: 12 * MINUTE,
      lines: [
        { in: "Buenos días, ¿a qué hora es la salida de primaria?", at: 0 },
        {
          by: "assistant",
          at: 1,
          sources: [faq("horario")],
          text: "¡Hola! El horario de ingreso es a las 7:45. Inicial sale a las 12:30 y primaria y secundaria a las 14:30. La puerta se abre a las 7:15.",
        },
        { in: "Perfecto, muchas gracias", at: 3 },
      ],
    },
    {
      who: { guardian: 0 },
      locale: "es",
      type: "closed",
      ago: 16 * DAY,
      lines: [
        { in: "Hola, ¿cuál es el uniforme para educación física?", at: 0 },
        {
          by: "assistant",
          at: 1,
          sources: [faq("uniforme")],
          text: "Los días de educación física vienen con el buzo del colegio y zapatillas blancas.",
        },
        { in: "Gracias 👍", at: 6 },
      ],
      closing: {
        summary: "Preguntó por el uniforme de educación física; el asistente respondió con la FAQ del uniforme.",
        sentiment: "positive",
        satisfaction: "satisfied",
      },
    },
    {
      who: { guardian: 1 },
      locale: "es",
      type: "human",
      escalation: "asked",
      ago: 4 * MINUTE,
      lines: [
        { in: `Buenas tardes, quisiera hablar con la tutora de ${child(1).name}, por favor`, at: 0 },
        {
          by: "assistant",
          at: 1,
          sources: [],
          text: "Le comunico con una persona del colegio; le responderán en breve por este mismo chat.",
        },
      ],
    },
    {
      who: { guardian: 2 },
      locale: "es",
      type: "human",
      escalation: "sensitive",
      assigned: true,
      ago: 50 * MINUTE,
      lines: [
        { in: "Me cobraron dos veces la pensión de noviembre, ¿me pueden ayudar?", at: 0 },
        { by: "assistant", at: 1, sources: [], text: "Los pagos los revisa la secretaría: le paso con una persona del colegio." },
        { by: "staff", at: 9, text: "Buenas tardes, soy Sara de secretaría. Ya estamos revisando el cobro y le escribo en cuanto lo tenga." },
        { in: "Gracias Sara, quedo atenta", at: 12 },
      ],
    },
    {
      who: { guardian: 3 },
      locale: "es",
      type: "human",
      escalation: "negative",
      assigned: true,
      ago: 30 * HOUR,
      lines: [
        { in: "Estoy muy molesta, nadie me avisó que hoy salían temprano y mi hijo se quedó esperando", at: 0 },
        { by: "assistant", at: 1, sources: [], text: "Lamentamos mucho lo ocurrido. Le paso con una persona del colegio." },
        { by: "staff", at: 8, text: "Le pedimos disculpas; el aviso salió tarde. Mañana le llamamos para conversar." },
        // Written after the 24-hour window had closed: Meta refused it (the inbox shows it failed, with the reason).
        { by: "staff", at: 25 * 60 + 30, text: "Buenos días, ¿podemos llamarla a las 10:00?", delivery: "failed" },
      ],
    },
    {
      who: { unknown: "+51955123456", name: "Carlos Ruiz" },
      locale: "es",
      type: "human",
      escalation: "unanswered",
      ago: 2 * HOUR,
      lines: [
        { in: "Hola, quisiera información sobre las matrículas para el próximo año", at: 0 },
        { by: "assistant", at: 1, sources: [], text: "Gracias por escribir. Le paso con una persona del colegio para que le dé esa información." },
      ],
    },
    {
      who: { guardian: 4 },
      locale: "en",
      type: "open",
      ago: 3 * DAY,
      lines: [
        { in: "Hello, is there lunch at school this week?", at: 0 },
        {
          by: "assistant",
          at: 1,
          sources: [faq("almuerzo")],
          text: "The canteen serves lunch Monday to Friday from 12:45 to 13:30; the month's menu is published in the app.",
          delivery: "delivered",
        },
      ],
    },
    {
      who: { guardian: 5 },
      locale: "es",
      type: "closed",
      ago: 9 * DAY,
      lines: [
        { in: "¿Quién puede recoger a mi hija si yo no llego a tiempo?", at: 0 },
        {
          by: "assistant",
          at: 1,
          sources: [faq("recoger")],
          text: "Solo los apoderados y las personas autorizadas. Si otra persona la recogerá, avíselo antes de las 11:00.",
        },
        { in: "Entonces hoy la recoge su abuela, se llama Teresa", at: 4 },
        { by: "assistant", at: 5, sources: [], text: "Le paso con una persona del colegio para registrarlo." },
        { by: "staff", at: 15, text: "Registrado: hoy la recoge la señora Teresa. Que traiga su DNI." },
      ],
      escalation: "unanswered",
      assigned: true,
      closing: { summary: "Avisó que la abuela recogería a la alumna; la secretaría lo registró.", sentiment: "neutral", satisfaction: "satisfied" },
    },
    {
      who: { guardian: 6 },
      locale: "en",
      type: "closed",
      ago: 20 * DAY,
      lines: [
        { in: "Hi, when do classes start in the morning?", at: 0 },
        {
          by: "assistant",
          at: 1,
          sources: [faq("horario")],
          text: "School opens at 7:45; the gate opens at 7:15. Kindergarten leaves at 12:30, primary and secondary at 14:30.",
        },
      ],
      closing: { summary: "Asked about school hours; answered from the FAQ.", sentiment: "neutral", satisfaction: "neutral" },
    },
    {
      who: { guardian: 7 },
      locale: "es",
      type: "closed",
      ago: 12 * DAY,
      lines: [
        { in: "Quiero saber por qué mi hijo tiene tan mala nota en matemática", at: 0 },
        { by: "assistant", at: 1, sources: [], text: "Le paso con una persona del colegio." },
        { by: "staff", at: 40, text: "Buenas tardes, el profesor de matemática le propone una reunión el jueves a las 15:00." },
        { in: "No puedo el jueves, y la verdad no me parece bien cómo lo están evaluando", at: 55 },
        { by: "staff", at: 70, text: "Entendido, le ofrecemos el viernes a las 8:00 con el profesor y la coordinadora." },
      ],
      escalation: "negative",
      assigned: true,
      closing: {
        summary: "Reclamo por una nota de matemática; se ofreció una reunión con el profesor y la coordinadora.",
        sentiment: "negative",
        satisfaction: "unsatisfied",
      },
    },
  ];
  if (recent) {
    const kid = known[recent.family]!.children.find((c) => c.id === recent.childId)!;
    scripts.push({
      who: { guardian: recent.family },
      locale: "es",
      type: "open",
      // The morning of that school day, before the bell.
      ago: Math.max(20 * MINUTE, now.getTime() - recent.day.getTime() - 12 * HOUR),
      lines: [
        { in: `Buenos días, ${kid.name} está con fiebre y hoy no irá al colegio`, at: 0 },
        {
          by: "assistant",
          at: 1,
          sources: absenceSources(recent),
          text: `Lamentamos que ${kid.name} esté enfermo/a. Registramos su falta del ${dayName(recent.day, "es")}; puede justificarla con el enlace de justificación que le llega por WhatsApp o desde la aplicación, adjuntando el certificado médico si lo tiene. ¡Que se mejore!`,
        },
      ],
    });
  }
  if (older) {
    const kid = known[older.family]!.children.find((c) => c.id === older.childId)!;
    scripts.push({
      who: { guardian: older.family },
      locale: "es",
      type: "closed",
      ago: Math.max(DAY, now.getTime() - older.day.getTime() - 12 * HOUR),
      lines: [
        { in: `Hola, ${kid.name} no irá hoy, tiene cita en el dentista`, at: 0 },
        {
          by: "assistant",
          at: 1,
          sources: absenceSources(older),
          text: `Gracias por avisar. La falta de ${kid.name} del ${dayName(older.day, "es")} puede justificarse con el enlace de justificación, adjuntando la constancia de la cita.`,
        },
        { in: "Listo, ya la envié", at: 90 },
      ],
      closing: {
        summary: `Avisó la falta de ${kid.name} por una cita médica; se le indicó cómo justificarla.`,
        sentiment: "positive",
        satisfaction: "satisfied",
      },
    });
  }
  return scripts;
}

/** The scripts of an English school (Northside): a held answer and a handed-over question. */
function englishScripts(faq: (words: string) => TConversationSource): Script[] {
  return [
    {
      who: { guardian: 0 },
      locale: "en",
      type: "open",
      held: true,
      ago: 8 * MINUTE,
      lines: [
        { in: "Hi! What is the school uniform?", at: 0 },
        {
          by: "assistant",
          at: 1,
          sources: [faq("uniform")],
          text: "Navy trousers or skirt, a white polo shirt and the school sweater; the tracksuit on PE days.",
        },
      ],
    },
    {
      who: { guardian: 1 },
      locale: "en",
      type: "human",
      escalation: "sensitive",
      ago: 25 * MINUTE,
      lines: [
        { in: "My son fell in the playground yesterday and his arm still hurts, what should I do?", at: 0 },
        { by: "assistant", at: 1, sources: [], text: "I am passing you to a member of staff, who will answer here shortly." },
      ],
    },
  ];
}

/**
 * Writes the scripts of a school; `now` is the seed's time. Answers how many conversations and messages it wrote.
 */
export async function seedConversations(db: Db, tenantId: number, { officeEmail, now = new Date() }: { officeEmail?: string; now?: Date } = {}) {
  const t = forTenant(db, tenantId);
  const tenant = await db.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { defaultLocale: true } });
  const known = await families(t);
  if (known.length <= SCRIPTED) return { conversations: 0, messages: 0 };
  const faqs = await t.info.findMany({ where: { published: true }, select: { id: true, name: true, desc: true } });
  // An FAQ by a word of its title or description (the seed's own FAQs, packages/db/src/seed/faqs.ts).
  const faq = (word: string): TConversationSource => {
    const found = faqs.find((f) => foldText(`${f.name} ${f.desc ?? ""}`).includes(word)) ?? faqs[0]!;
    return { kind: "faq", id: found.id, name: found.name };
  };
  const office = officeEmail ? await db.account.findUnique({ where: { email: officeEmail }, select: { id: true } }) : null;
  const officeUser =
    (office && (await t.user.findFirst({ where: { accountId: office.id }, select: { id: true } }))) ??
    (await t.user.findFirst({ where: { roleCode: { gte: 95 } }, orderBy: { id: "asc" }, select: { id: true } }));
  const scripts = tenant.defaultLocale === "en" ? englishScripts(faq) : spanishScripts(faq, known, await absences(t, known), now);

  let messages = 0;
  // Oldest first, so that ids and the contact's past conversations follow time.
  for (const s of [...scripts].sort((a, b) => b.ago - a.ago)) {
    const family = "guardian" in s.who ? known[s.who.guardian]! : null;
    const number = family?.number ?? (s.who as { unknown: string }).unknown;
    const profile = family ? family.profile : (s.who as { name: string }).name;
    const start = now.getTime() - s.ago;
    const at = (line: Line) => new Date(start + line.at * MINUTE);
    const last = s.lines.at(-1)!;
    const lastInbound = s.lines.filter((l) => "in" in l).at(-1)!;
    const text = (l: Line) => ("in" in l ? l.in : l.text);
    const staffId = s.assigned ? (officeUser?.id ?? null) : null;
    const conversation = await t.conversation.create({
      data: {
        contact: number,
        contactName: profile,
        guardianId: family?.guardianId ?? null,
        type: s.type,
        holdAiTill: s.held ? new Date(now.getTime() + 25 * MINUTE) : null,
        assigneeId: s.type === "human" ? staffId : null,
        escalation: s.escalation ?? null,
        summary: s.closing?.summary ?? null,
        sentiment: s.closing?.sentiment ?? null,
        satisfaction: s.closing?.satisfaction ?? null,
        locale: s.locale,
        lastInboundAt: at(lastInbound),
        lastMessageAt: at(last),
        preview: text(last).replace(/\s+/g, " ").trim().slice(0, PREVIEW_MAX),
        searchText: searchText(number, profile, family),
        closedAt: s.type === "closed" ? new Date(at(last).getTime() + 2 * HOUR) : null,
        createdAt: at(s.lines[0]!),
      },
      select: { id: true },
    });
    for (const line of s.lines) {
      const when = at(line);
      if ("in" in line) {
        await t.conversationMessage.create({ data: { conversationId: conversation.id, author: "contact", text: line.in, createdAt: when } });
      } else {
        const row = await t.conversationMessage.create({
          data: {
            conversationId: conversation.id,
            author: line.by,
            staffId: line.by === "staff" ? staffId : null,
            text: line.text,
            sources: line.by === "assistant" ? line.sources : [],
            createdAt: when,
          },
          select: { id: true },
        });
        const delivery = line.delivery ?? (when.getTime() < now.getTime() - 10 * MINUTE ? "read" : "delivered");
        const later = (ms: number) => new Date(when.getTime() + ms);
        const ledger = await t.message.create({
          data: {
            key: `conversation:${row.id}`,
            source: "conversation",
            sourceId: conversation.id,
            userId: family?.guardianId ?? null,
            channel: "whatsapp",
            address: number,
            locale: s.locale,
            text: line.text,
            urgent: true,
            status: delivery,
            attempts: 1,
            providerId: delivery === "failed" ? null : `wamid.demo${row.id}`,
            error: delivery === "failed" ? REFUSED_131047 : null,
            permanent: delivery === "failed",
            createdAt: when,
            notBefore: when,
            sentAt: delivery === "failed" ? null : later(2000),
            deliveredAt: delivery === "failed" ? null : later(4000),
            readAt: delivery === "read" ? later(3 * MINUTE) : null,
            failedAt: delivery === "failed" ? later(2000) : null,
          },
          select: { id: true },
        });
        await t.conversationMessage.update({ where: { id: row.id }, data: { outboundId: ledger.id } });
      }
      messages++;
    }
  }
  return { conversations: scripts.length, messages };
}
