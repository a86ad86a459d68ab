import type { Db } from "../client.ts";
import { addTemplates } from "../school.ts";
import { forTenant } from "../tenant.ts";

/** A local date-time at the spec's fixed UTC-5 ('2026-05-01 08:00') as the instant it is stored as. */
const local = (text: string) => new Date(Date.parse(`${text.replace(" ", "T")}:00Z`) + 5 * 60 * 60 * 1000);

const TEXTS = {
  es: {
    values: [
      ["trackingValues1", "RESP", "Falta de respeto"],
      ["trackingValues1", "PUNT", "Impuntualidad"],
      ["trackingValues1", "TAREA", "Tareas incompletas"],
      ["trackingValues1", "UNIF", "Uniforme incompleto"],
      ["trackingValues2", "ENTREV", "Entrevista con los apoderados"],
      ["trackingValues2", "PSICO", "Derivación a psicología"],
    ],
    infirmary: [
      ["SYM", "Dolor de cabeza", "Cefalea leve o moderada"],
      ["SYM", "Dolor de estómago", "Malestar abdominal"],
      ["SYM", "Fiebre", "Temperatura mayor a 37,5 °C"],
      ["SYM", "Golpe o caída", "Contusión durante el recreo o la clase"],
      ["OUT", "Regresa a clase", "El alumno vuelve a su aula"],
      ["OUT", "Recogido por el apoderado", "El apoderado lo recoge en la enfermería"],
      ["OUT", "Traslado a clínica", "Se traslada a la clínica con aviso al apoderado"],
    ],
    dates: [
      ["Día del Trabajo", "Feriado", "2026-05-01 00:00", "2026-05-01 23:59", { noClasses: true }],
      ["Vacaciones de medio año", "Vacaciones", "2026-07-20 00:00", "2026-07-31 23:59", { noClasses: true }],
      ["Fiestas Patrias", "Feriado", "2026-07-28 00:00", "2026-07-29 23:59", { noClasses: true }],
      ["Atención de psicología", "Recurso", "2026-03-02 08:00", "2026-12-18 13:00", { onDemand: true, duration: 20 }],
      ["Reunión de profesores", "Bloqueo", "2026-04-15 14:00", "2026-04-15 17:00", { blocker: true }],
    ],
    templates: [
      ["comms-es", "w", "Resumen semanal", "Hola {{name}}, este es el resumen de la semana en el colegio.", null],
      [
        "welcome-mail",
        "m",
        "Bienvenida",
        null,
        '<p>Hola {{name}},</p><p>Te damos la <strong>bienvenida</strong> al nuevo año escolar.</p><p><a href="https://pizarra.demo">Ingresa aquí</a></p>',
      ],
      [
        "grades-ready",
        "m",
        "Notas publicadas",
        null,
        "<p>Las notas del bimestre ya están disponibles.</p><ul><li>Revisa cada curso</li><li>Consulta al tutor si tienes dudas</li></ul>",
      ],
    ],
    questions: [
      ["text", "¿Cuál es la capital del Perú?", null, "Lima", "What is the capital of Peru?", null],
      ["option", "¿Cuánto es 7 × 8?", "54|56|64", "56", "What is 7 × 8?", "54|56|64"],
      ["optionMany", "Marca los números primos", "2|4|5|9|11", "2|5|11", "Tick the prime numbers", "2|4|5|9|11"],
      ["number", "¿Cuántos lados tiene un hexágono?", null, "6", "How many sides does a hexagon have?", null],
      ["check", "¿Leíste el capítulo 3?", null, null, "Did you read chapter 3?", null],
    ],
    categories: [
      ["Feriados", "Holidays", "cal"],
      ["Actividades escolares", "School activities", "cal"],
      ["Reuniones", "Meetings", "cal"],
      ["Noticias", "News", "pub"],
      ["Comunicados", "Announcements", "pub"],
      ["Galería de fotos", "Photo gallery", "pho"],
      ["Deportes", "Sports", "act"],
      ["Talleres", "Workshops", "act"],
    ],
  },
  en: {
    values: [
      ["trackingValues1", "RESP", "Disrespect"],
      ["trackingValues1", "LATE", "Lateness"],
      ["trackingValues1", "HW", "Missing homework"],
      ["trackingValues2", "MEET", "Meeting with the parents"],
      ["trackingValues2", "COUNS", "Referral to the counsellor"],
    ],
    infirmary: [
      ["SYM", "Headache", "Mild or moderate headache"],
      ["SYM", "Fever", "Temperature above 37.5 °C"],
      ["SYM", "Bump or fall", "Bruise during break or class"],
      ["OUT", "Back to class", "The student returns to the classroom"],
      ["OUT", "Picked up", "A parent picks the student up at the infirmary"],
    ],
    dates: [
      ["Labour Day", "Holiday", "2026-05-01 00:00", "2026-05-01 23:59", { noClasses: true }],
      ["Mid-year break", "Break", "2026-07-20 00:00", "2026-07-31 23:59", { noClasses: true }],
      ["Counsellor's hours", "Resource", "2026-03-02 08:00", "2026-12-18 13:00", { onDemand: true, duration: 20 }],
      ["Staff meeting", "Blocked", "2026-04-15 14:00", "2026-04-15 17:00", { blocker: true }],
    ],
    templates: [
      ["comms-en", "w", "Weekly summary", "Hello {{name}}, here is this week's summary from school.", null],
      ["welcome-mail", "m", "Welcome", null, "<p>Hello {{name}},</p><p><strong>Welcome</strong> to the new school year.</p>"],
    ],
    questions: [
      ["text", "What is the capital of England?", null, "London", null, null],
      ["option", "What is 9 × 6?", "45|54|56", "54", null, null],
      ["check", "Did you finish the reading?", null, null, null, null],
    ],
    categories: [
      ["Holidays", null, "cal"],
      ["School events", null, "cal"],
      ["Meetings", null, "cal"],
      ["Trips", null, "cal"],
      ["News", null, "pub"],
      ["Photos", null, "pho"],
      ["Clubs", null, "act"],
    ],
  },
} as const;

/**
 * The demo school's catalogues beyond every school's defaults (school.ts: attendance types, the product's
 * templates): admOtlt, admInfirmaryValues, admDates, more admLocalization, admAssignmentQst and admCategory in the
 * school's language, and a few lines of audit trail from setting them up.
 */
export async function seedCatalogues(db: Db, tenantId: number) {
  const t = forTenant(db, tenantId);
  const tenant = await db.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { defaultLocale: true } });
  const texts = TEXTS[tenant.defaultLocale === "en" ? "en" : "es"];
  const admin = await t.user.findFirst({ where: { roleCode: 100 }, select: { id: true, name: true, last: true } });
  const adminName = admin ? [admin.name, admin.last].filter(Boolean).join(" ") : null;

  const values = await t.catalogueValue.createManyAndReturn({
    data: texts.values.map(([type, value, label]) => ({ type, value, label, createdByName: adminName, updatedByName: adminName })),
    select: { id: true },
  });
  await t.infirmaryValue.createMany({ data: texts.infirmary.map(([type, name, desc]) => ({ type, name, desc })) });
  await t.calendarDate.createMany({
    data: texts.dates.map(([name, desc, from, to, flags]) => ({ name, desc, from: local(from), to: local(to), ...flags })),
  });
  await addTemplates(t, texts.templates);
  await t.assignmentQuestion.createMany({
    data: texts.questions.map(([type, name, options, correctAnswer, nameEN, optionsEN]) => ({
      type,
      name,
      options,
      correctAnswer,
      nameEN,
      optionsEN,
      points: 1,
      pointsNeg: 0,
    })),
  });
  await t.category.createMany({ data: texts.categories.map(([name, nameEN, type]) => ({ name, nameEN, type })) });
  await t.auditLog.createMany({
    data: values.slice(0, 3).map((v, i) => ({
      userId: admin?.id ?? null,
      userName: adminName ?? "Admin",
      moduleId: "admOtlt",
      action: "create",
      recordId: String(v.id),
      ip: "198.51.100.24",
      date: local(`2026-02-2${i + 3} 09:1${i}`),
    })),
  });
}
