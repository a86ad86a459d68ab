import type { Db } from "../client.ts";
import { forTenant } from "../tenant.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A local date-time at the spec's fixed UTC-5 as the instant it is stored as. */
const local = (day: Date, hour: number, minute = 0) => new Date(day.getTime() + (hour + 5) * 60 * 60 * 1000 + minute * 60 * 1000);
/** The n-th school day (Monday to Friday) from a Monday. */
const schoolDay = (monday: string, n: number) => new Date(Date.parse(`${monday}T00:00:00Z`) + (Math.floor(n / 5) * 7 + (n % 5)) * DAY_MS);
const addDays = (day: Date, days: number) => new Date(day.getTime() + days * DAY_MS);
const at = <T>(items: readonly T[], i: number): T => items[i % items.length]!;

type Pair = readonly [string, string];
type Maybe = readonly (string | null)[];
interface Texts {
  praiseValues: readonly Pair[];
  /** What happened and what was done. */
  incidents: readonly Pair[];
  praise: readonly Pair[];
  agreements: Maybe;
  followUp: Maybe;
  remarks: Maybe;
  commitments: { student: readonly string[]; family: readonly string[]; school: readonly string[]; followUp: Maybe; outcome: Maybe };
  journalComments: Maybe;
  resources: { agenda: (name: string) => string; agendaDesc: string; others: readonly (readonly [string, string, number, boolean])[] };
  bookingNotes: readonly string[];
  bookingAgreements: readonly string[];
}

const TEXTS: Record<"es" | "en", Texts> = {
  es: {
    praiseValues: [
      ["COLAB", "Colabora con sus compañeros"],
      ["PART", "Participación destacada"],
    ],
    incidents: [
      ["Interrumpe constantemente la clase y no sigue las indicaciones del profesor.", "Se conversó con el alumno y se acordó que se sentará adelante."],
      ["Llegó tarde tres veces esta semana.", "Se informó a los padres por la agenda y se registrará su hora de llegada."],
      ["No presentó las tareas de Matemática de las dos últimas semanas.", "Se le dio un plazo hasta el viernes y se avisó al tutor."],
      ["Discusión fuerte con un compañero durante el recreo.", "Se conversó con ambos alumnos y se les derivó a psicología."],
      ["Asiste sin el uniforme completo de manera reiterada.", "Se envió una nota a la familia."],
      ["Usó el celular durante la evaluación.", "Se retuvo el celular y se entregó al apoderado."],
      ["Se muestra desanimado y se aísla de sus compañeros.", "Se coordinó una entrevista con los padres y con psicología."],
      ["Faltó el respeto a una profesora en la clase de Inglés.", "Se citó a los padres y el alumno pidió disculpas."],
    ],
    praise: [
      ["Ayudó a un compañero nuevo a integrarse al grupo.", "Se felicitó al alumno frente a la clase."],
      ["Participó de forma destacada en la feria de ciencias.", "Se envió una felicitación a la familia."],
      ["Devolvió una billetera que encontró en el patio.", "Se reconoció su honestidad en la formación."],
      ["Organizó a su grupo para terminar el proyecto a tiempo.", "Se felicitó al alumno frente a la clase."],
    ],
    agreements: ["El alumno se compromete a mejorar su conducta.", "Los padres revisarán la agenda todos los días.", null],
    followUp: ["Revisar en dos semanas.", "Conversar nuevamente con el tutor a fin de mes.", null],
    remarks: ["Mejoró su actitud en las últimas semanas.", null, null],
    commitments: {
      student: [
        "Cumplir con las tareas y presentarlas a tiempo.",
        "Llegar puntual todos los días.",
        "Respetar a sus compañeros y profesores.",
        "No usar el celular en clase.",
      ],
      family: ["Revisar la agenda todos los días y firmarla.", "Asegurar la llegada puntual al colegio.", "Asistir a las reuniones que se programen."],
      school: ["Informar cada semana a la familia sobre sus avances.", "Brindar acompañamiento de psicología."],
      followUp: ["Reunión de seguimiento con el tutor.", null],
      outcome: ["Cumplió con lo acordado.", "Cumplimiento parcial; se renueva el compromiso.", null],
    },
    journalComments: ["Se comunicó a la familia.", null, "Se registró en la libreta de notas del tutor."],
    resources: {
      agenda: (name: string) => `Agenda de ${name}`,
      agendaDesc: "Reuniones con padres de familia",
      others: [
        ["Psicología", "Atención del departamento psicopedagógico", 30, false],
        ["Sala de reuniones", "Segundo piso, junto a la dirección", 45, false],
        ["Biblioteca", "Ya no se reserva para reuniones", 30, true],
      ],
    },
    bookingNotes: [
      "Revisar el avance académico del bimestre.",
      "Conversar sobre la conducta en clase.",
      "Coordinar el apoyo de psicología.",
      "Entrega del informe de progreso.",
    ],
    bookingAgreements: [
      "Los padres se comprometen a revisar las tareas a diario.",
      "Se acordó una nueva reunión en un mes.",
      "La familia buscará apoyo externo de psicología.",
    ],
  },
  en: {
    praiseValues: [
      ["HELP", "Helps classmates"],
      ["PART", "Outstanding participation"],
    ],
    incidents: [
      ["Keeps interrupting the lesson and ignores the teacher's instructions.", "We talked with the student, who will now sit at the front."],
      ["Arrived late three times this week.", "The parents were told through the planner; arrival times will be logged."],
      ["Has not handed in Maths homework for two weeks.", "Given until Friday; the form tutor was told."],
      ["Heated argument with a classmate during break.", "Spoke with both students and referred them to the counsellor."],
      ["Repeatedly comes without the full uniform.", "A note was sent home."],
      ["Used a mobile phone during a test.", "The phone was kept and handed to a parent."],
      ["Looks discouraged and keeps apart from classmates.", "A meeting with the parents and the counsellor was arranged."],
      ["Was rude to a teacher in the English lesson.", "The parents were called in and the student apologised."],
    ],
    praise: [
      ["Helped a new classmate settle into the group.", "The student was praised in front of the class."],
      ["Stood out at the science fair.", "A note of praise was sent home."],
      ["Handed in a wallet found in the playground.", "Their honesty was recognised at assembly."],
      ["Organised the group to finish the project on time.", "The student was praised in front of the class."],
    ],
    agreements: ["The student agrees to improve their behaviour.", "The parents will check the planner every day.", null],
    followUp: ["Review in two weeks.", "Talk again with the form tutor at the end of the month.", null],
    remarks: ["Their attitude has improved in the last weeks.", null, null],
    commitments: {
      student: ["Hand in homework on time.", "Arrive on time every day.", "Respect classmates and teachers.", "Keep the phone away in class."],
      family: ["Check and sign the planner every day.", "Make sure the student arrives on time.", "Come to the meetings the school arranges."],
      school: ["Report progress to the family every week.", "Provide support from the counsellor."],
      followUp: ["Follow-up meeting with the form tutor.", null],
      outcome: ["Kept the commitment.", "Partly kept; the commitment is renewed.", null],
    },
    journalComments: ["The family was told.", null, "Noted in the form tutor's log."],
    resources: {
      agenda: (name: string) => `${name}'s agenda`,
      agendaDesc: "Parent meetings",
      others: [
        ["Counsellor", "Student support office", 30, false],
        ["Meeting room", "Second floor, next to the office", 45, false],
        ["Library", "No longer booked for meetings", 30, true],
      ],
    },
    bookingNotes: [
      "Review the term's academic progress.",
      "Talk about behaviour in class.",
      "Arrange support from the counsellor.",
      "Hand over the progress report.",
    ],
    bookingAgreements: [
      "The parents will check homework every day.",
      "A new meeting was agreed for next month.",
      "The family will look for outside counselling.",
    ],
  },
};

const TRACKING_RECORDS = 40;
const BEHAVIOUR_RECORDS = 48;
const COMMITMENTS = 32;
const JOURNAL_ENTRIES = 44;
const BOOKINGS = 40;

/**
 * The behaviour area of a demo school, in its language: tracking and behaviour records, commitments and journal entries
 * about students of the current period (some recorded by the demo teacher), every teacher's agenda and a few other
 * bookable resources, and appointments with families, past (mostly completed) and upcoming. Two praise values join the
 * school's tracking catalogue for the journal's good news.
 */
export async function seedConduct(db: Db, tenantId: number) {
  const t = forTenant(db, tenantId);
  const tenant = await db.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { defaultLocale: true } });
  const texts = TEXTS[tenant.defaultLocale === "en" ? "en" : "es"];

  await t.catalogueValue.createMany({ data: texts.praiseValues.map(([value, label]) => ({ type: "trackingValues1", value, label })) });
  const praiseCodes = texts.praiseValues.map(([value]) => value);
  const reasons = (await t.catalogueValue.findMany({ where: { type: "trackingValues1" }, orderBy: { id: "asc" }, select: { value: true } })).map(
    (v) => v.value,
  );
  const faults = reasons.filter((code) => !praiseCodes.includes(code));
  const actions = (await t.catalogueValue.findMany({ where: { type: "trackingValues2" }, orderBy: { id: "asc" }, select: { value: true } })).map(
    (v) => v.value,
  );

  const members = await t.sectionMember.findMany({
    where: { section: { superSection: { period: { current: true } } } },
    orderBy: { id: "asc" },
    select: {
      userId: true,
      sectionId: true,
      section: { select: { parentId: true, superSection: { select: { periodId: true } }, parts: { select: { masterId: true } } } },
    },
  });
  const people = await t.user.findMany({
    where: { type: { in: [4, 5] } },
    orderBy: { id: "asc" },
    select: { id: true, type: true, name: true, last: true, roleCode: true, accountId: true },
  });
  const nameOf = new Map(people.map((p) => [p.id, [p.name, p.last].filter(Boolean).join(" ")]));
  const admin = people.find((p) => p.roleCode === 100);
  const demoTeacher = people.find((p) => p.roleCode === 5 && p.accountId !== null);
  const teaches = (teacherId: number) => members.filter((m) => m.section.parts.some((p) => p.masterId === teacherId));
  const demoClass = demoTeacher ? teaches(demoTeacher.id) : [];

  /** The i-th record's student and teacher: every fourth one in the demo teacher's classes, the rest across the school. */
  const placement = (i: number, stride: number) => {
    const own = demoTeacher && demoClass.length > 0 && i % 4 === 0;
    const member = own ? at(demoClass, i * 7) : at(members, i * stride + 3);
    const masters = member.section.parts.map((p) => p.masterId).filter((id): id is number => id !== null);
    const masterId = own ? demoTeacher.id : masters.length ? at(masters, i) : (admin ?? people[0]!).id;
    return {
      periodId: member.section.superSection.periodId,
      superSectionId: member.section.parentId,
      sectionId: member.sectionId,
      userId: member.userId,
      masterId,
      createdByName: nameOf.get(masterId) ?? null,
    };
  };

  const tracking = await t.tracking.createManyAndReturn({
    data: Array.from({ length: TRACKING_RECORDS }, (_, i) => {
      const [note1, note2] = at(texts.incidents, i);
      const day = schoolDay("2026-03-09", (i * 13) % 180);
      const notify = i % 6 === 0;
      return {
        ...placement(i, 37),
        type: "tracking",
        dateFrom: day,
        status: day < new Date(Date.UTC(2026, 8, 1)) ? 2 : i % 2,
        values1: i % 5 === 0 ? [at(faults, i), at(faults, i + 1)] : [at(faults, i)],
        note1,
        note2,
        note3: at(texts.agreements, i),
        note4: at(texts.followUp, i),
        negative: true,
        flag1: i % 7 === 3,
        flag2: i % 3 !== 2,
        online: i % 3 === 0,
        notify,
        notifOn: notify ? local(day, 16) : null,
        readOn: notify && i % 12 === 0 ? local(addDays(day, 1), 19, 30) : null,
      };
    }),
    select: { id: true, userId: true, masterId: true },
  });

  await t.tracking.createMany({
    data: Array.from({ length: BEHAVIOUR_RECORDS }, (_, i) => {
      const negative = i % 4 !== 0;
      const [note1, note2] = negative ? at(texts.incidents, i + 3) : at(texts.praise, i);
      const day = schoolDay("2026-03-09", (i * 11 + 2) % 180);
      const notify = negative && i % 8 === 1;
      return {
        ...placement(i, 53),
        type: "behavior",
        dateFrom: day,
        status: i % 3,
        values1: [negative ? at(faults, i + 2) : at(praiseCodes, i)],
        note1,
        note2,
        note5: at(texts.remarks, i),
        negative,
        flag1: negative && i % 5 === 1,
        flag2: negative && i % 6 === 1,
        online: i % 2 === 0,
        notify,
        notifOn: notify ? local(day, 15, 30) : null,
      };
    }),
  });

  await t.tracking.createMany({
    data: Array.from({ length: COMMITMENTS }, (_, i) => {
      const day = schoolDay("2026-03-16", (i * 17) % 170);
      const c = texts.commitments;
      return {
        ...placement(i, 41),
        type: "commitment",
        dateFrom: day,
        dateTo: addDays(day, 60),
        dueDate: addDays(day, 30),
        values1: [at(faults, i + 1)],
        note1: at(texts.incidents, i + 5)[0],
        note2: at(c.student, i),
        note3: at(c.family, i),
        note4: at(c.school, i),
        note5: at(c.followUp, i),
        note6: addDays(day, 30) < new Date(Date.UTC(2026, 10, 1)) ? at(c.outcome, i) : null,
      };
    }),
  });

  await t.tracking.createMany({
    data: Array.from({ length: JOURNAL_ENTRIES }, (_, i) => {
      const negative = i % 3 === 0;
      return {
        ...placement(i, 29),
        type: "journal",
        dateFrom: schoolDay("2026-03-09", (i * 19 + 1) % 180),
        negative,
        values1: [negative ? at(faults, i) : at(praiseCodes, i)],
        values2: negative && actions.length ? [at(actions, i)] : [],
        note1: (negative ? at(texts.incidents, i + 1) : at(texts.praise, i + 1))[0],
        note3: at(texts.journalComments, i),
      };
    }),
  });

  // Every teacher's agenda, then the school's other resources.
  const teachers = people.filter((p) => p.type === 5);
  const counsellor = people.find((p) => p.type === 4 && p.accountId === null);
  const agendas = await t.bookingResource.createManyAndReturn({
    data: [
      ...teachers.map((p) => ({ name: texts.resources.agenda(nameOf.get(p.id)!), desc: texts.resources.agendaDesc, userId: p.id, duration: 20 })),
      ...texts.resources.others.map(([name, desc, duration, inactive], i) => ({
        name,
        desc,
        duration,
        inactive,
        userId: i === 0 && counsellor ? counsellor.id : null,
      })),
    ],
    select: { id: true, userId: true, duration: true, inactive: true },
  });
  const agendaOf = new Map(agendas.filter((a) => a.userId !== null).map((a) => [a.userId!, a]));
  const open = agendas.filter((a) => !a.inactive);

  const family = await t.kinship.findMany({ orderBy: [{ studentId: "asc" }, { userKind: "asc" }], select: { studentId: true, relativeId: true } });
  const relativesOf = (studentId: number) => family.filter((k) => k.studentId === studentId).map((k) => k.relativeId);

  // Past appointments each on a school day of their own from September, then two weeks of upcoming ones.
  const upcoming = 10;
  await t.booking.createMany({
    data: Array.from({ length: BOOKINGS }, (_, i) => {
      const past = i < BOOKINGS - upcoming;
      const day = past ? schoolDay("2026-09-07", i) : schoolDay("2026-11-23", i - (BOOKINGS - upcoming));
      // The first half are about a tracking record, in its teacher's agenda.
      const record = i < BOOKINGS / 2 ? at(tracking, i * 3) : null;
      const member = at(members, i * 23 + 11);
      const resource = (record && agendaOf.get(record.masterId)) || at(open, i);
      const userId = record?.userId ?? member.userId;
      const start = local(day, 15, (i % 4) * 20);
      const completed = past && i % 4 !== 3;
      const relatives = relativesOf(userId);
      return {
        resourceId: resource.id,
        userId,
        trackingId: record?.id ?? null,
        participants: i % 3 === 0 ? relatives : relatives.slice(0, 1),
        dtDate: start,
        dtEndDate: new Date(start.getTime() + resource.duration * 60 * 1000),
        notes: at(texts.bookingNotes, i),
        completed,
        notesCompleted: completed ? at(texts.bookingAgreements, i) : null,
        status: completed ? 2 : i % 2,
        createdByName: nameOf.get(resource.userId ?? admin?.id ?? -1) ?? null,
      };
    }),
  });
}
