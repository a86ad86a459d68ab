import type { Db } from "../client.ts";
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
    attendance: [
      ["Asistencia", 1, false, 0, true],
      ["Tardanza", 2, true, 15, true],
      ["Falta injustificada", 3, true, 60, true],
      ["Falta justificada", 3, false, 0, false],
      ["Tardanza justificada", 2, false, 0, false],
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
        "absence-alert",
        "w",
        "Aviso de inasistencia",
        "Hola {{name}}, {{student}} no asistió a {{place}} el {{day}} (registrado a las {{time}}). Si tiene una justificación, envíela aquí: {{link}}",
        null,
      ],
      [
        "late-alert",
        "w",
        "Aviso de tardanza",
        "Hola {{name}}, {{student}} llegó tarde a {{place}} el {{day}} (registrado a las {{time}}). Si hubo un motivo, envíe la justificación aquí: {{link}}",
        null,
      ],
      ["justification-accepted", "w", "Justificación aceptada", "Hola {{name}}, el colegio aceptó la justificación de {{student}} ({{days}}).", null],
      ["justification-denied", "w", "Justificación denegada", "Hola {{name}}, el colegio no aceptó la justificación de {{student}} ({{days}}).", null],
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
      // The notification's own title and text as parameters: what the wizard writes reaches WhatsApp families too.
      ["school_notice", "w", "Comunicado del colegio", "Comunicado de {{school}}: *{{subject}}*\n\n{{message}}\n\nPuedes responder a este mensaje.", null],
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
    attendance: [
      ["Present", 1, false, 0, true],
      ["Late", 2, true, 10, true],
      ["Unexcused absence", 3, true, 30, true],
      ["Excused absence", 3, false, 0, false],
      ["Excused late arrival", 2, false, 0, false],
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
      [
        "absence-alert",
        "w",
        "Absence notice",
        "Hello {{name}}, {{student}} was absent from {{place}} on {{day}} (recorded at {{time}}). If you have an excuse, send it here: {{link}}",
        null,
      ],
      [
        "late-alert",
        "w",
        "Late arrival notice",
        "Hello {{name}}, {{student}} arrived late to {{place}} on {{day}} (recorded at {{time}}). If there was a reason, send the excuse here: {{link}}",
        null,
      ],
      ["justification-accepted", "w", "Excuse accepted", "Hello {{name}}, the school accepted the excuse for {{student}} ({{days}}).", null],
      ["justification-denied", "w", "Excuse denied", "Hello {{name}}, the school did not accept the excuse for {{student}} ({{days}}).", null],
      ["welcome-mail", "m", "Welcome", null, "<p>Hello {{name}},</p><p><strong>Welcome</strong> to the new school year.</p>"],
      // The notification's own title and text as parameters: what the wizard writes reaches WhatsApp families too.
      ["school_notice", "w", "School notice", "Notice from {{school}}: *{{subject}}*\n\n{{message}}\n\nYou can reply to this message.", null],
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

/** The names attendance's templates are approved under at the WhatsApp provider (Meta allows no dashes). */
const PROVIDER_NAMES: Record<string, string> = {
  "absence-alert": "absence_alert",
  "late-alert": "late_alert",
  "justification-accepted": "justification_accepted",
  "justification-denied": "justification_denied",
};

/**
 * The demo school's catalogues (admOtlt, admAttendanceType, admInfirmaryValues, admDates, admLocalization,
 * admAssignmentQst, admCategory) in the school's language, and a few lines of audit trail from setting them up.
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
  await t.attendanceType.createMany({
    data: texts.attendance.map(([name, type, notify, notifyDelay, showInReports]) => ({ name, type, notify, notifyDelay, showInReports })),
  });
  await t.infirmaryValue.createMany({ data: texts.infirmary.map(([type, name, desc]) => ({ type, name, desc })) });
  await t.calendarDate.createMany({
    data: texts.dates.map(([name, desc, from, to, flags]) => ({ name, desc, from: local(from), to: local(to), ...flags })),
  });
  await t.localizationTemplate.createMany({
    data: texts.templates.map(([id, type, name, content, contentHTML]) => ({ id, type, name, content, contentHTML, templateId: PROVIDER_NAMES[id] ?? null })),
  });
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
