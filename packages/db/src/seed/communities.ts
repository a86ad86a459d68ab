import type { Db } from "../client.ts";
import { forTenant } from "../tenant.ts";
import { FAQS } from "./faqs.ts";

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
  },
} as const;

/**
 * The demo school's communication groups (with members and two external contacts), the ways children go home and
 * a few days of pickup exceptions (admTransport), and FAQs (admInfo), in the school's language.
 */
export async function seedCommunities(db: Db, tenantId: number) {
  const t = forTenant(db, tenantId);
  const tenant = await db.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { defaultLocale: true } });
  const locale = tenant.defaultLocale === "en" ? "en" : "es";
  const texts = TEXTS[locale];

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
    data: FAQS[locale].map((f, i) => ({
      ...f,
      categoryId: category?.id ?? null,
      published: true,
      publishFrom: new Date(Date.UTC(2026, 2, 1 + i, 13)),
      publishTo: null,
    })),
  });
}
