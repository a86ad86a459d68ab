import type { Db } from "../client.ts";
import { forTenant, type TenantDb } from "../tenant.ts";
import type { BilingualText } from "./faqs.ts";

/** A local date-time at the spec's fixed UTC-5 ('2026-05-01 08:00') as the instant it is stored as. */
const OFFSET_MS = 5 * 60 * 60 * 1000;
const local = (text: string) => new Date(Date.parse(`${text.replace(" ", "T")}:00Z`) + OFFSET_MS);

/**
 * The first Friday 17:00 at UTC-5 after `now`: the recurring weekly summary's next run. A fixed date would fall into
 * the past as the calendar moves on, and the worker would then send it at once to every family the moment it starts
 * (the demo's, or a test's).
 */
function nextLocalFriday(now: Date): Date {
  const wall = new Date(now.getTime() - OFFSET_MS);
  let day = new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate(), 17));
  while (day.getUTCDay() !== 5 || day <= wall) day = new Date(day.getTime() + 24 * 60 * 60 * 1000);
  return new Date(day.getTime() + OFFSET_MS);
}

interface PublicationText extends BilingualText {
  by: string;
  /** Month and day in the current period's year, at 08:00. */
  from: string;
  to: string | null;
  pinTop: boolean;
  photos: boolean;
  /** "school", "grade" (the first grade) or "sections" (its first section). */
  audience: "school" | "grade" | "sections";
  parts: { name: string; body: string; nameEN: string | null; bodyEN: string | null }[];
}

interface ActivityText {
  name: string;
  desc: string;
  nameEN: string | null;
  descEN: string | null;
  location: string;
  /** Month-day and hours in the current period's year, or null for an all-year-round activity. */
  when: { day: string; from: string; to: string; days?: number } | null;
  /** The name of its category among the school's (seed/catalogues.ts), one that fits it: a club is no holiday. */
  category: string;
  audience: "school" | "grade" | "sections";
}

const TEXTS: Record<"es" | "en", { publications: PublicationText[]; activities: ActivityText[] }> = {
  es: {
    publications: [
      {
        name: "Bienvenidos al año escolar",
        desc: "Mensaje de la dirección para las familias",
        body: "<p>Queridas familias: les damos la <strong>bienvenida</strong> al nuevo año escolar.</p><p>Este año estrenamos laboratorio de ciencias y biblioteca.</p>",
        nameEN: "Welcome to the school year",
        descEN: "A message from the head teacher to families",
        bodyEN: "<p>Dear families, <strong>welcome</strong> to the new school year.</p><p>This year we open a new science lab and library.</p>",
        by: "Dirección",
        from: "03-01",
        to: null,
        pinTop: true,
        photos: false,
        audience: "school",
        parts: [
          {
            name: "Horario de ingreso",
            body: "<p>El ingreso es a las 7:45. La puerta se cierra a las 8:00.</p>",
            nameEN: "Arrival times",
            bodyEN: "<p>School opens at 7:45. The gate closes at 8:00.</p>",
          },
          {
            name: "Uniforme",
            body: "<ul><li>Buzo del colegio los días de Educación Física</li><li>Uniforme de diario el resto de la semana</li></ul>",
            nameEN: "Uniform",
            bodyEN: "<ul><li>Tracksuit on PE days</li><li>Daily uniform the rest of the week</li></ul>",
          },
          {
            name: "Aplicación para familias",
            body: "<p>Descarguen la aplicación para recibir comunicados y justificar inasistencias.</p>",
            nameEN: null,
            bodyEN: null,
          },
        ],
      },
      {
        name: "Campeonato deportivo interno",
        desc: "Inscripciones abiertas hasta el 30 de abril",
        body: "<p>Fútbol, vóley y básquet para primaria y secundaria. Inscríbanse con su tutor.</p>",
        nameEN: "School sports championship",
        descEN: "Sign-up open until April 30",
        bodyEN: "<p>Football, volleyball and basketball for primary and secondary. Sign up with your tutor.</p>",
        by: "Coordinación de deportes",
        from: "04-06",
        to: "04-30",
        pinTop: false,
        photos: false,
        audience: "school",
        parts: [
          {
            name: "Reglamento",
            body: "<p>Cada equipo tiene entre 8 y 12 jugadores del mismo grado.</p>",
            nameEN: "Rules",
            bodyEN: "<p>Each team has 8 to 12 players of the same grade.</p>",
          },
        ],
      },
      {
        name: "Galería: Día del Logro",
        desc: "Las mejores fotos de la feria de proyectos",
        body: "<p>Gracias a todas las familias que nos acompañaron en el Día del Logro.</p>",
        nameEN: null,
        descEN: null,
        bodyEN: null,
        by: "Comunicaciones",
        from: "07-10",
        to: null,
        pinTop: false,
        photos: true,
        audience: "school",
        parts: [],
      },
      {
        name: "Salida al museo de ciencias",
        desc: "Autorización firmada hasta el viernes",
        body: "<p>Los alumnos visitarán el museo de ciencias. Enviar la autorización firmada con el tutor.</p>",
        nameEN: "Trip to the science museum",
        descEN: "Signed permission slip by Friday",
        bodyEN: "<p>Students will visit the science museum. Please send the signed permission slip to the tutor.</p>",
        by: "Tutoría",
        from: "09-14",
        to: "09-25",
        pinTop: false,
        photos: false,
        audience: "sections",
        parts: [],
      },
      {
        name: "Borrador: clausura del año",
        desc: "Programa de la ceremonia de clausura",
        body: "<p>Programa en preparación.</p>",
        nameEN: null,
        descEN: null,
        bodyEN: null,
        by: "Dirección",
        from: "12-10",
        to: null,
        pinTop: false,
        photos: false,
        audience: "grade",
        parts: [],
      },
    ],
    activities: [
      {
        name: "Taller de robótica",
        desc: "Martes y jueves después de clases",
        nameEN: "Robotics club",
        descEN: "Tuesdays and Thursdays after school",
        location: "Laboratorio de cómputo",
        when: null,
        category: "Talleres",
        audience: "school",
      },
      {
        name: "Inauguración del año escolar",
        desc: "Ceremonia en el patio principal",
        nameEN: "Opening ceremony",
        descEN: "Ceremony in the main courtyard",
        location: "Patio principal",
        when: { day: "03-02", from: "08:00", to: "10:00" },
        category: "Actividades escolares",
        audience: "school",
      },
      {
        name: "Reunión de padres de familia",
        desc: "Presentación de tutores",
        nameEN: "Parents' meeting",
        descEN: "Meet the tutors",
        location: "Aulas",
        when: { day: "03-20", from: "18:00", to: "19:30" },
        category: "Reuniones",
        audience: "school",
      },
      {
        name: "Día del Logro",
        desc: "Feria de proyectos de todos los grados",
        nameEN: "Achievement Day",
        descEN: "Project fair of every grade",
        location: "Coliseo",
        when: { day: "07-04", from: "09:00", to: "13:00" },
        category: "Actividades escolares",
        audience: "school",
      },
      {
        name: "Campeonato deportivo",
        desc: "Finales de fútbol y vóley",
        nameEN: "Sports championship",
        descEN: "Football and volleyball finals",
        location: "Canchas deportivas",
        when: { day: "05-15", from: "08:00", to: "16:00", days: 1 },
        category: "Deportes",
        audience: "school",
      },
      {
        name: "Visita al museo de ciencias",
        desc: "Salida pedagógica",
        nameEN: "Science museum trip",
        descEN: "Field trip",
        location: "Museo de ciencias",
        when: { day: "09-24", from: "08:30", to: "13:00" },
        category: "Actividades escolares",
        audience: "sections",
      },
      {
        name: "Olimpiada de matemática",
        desc: "Etapa interna",
        nameEN: "Maths olympiad",
        descEN: "School round",
        location: "Aulas de secundaria",
        when: { day: "10-08", from: "09:00", to: "11:00" },
        category: "Actividades escolares",
        audience: "grade",
      },
      {
        name: "Entrega de libretas",
        desc: "Cuarto bimestre",
        nameEN: "Report cards",
        descEN: "Fourth term",
        location: "Aulas",
        when: { day: "12-18", from: "08:00", to: "12:00" },
        category: "Reuniones",
        audience: "school",
      },
    ],
  },
  en: {
    publications: [
      {
        name: "Welcome back",
        desc: "A note from the head teacher",
        body: "<p>Dear families, <strong>welcome</strong> to the new school year.</p>",
        nameEN: null,
        descEN: null,
        bodyEN: null,
        by: "Head teacher",
        from: "03-01",
        to: null,
        pinTop: true,
        photos: false,
        audience: "school",
        parts: [
          { name: "Arrival times", body: "<p>School opens at 7:45.</p>", nameEN: null, bodyEN: null },
          { name: "Uniform", body: "<p>Tracksuit on PE days, daily uniform otherwise.</p>", nameEN: null, bodyEN: null },
        ],
      },
      {
        name: "Book fair",
        desc: "In the library all week",
        body: "<p>Come and find a good book for the holidays.</p>",
        nameEN: null,
        descEN: null,
        bodyEN: null,
        by: "Library",
        from: "06-01",
        to: "06-05",
        pinTop: false,
        photos: false,
        audience: "school",
        parts: [],
      },
      {
        name: "Science trip photos",
        desc: "Our day at the science museum",
        body: "<p>Thank you to the parents who came along.</p>",
        nameEN: null,
        descEN: null,
        bodyEN: null,
        by: "Office",
        from: "09-28",
        to: null,
        pinTop: false,
        photos: true,
        audience: "sections",
        parts: [],
      },
    ],
    activities: [
      {
        name: "Chess club",
        desc: "Wednesdays after school",
        nameEN: null,
        descEN: null,
        location: "Library",
        when: null,
        category: "Clubs",
        audience: "school",
      },
      {
        name: "First day of school",
        desc: "Welcome assembly",
        nameEN: null,
        descEN: null,
        location: "Main hall",
        when: { day: "03-02", from: "08:00", to: "09:30" },
        category: "School events",
        audience: "school",
      },
      {
        name: "Parents' evening",
        desc: "Meet the tutors",
        nameEN: null,
        descEN: null,
        location: "Classrooms",
        when: { day: "04-16", from: "18:00", to: "19:30" },
        category: "Meetings",
        audience: "grade",
      },
      {
        name: "Sports day",
        desc: "Races and team games",
        nameEN: null,
        descEN: null,
        location: "Playing fields",
        when: { day: "06-12", from: "09:00", to: "15:00" },
        category: "School events",
        audience: "school",
      },
      {
        name: "Science museum trip",
        desc: "Field trip",
        nameEN: null,
        descEN: null,
        location: "Science museum",
        when: { day: "09-24", from: "08:30", to: "13:00" },
        category: "Trips",
        audience: "sections",
      },
      {
        name: "Winter concert",
        desc: "Choir and orchestra",
        nameEN: null,
        descEN: null,
        location: "Main hall",
        when: { day: "12-11", from: "17:00", to: "19:00" },
        category: "School events",
        audience: "school",
      },
    ],
  },
};

const NOTIFICATIONS = {
  es: {
    weekly: "Resumen semanal",
    names: ["Inicio de clases", "Reunión de padres", "Campeonato deportivo", "Recordatorio de pago", "Inasistencias", "Clausura del año"],
    titles: [
      "Mañana empiezan las clases",
      "Reunión de padres este viernes",
      "¡Vengan a alentar!",
      "Pensión de noviembre",
      "Aviso de inasistencia",
      "Clausura del año escolar",
    ],
    contents: [
      "Los esperamos mañana a las 7:45.",
      "Los esperamos el viernes a las 18:00 en el aula de su hijo.",
      "Las finales son este viernes en las canchas.",
      "Les recordamos que la pensión de noviembre vence el día 30.",
      "Su hijo no asistió hoy al colegio.",
      "Los invitamos a la ceremonia de clausura.",
    ],
  },
  en: {
    weekly: "Weekly Comms",
    names: ["First day", "Parents' evening", "Sports day", "Payment reminder", "Absences", "Winter concert"],
    titles: ["School starts tomorrow", "Parents' evening on Thursday", "Come and cheer!", "November fees", "Absence notice", "Winter concert"],
    contents: [
      "See you tomorrow at 7:45.",
      "See you on Thursday at 6 pm in your child's classroom.",
      "Races start at 9 am on the playing fields.",
      "November fees are due on the 30th.",
      "Your child was not at school today.",
      "Join us for the winter concert.",
    ],
  },
};

/**
 * The demo school's publications with their parts, calendar activities spread over the current period (and all-year
 * clubs) and notifications in every status, in the school's language. Audiences use the current period's first grade
 * and its first section.
 */
export async function seedPublications(db: Db, tenantId: number) {
  const t = forTenant(db, tenantId);
  const tenant = await db.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { defaultLocale: true } });
  const lang = tenant.defaultLocale === "en" ? "en" : "es";
  const texts = TEXTS[lang];
  const period = await t.period.findFirstOrThrow({ where: { current: true }, select: { id: true, from: true } });
  const year = period.from.getUTCFullYear();
  const at = (day: string, time = "08:00") => local(`${year}-${day} ${time}`);
  const grade = await t.superSection.findFirstOrThrow({ where: { periodId: period.id }, orderBy: { sort: "asc" }, select: { id: true } });
  const section = await t.section.findFirstOrThrow({ where: { parentId: grade.id }, orderBy: { name: "asc" }, select: { id: true } });
  const audience = (kind: "school" | "grade" | "sections") => ({
    superSections: kind === "school" ? [] : [grade.id],
    sections: kind === "sections" ? [section.id] : [],
  });
  const categories = await t.category.findMany({ orderBy: { id: "asc" }, select: { id: true, type: true, name: true } });
  const categoryOf = (type: string) => categories.find((c) => c.type === type)?.id ?? null;
  const categoryNamed = (name: string) => {
    const category = categories.find((c) => c.name === name);
    if (!category) throw new Error(`The demo seed has no category "${name}"`);
    return category.id;
  };
  const owners = await t.user.findMany({ where: { type: 5 }, orderBy: { id: "asc" }, take: 3, select: { id: true } });

  for (const p of texts.publications) {
    const publication = await t.publication.create({
      data: {
        name: p.name,
        desc: p.desc,
        body: p.body,
        nameEN: p.nameEN,
        descEN: p.descEN,
        bodyEN: p.bodyEN,
        by: p.by,
        categoryId: categoryOf(p.photos ? "pho" : "pub"),
        published: p.from < "12-01",
        publishFrom: at(p.from),
        publishTo: p.to ? at(p.to, "23:00") : null,
        pinTop: p.pinTop,
        accessDependant: p.audience !== "school",
        ...audience(p.audience),
      },
    });
    await t.publicationPart.createMany({ data: p.parts.map((part, sort) => ({ ...part, publicationId: publication.id, sort })) });
  }

  await t.calendarActivity.createMany({
    data: texts.activities.map((a, i) => ({
      name: a.name,
      desc: a.desc,
      nameEN: a.nameEN,
      descEN: a.descEN,
      locationTxt: a.location,
      hasDate: a.when !== null,
      startDate: a.when ? at(a.when.day, a.when.from) : null,
      endDate: a.when ? new Date(at(a.when.day, a.when.to).getTime() + (a.when.days ?? 0) * 24 * 60 * 60 * 1000) : null,
      categoryId: categoryNamed(a.category),
      owner: owners[i % owners.length]?.id ?? null,
      published: true,
      publishFrom: at("03-01"),
      ...audience(a.audience),
    })),
  });

  // Recipients of the sent ones: every guardian of a child; the school's WhatsApp templates (admLocalization).
  const guardians = await t.user.count({ where: { type: 1, inactive: false, dependants: { some: {} } } });
  const weekly = await t.localizationTemplate.findFirst({ where: { type: "w", id: { startsWith: "comms-" } }, select: { id: true } });
  const absence = await t.localizationTemplate.findFirst({ where: { type: "w", id: "absence-alert" }, select: { id: true } });
  const group = await t.userGroup.findFirst({ where: { type: 1, staff: false }, orderBy: { id: "asc" }, select: { id: true } });
  const publication = await t.publication.findFirst({ where: { pinTop: false }, orderBy: { id: "asc" }, select: { id: true } });
  const activity = await t.calendarActivity.findFirst({ where: { hasDate: true }, orderBy: { startDate: "asc" }, select: { id: true } });
  const attendanceType = await t.attendanceType.findFirst({ where: { notify: true }, orderBy: { id: "asc" }, select: { id: true } });
  const students = await t.sectionMember.findMany({ where: { sectionId: section.id }, orderBy: { userId: "asc" }, take: 3, select: { userId: true } });
  const n = NOTIFICATIONS[lang];
  const message = (i: number) => ({ name: n.names[i]!, title: n.titles[i]!, content: n.contents[i]! });
  // One message per person (the ledger below): as many recipients as messages.
  const sent = (total: number, failed: number, read: number) => ({ recipients: total, total, sent: total - failed, failed, read });
  const nextFriday = nextLocalFriday(new Date());

  await t.notification.createMany({
    data: [
      {
        ...message(0),
        status: 3,
        sendOn: at("03-01", "17:00"),
        doMail: true,
        doPush: true,
        body: `<p>${n.contents[0]}</p>`,
        ...sent(guardians, 2, Math.round(guardians * 0.8)),
      },
      {
        ...message(1),
        status: 3,
        sendOn: at("03-18", "09:00"),
        doPush: true,
        page: "calendar",
        objectId: activity?.id ?? null,
        ...sent(guardians, 0, Math.round(guardians * 0.6)),
      },
      {
        ...message(2),
        status: 5,
        sendOn: at("05-13", "12:00"),
        doWA: weekly !== null,
        doWATemplate: weekly?.id ?? null,
        doPush: weekly === null,
        page: "publication",
        objectId: publication?.id ?? null,
        recipientType: 1,
        groupId: group?.id ?? null,
        ...sent(12, 5, 4),
      },
      { ...message(3), status: 4, sendOn: at("11-25", "10:00"), doMail: true, page: "payment" },
      {
        ...message(4),
        status: 0,
        sendOn: at("12-02", "09:00"),
        doWA: absence !== null,
        doWATemplate: absence?.id ?? null,
        doPush: absence === null,
        page: "attendance",
        objectId: attendanceType?.id ?? null,
        sendTo: 0,
        filterBy: "dependants",
        userIds: students.map((s) => s.userId),
      },
      {
        name: n.weekly,
        title: n.weekly,
        status: 1,
        sendOn: nextFriday,
        doWA: weekly !== null,
        doWATemplate: weekly?.id ?? null,
        doPush: weekly === null,
        hasRecurrence: true,
        recurrencePattern: "daily",
        recurrenceDays: [5],
        recurrence: "0 17 * * 5",
        recipients: guardians,
        total: guardians,
        // Confirmed: the worker queues its first run when it finds none queued.
        scheduledAt: at("11-20", "09:00"),
        nextRunAt: nextFriday,
      },
      {
        ...message(5),
        status: 0,
        sendOn: at("12-16", "18:00"),
        doMail: true,
        body: `<p>${n.contents[5]}</p>`,
        sendTo: 2,
        filterBy: "sections",
        sectionIds: [section.id],
      },
    ],
  });
  await seedLedger(t, guardians, tenant.defaultLocale);
}

/**
 * The ledger behind the sent notifications' counters (the counters are derived from it): one message per
 * recipient on the notification's first channel, as many failed and read as its counters say, the rest delivered.
 */
async function seedLedger(t: TenantDb, guardians: number, locale: string): Promise<void> {
  const done = await t.notification.findMany({ where: { status: { in: [3, 5] } }, orderBy: { id: "asc" } });
  const people = await t.user.findMany({
    where: { type: 1, inactive: false, dependants: { some: {} } },
    orderBy: { id: "asc" },
    take: guardians,
    select: { id: true, mail: true, cel: true },
  });
  const rows = done.flatMap((n) => {
    const channel = n.doWA ? "whatsapp" : n.doMail ? "mail" : "push";
    return people.slice(0, n.total).map((p, i) => {
      const failed = i < n.failed;
      const read = !failed && i < n.failed + n.read;
      const address = channel === "mail" ? (p.mail ?? "") : channel === "whatsapp" ? (p.cel ?? "").replace(/\D/g, "") : `user:${p.id}`;
      return {
        key: `n:${n.id}:0:${p.id}:${channel}`,
        source: "notification",
        sourceId: n.id,
        notificationId: n.id,
        userId: p.id,
        channel,
        address: failed ? "" : address,
        locale,
        subject: n.title,
        text: n.content ?? n.title ?? n.name,
        status: failed ? "failed" : read ? "read" : "delivered",
        permanent: failed,
        error: failed ? "noAddress" : null,
        attempts: 1,
        notBefore: n.sendOn,
        sentAt: failed ? null : n.sendOn,
        deliveredAt: failed ? null : new Date(n.sendOn.getTime() + 60_000),
        readAt: read ? new Date(n.sendOn.getTime() + 3_600_000) : null,
        failedAt: failed ? n.sendOn : null,
      };
    });
  });
  await t.message.createMany({ data: rows });
}
