import type { Db } from "../client.ts";
import type { Prisma } from "../generated/client.ts";
import { forTenant } from "../tenant.ts";

interface InputSeed {
  name: string;
  desc: string;
  type: string;
  options?: string;
  optional?: boolean;
  hidden?: boolean;
  fieldType?: "context";
  affects?: string;
  /** The answers given, taken in turn by the responses. */
  answers: readonly string[];
}

interface FlowSeed {
  type: string;
  name: string;
  internalName: string;
  desc: string;
  tags: string;
  prompt: string;
  /** 0 specific numbers, 1 the school's first or second communication group (`group`), 2 open. */
  recipientType: number;
  group?: 0 | 1;
  /** 0 draft, 1 ready, 2 sending, 3 sent; with the sending's counts. */
  sendStatus: number;
  counts: { target: number; sent: number; seen: number };
  extra?: Partial<Prisma.FlowUncheckedCreateInput>;
  inputs: readonly InputSeed[];
  /** Responses: complete ones, then partial ones (the first two inputs answered). */
  complete: number;
  partial: number;
}

/** Instants written in UTC: 13:00Z is 08:00 at the school (UTC-5). */
const at = (iso: string) => new Date(iso);

const TEXTS: Record<"es" | "en", FlowSeed[]> = {
  es: [
    {
      type: "data",
      name: "Actualización de datos 2026",
      internalName: "datos-2026",
      desc: "Confirmación de la dirección, el teléfono de emergencia y la persona que recoge al alumno.",
      tags: "datos,matricula-2026",
      prompt:
        "Saluda al apoderado por su nombre, explica que el colegio actualiza sus datos para el año escolar 2026 y pide cada dato de uno en uno. Al final, lee el resumen y pide confirmación.",
      recipientType: 1,
      group: 0,
      sendStatus: 3,
      counts: { target: 380, sent: 376, seen: 301 },
      extra: { maxCollections: 400, isLive: true, requireOptIn: true },
      inputs: [
        {
          name: "Dirección del domicilio",
          desc: "Calle, número y distrito",
          type: "text",
          affects: "address",
          answers: ["Av. Arequipa 1234, Lince", "Jr. Huiracocha 456, Jesús María", "Calle Los Pinos 78, Surco", "Av. La Marina 2100, San Miguel"],
        },
        { name: "Teléfono de emergencia", desc: "Un número distinto al del apoderado", type: "text", answers: ["987 654 321", "965 432 187", "912 345 678"] },
        {
          name: "¿Quién recoge al alumno?",
          desc: "La persona que lo recoge habitualmente",
          type: "option",
          options: "Mamá|Papá|Movilidad escolar|Otra persona autorizada",
          answers: ["Mamá", "Movilidad escolar", "Papá", "Mamá", "Otra persona autorizada"],
        },
        {
          name: "Alergias o condiciones médicas",
          desc: "Déjelo en blanco si no tiene",
          type: "text",
          optional: true,
          answers: ["Ninguna", "Alergia al maní", "Asma leve"],
        },
        {
          name: "Nombre del alumno",
          desc: "Lo completa el colegio para el asistente",
          type: "text",
          hidden: true,
          fieldType: "context",
          answers: ["Valentina", "Mateo", "Camila", "Santiago"],
        },
      ],
      complete: 20,
      partial: 4,
    },
    {
      type: "form",
      name: "Autorización: visita al Parque de las Leyendas",
      internalName: "paseo-leyendas",
      desc: "Autorización de los padres para la visita de estudios de primaria del 6 de abril.",
      tags: "paseo,primaria",
      prompt: "Explica la visita (fecha, hora de salida y retorno, costo cero) y pide la autorización del apoderado y un teléfono de contacto para ese día.",
      recipientType: 1,
      group: 1,
      sendStatus: 2,
      counts: { target: 120, sent: 64, seen: 40 },
      extra: {
        isLive: true,
        triggerType: "date",
        forDate: at("2026-04-01T13:00:00Z"),
        scheduled: true,
        activeFrom: at("2026-04-01T13:00:00Z"),
        activeTo: at("2026-04-03T23:00:00Z"),
        msgNotAvailable: "El plazo para autorizar la visita terminó el 3 de abril.",
      },
      inputs: [
        {
          name: "¿Autoriza la participación de su hijo?",
          desc: "Salida 8:30, retorno 13:00",
          type: "option",
          options: "Sí|No",
          answers: ["Sí", "Sí", "Sí", "No"],
        },
        {
          name: "Teléfono de contacto durante la visita",
          desc: "Estará disponible de 8:00 a 14:00",
          type: "text",
          answers: ["987 111 222", "956 333 444", "999 555 666"],
        },
        { name: "Comentarios", desc: "Algo que el tutor deba saber", type: "text", optional: true, answers: ["Lleva su medicina para el mareo", "Ninguno"] },
      ],
      complete: 10,
      partial: 2,
    },
    {
      type: "form",
      name: "Encuesta de satisfacción: primer bimestre",
      internalName: "encuesta-b1",
      desc: "Encuesta anónima y abierta sobre el primer bimestre.",
      tags: "encuesta,bimestre-1",
      prompt: "Agradece la participación, recuerda que la encuesta es anónima y haz las preguntas en orden.",
      recipientType: 2,
      sendStatus: 1,
      counts: { target: 0, sent: 0, seen: 0 },
      extra: { isPublic: true, url: "https://colegio.demo/encuesta-bimestre-1", maxCollections: 1000 },
      inputs: [
        {
          name: "¿Qué tan satisfecho está con el bimestre?",
          desc: "Una sola opción",
          type: "option",
          options: "Muy satisfecho|Satisfecho|Poco satisfecho|Insatisfecho",
          answers: ["Muy satisfecho", "Satisfecho", "Satisfecho", "Poco satisfecho"],
        },
        {
          name: "¿Qué aspectos destacaría?",
          desc: "Puede marcar varios",
          type: "multiple",
          options: "Docentes|Comunicación|Infraestructura|Talleres",
          answers: ["Docentes, Comunicación", "Talleres", "Docentes"],
        },
        { name: "Sugerencias", desc: "Opcional", type: "text", optional: true, answers: ["Más talleres por la tarde", "Mejorar la cafetería"] },
      ],
      complete: 6,
      partial: 0,
    },
    {
      type: "booking",
      name: "Citas de entrega de libretas",
      internalName: "libretas-b1",
      desc: "Reserva de la cita con el tutor para la entrega de la libreta del primer bimestre.",
      tags: "libretas,citas",
      prompt: "Ofrece las fechas y los horarios disponibles y confirma la cita elegida.",
      recipientType: 0,
      sendStatus: 0,
      counts: { target: 0, sent: 0, seen: 0 },
      extra: { followupDefaultDelay: 1, followupUnit: "days", followupMaxTotal: 2, followupStopOnEngagement: true },
      inputs: [
        { name: "Fecha preferida", desc: "Entre el 11 y el 15 de mayo", type: "date", answers: [] },
        { name: "Horario", desc: "Bloques de 20 minutos", type: "option", options: "08:00 - 10:00|10:00 - 12:00|14:00 - 16:00", answers: [] },
      ],
      complete: 0,
      partial: 0,
    },
    {
      type: "remote",
      name: "Inscripción a talleres extracurriculares",
      internalName: "talleres-2026",
      desc: "Inscripción a los talleres de la tarde; la inscripción se registra en el sistema de talleres.",
      tags: "talleres",
      prompt:
        "Presenta los talleres con sus horarios, pide el taller elegido y el documento del alumno, y confirma el código de inscripción que devuelve el sistema.",
      recipientType: 1,
      group: 0,
      sendStatus: 0,
      counts: { target: 0, sent: 0, seen: 0 },
      extra: {
        apiMethod: "POST",
        apiEndpoint: "https://talleres.colegio.demo/api/inscripciones",
        apiAuthheader: "Authorization",
        apiAuthKey: "Bearer demo-talleres-2026",
        apiBody: '{"alumno": "{{documento}}", "taller": "{{taller}}"}',
        apiResponseMap: "codigo=inscripcion.id",
      },
      inputs: [
        { name: "Taller", desc: "Uno por alumno", type: "option", options: "Fútbol|Danza|Robótica|Ajedrez", answers: ["Robótica", "Fútbol", "Danza"] },
        { name: "Documento del alumno", desc: "Foto del DNI por ambos lados", type: "document", answers: ["dni-alumno.jpg"] },
        { name: "Punto de recojo", desc: "Si usará la movilidad del taller", type: "location", optional: true, answers: ["-12.0864, -77.0345"] },
      ],
      complete: 0,
      partial: 3,
    },
  ],
  en: [
    {
      type: "data",
      name: "Family details update 2026",
      internalName: "details-2026",
      desc: "Confirm the home address, the emergency phone and who picks the child up.",
      tags: "details,enrolment-2026",
      prompt:
        "Greet the parent by name, explain that the school is updating its records for 2026 and ask for each detail one at a time. Read back the summary at the end.",
      recipientType: 1,
      group: 0,
      sendStatus: 3,
      counts: { target: 380, sent: 376, seen: 301 },
      extra: { maxCollections: 400, isLive: true, requireOptIn: true },
      inputs: [
        {
          name: "Home address",
          desc: "Street, number and town",
          type: "text",
          affects: "address",
          answers: ["12 Oak Street, Northside", "48 River Road, Northside", "7 Hill Lane, Westfield"],
        },
        { name: "Emergency phone", desc: "Not the parent's own number", type: "text", answers: ["+1 555 0101", "+1 555 0147", "+1 555 0199"] },
        {
          name: "Who picks the child up?",
          desc: "Usually",
          type: "option",
          options: "Mother|Father|School bus|Another authorised person",
          answers: ["Mother", "School bus", "Father"],
        },
        { name: "Allergies or medical conditions", desc: "Leave empty if none", type: "text", optional: true, answers: ["None", "Peanut allergy"] },
        {
          name: "Child's name",
          desc: "Filled in by the school for the assistant",
          type: "text",
          hidden: true,
          fieldType: "context",
          answers: ["Emma", "Liam", "Olivia"],
        },
      ],
      complete: 12,
      partial: 3,
    },
    {
      type: "form",
      name: "Permission: trip to the Science Museum",
      internalName: "museum-trip",
      desc: "Parents' permission for the primary school trip on 6 April.",
      tags: "trip,primary",
      prompt: "Explain the trip (date, times, no cost) and ask for the parent's permission and a phone number for the day.",
      recipientType: 1,
      group: 1,
      sendStatus: 2,
      counts: { target: 90, sent: 51, seen: 33 },
      extra: { isLive: true, triggerType: "date", forDate: at("2026-04-01T13:00:00Z") },
      inputs: [
        { name: "Do you give permission?", desc: "Leaving 8:30, back by 13:00", type: "option", options: "Yes|No", answers: ["Yes", "Yes", "No"] },
        { name: "Phone during the trip", desc: "Reachable from 8:00 to 14:00", type: "text", answers: ["+1 555 0110", "+1 555 0123"] },
      ],
      complete: 8,
      partial: 1,
    },
    {
      type: "form",
      name: "Parent satisfaction survey: term 1",
      internalName: "survey-t1",
      desc: "An open, anonymous survey about the first term.",
      tags: "survey",
      prompt: "Thank the parent, say that the survey is anonymous and ask the questions in order.",
      recipientType: 2,
      sendStatus: 1,
      counts: { target: 0, sent: 0, seen: 0 },
      extra: { isPublic: true, url: "https://northside.demo/survey-term-1" },
      inputs: [
        {
          name: "How satisfied are you with the term?",
          desc: "One choice",
          type: "option",
          options: "Very satisfied|Satisfied|Not very satisfied|Unsatisfied",
          answers: ["Very satisfied", "Satisfied"],
        },
        {
          name: "What stood out?",
          desc: "Pick any",
          type: "multiple",
          options: "Teachers|Communication|Facilities|Clubs",
          answers: ["Teachers, Clubs", "Communication"],
        },
      ],
      complete: 5,
      partial: 0,
    },
  ],
};

/**
 * The demo school's flows (admFetch) in its language: sent, sending, ready and draft ones, each with its questions
 * (admFetchInput) and, for those that went out, the parents' responses with their answers (admFetchResponses).
 */
export async function seedFlows(db: Db, tenantId: number) {
  const t = forTenant(db, tenantId);
  const tenant = await db.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { defaultLocale: true } });
  const flows = TEXTS[tenant.defaultLocale === "en" ? "en" : "es"];
  const groups = await t.userGroup.findMany({ where: { staff: false }, orderBy: { id: "asc" }, take: 2, select: { id: true } });
  const parents = await t.user.findMany({ where: { type: 1 }, orderBy: { id: "asc" }, take: 40, select: { id: true } });

  for (const [f, seed] of flows.entries()) {
    const { inputs, complete, partial, group, counts, extra, ...fields } = seed;
    const flow = await t.flow.create({ data: { ...fields, ...counts, ...extra, groupId: group === undefined ? null : (groups[group]?.id ?? null) } });
    // A flow that went out was sent by a notification about it (its send, admFlowFetch).
    if (fields.sendStatus > 0) {
      await t.notification.create({
        data: {
          name: fields.name,
          page: "fetch",
          objectId: flow.id,
          status: fields.sendStatus,
          sendOn: new Date(Date.UTC(2026, 2, 2 + f, 14)),
          doWA: true,
          recipientType: flow.recipientType,
          groupId: flow.groupId,
          recipients: counts.target,
          total: counts.target,
          sent: counts.sent,
          read: counts.seen,
        },
      });
    }
    const created = await t.flowInput.createManyAndReturn({
      data: inputs.map(({ answers: _answers, ...input }, i) => ({ ...input, fectchId: flow.id, order: i + 1 })),
      select: { id: true },
    });
    const respondents = parents.slice(f, f + complete + partial);
    const responses = await t.flowResponse.createManyAndReturn({
      data: respondents.map((p, r) => ({
        fetchId: flow.id,
        userId: p.id,
        dateCompleted: r < complete ? new Date(Date.UTC(2026, 2, 9 + (r % 14), 13 + (r % 9), (r * 7) % 60)) : null,
      })),
      select: { id: true },
    });
    await t.flowAnswer.createMany({
      data: responses.flatMap((response, r) =>
        inputs.flatMap((input, i) => {
          const answered = (r < complete || i < 2) && input.answers.length > 0 && !(input.optional && r % 3 === 0);
          return answered ? [{ responseId: response.id, inputId: created[i]!.id, value: input.answers[(r + i) % input.answers.length]! }] : [];
        }),
      ),
    });
  }
}
