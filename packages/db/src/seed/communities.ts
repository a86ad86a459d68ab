import type { Db } from "../client.ts";
import { forTenant } from "../tenant.ts";

const TEXTS = {
  es: {
    groups: ["Comité de deportes", "Delegados de aula", "Proveedores y contactos"],
    pickup: [
      ["BUS", "Movilidad escolar"],
      ["PARENT", "Lo recoge el apoderado"],
      ["ALONE", "Se retira solo"],
      ["OTHER", "Otra persona autorizada"],
    ],
    notes: [
      "La recoge su tía Rosa (DNI 41234567)",
      "Cita médica a media mañana",
      "Taller de fútbol hasta las 16:00",
      null,
      "El padre avisó por WhatsApp",
      null,
    ],
    faqs: [
      {
        name: "¿A qué hora empiezan las clases?",
        desc: "Horario de ingreso y salida",
        body: "<p>El ingreso es a las <strong>7:45</strong>. Inicial sale a las 12:30 y primaria y secundaria a las 14:30.</p>",
        nameEN: "When do classes start?",
        descEN: "Entrance and leaving times",
        bodyEN: "<p>School opens at <strong>7:45</strong>. Kindergarten leaves at 12:30, primary and secondary at 14:30.</p>",
        pinTop: true,
      },
      {
        name: "¿Cómo justifico una inasistencia?",
        desc: "Justificaciones desde la aplicación",
        body: "<p>Envía la justificación desde la aplicación el mismo día, con el certificado si lo hay.</p><ul><li>Por horas</li><li>Por día</li><li>Por varios días</li></ul>",
        nameEN: "How do I excuse an absence?",
        descEN: "Excuses from the app",
        bodyEN: "<p>Send the excuse from the app on the same day, with the certificate if there is one.</p>",
        pinTop: false,
      },
      {
        name: "¿Quién puede recoger a mi hijo?",
        desc: "Personas autorizadas y movilidad",
        body: "<p>Solo los apoderados y las personas autorizadas. Si otra persona lo recogerá, avísalo antes de las 11:00.</p>",
        nameEN: "Who may pick my child up?",
        descEN: "Authorised people and school bus",
        bodyEN: "<p>Only the guardians and the people they authorise. Tell us before 11:00 if someone else will come.</p>",
        pinTop: false,
      },
    ],
  },
  en: {
    groups: ["Sports committee", "Class representatives", "Suppliers and contacts"],
    pickup: [
      ["BUS", "School bus"],
      ["PARENT", "Picked up by a parent"],
      ["ALONE", "Walks home alone"],
      ["OTHER", "Another authorised person"],
    ],
    notes: ["Picked up by her aunt Rose", "Doctor's appointment mid-morning", "Football club until 4 pm", null, "Father sent a message", null],
    faqs: [
      {
        name: "When do classes start?",
        desc: "Entrance and leaving times",
        body: "<p>School opens at <strong>7:45</strong> and finishes at 14:30.</p>",
        nameEN: null,
        descEN: null,
        bodyEN: null,
        pinTop: true,
      },
      {
        name: "How do I excuse an absence?",
        desc: "Excuses from the app",
        body: "<p>Send the excuse from the app on the same day.</p>",
        nameEN: null,
        descEN: null,
        bodyEN: null,
        pinTop: false,
      },
    ],
  },
} as const;

/**
 * The demo school's communication groups (with members and two external contacts), the ways children go home and
 * a few days of pickup exceptions (admTransport), and FAQs (admInfo), in the school's language.
 */
export async function seedCommunities(db: Db, tenantId: number) {
  const t = forTenant(db, tenantId);
  const tenant = await db.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { defaultLocale: true } });
  const texts = TEXTS[tenant.defaultLocale === "en" ? "en" : "es"];

  const guardians = await t.user.findMany({ where: { type: 1 }, orderBy: { id: "asc" }, take: 12, select: { id: true } });
  const teachers = await t.user.findMany({ where: { type: 5 }, orderBy: { id: "asc" }, take: 4, select: { id: true } });
  const contacts = await t.user.createManyAndReturn({
    data: [
      { type: 3, name: "+51987650001", cel: "+51987650001" },
      { type: 3, name: "+51987650002", cel: "+51987650002" },
    ],
    select: { id: true },
  });
  const members = [[...teachers.slice(0, 2), ...guardians.slice(0, 6)], guardians.slice(6, 12), contacts];
  for (const [i, name] of texts.groups.entries()) {
    const group = await t.userGroup.create({ data: { name, type: 1, staff: false } });
    await t.userGroupMember.createMany({ data: members[i]!.map((u) => ({ groupId: group.id, userId: u.id })) });
  }

  await t.catalogueValue.createMany({ data: texts.pickup.map(([value, label]) => ({ type: "pickupType", value, label })) });
  const students = await t.user.findMany({ where: { type: 2 }, orderBy: { id: "asc" }, take: 12, select: { id: true } });
  const ways = texts.pickup.map(([value]) => value);
  await t.pickupException.createMany({
    data: students.map((s, i) => ({
      userId: s.id,
      day: new Date(Date.UTC(2026, 2, 16 + (i % 3))),
      pickupType: ways[i % 2]!,
      pickupExcepType: ways[2 + (i % 2)]!,
      pickupExcepNote: texts.notes[i % texts.notes.length] ?? null,
      pickupExcepTime: i % 3 === 0 ? null : `1${2 + (i % 4)}:${i % 2 ? "30" : "00"}`,
    })),
  });

  const category = await t.category.findFirst({ where: { type: "pub" }, orderBy: { id: "asc" }, select: { id: true } });
  await t.info.createMany({
    data: texts.faqs.map((f, i) => ({
      ...f,
      categoryId: category?.id ?? null,
      published: true,
      publishFrom: new Date(Date.UTC(2026, 2, 1 + i, 13)),
      publishTo: null,
    })),
  });
}
