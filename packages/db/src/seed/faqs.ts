/**
 * The FAQs (admInfo) of the demo's schools and of the bench's: what families ask most, which the school's assistant
 * answers from by full-text search in the family's language when no model is configured (002 §2), so each one's
 * title and body carry the words a parent writes ("horario", "uniforme", "almuerzo", "recoger", "justificar" …).
 * A Spanish school keeps its English text beside it (nameEN, descEN, bodyEN) for its English-speaking families.
 */
/** A text the school publishes (a FAQ, a publication), with its English beside it in a Spanish school. */
export interface BilingualText {
  name: string;
  desc: string;
  body: string;
  nameEN: string | null;
  descEN: string | null;
  bodyEN: string | null;
}

export interface Faq extends BilingualText {
  pinTop: boolean;
}

const es = (name: string, desc: string, body: string, nameEN: string, descEN: string, bodyEN: string, pinTop = false): Faq => ({
  name,
  desc,
  body,
  nameEN,
  descEN,
  bodyEN,
  pinTop,
});
const en = (name: string, desc: string, body: string, pinTop = false): Faq => ({ name, desc, body, nameEN: null, descEN: null, bodyEN: null, pinTop });

export const FAQS: Record<"es" | "en", Faq[]> = {
  es: [
    es(
      "¿A qué hora empiezan las clases?",
      "Horario de ingreso y salida",
      "<p>El horario de ingreso es a las <strong>7:45</strong>. Inicial sale a las 12:30 y primaria y secundaria a las 14:30. La puerta se abre a las 7:15.</p>",
      "When do classes start?",
      "School hours: entrance and leaving times",
      "<p>School opens at <strong>7:45</strong>. Kindergarten leaves at 12:30, primary and secondary at 14:30. The gate opens at 7:15.</p>",
      true,
    ),
    es(
      "¿Cómo justifico una inasistencia?",
      "Justificar una falta o ausencia",
      "<p>Justifica la falta desde el enlace que te enviamos por WhatsApp el mismo día de la ausencia, o desde la aplicación, con el certificado médico si lo hay.</p><ul><li>Por horas</li><li>Por día</li><li>Por varios días</li></ul>",
      "How do I excuse an absence?",
      "Excusing an absence",
      "<p>Excuse the absence from the link we send you by WhatsApp on the day, or from the app, with the doctor's note if there is one.</p>",
    ),
    es(
      "¿Quién puede recoger a mi hijo?",
      "Recoger a los alumnos: personas autorizadas y movilidad",
      "<p>Solo los apoderados y las personas autorizadas pueden recoger a los alumnos. Si otra persona lo recogerá, avísalo antes de las 11:00.</p>",
      "Who may pick my child up?",
      "Pick-up: authorised people and school bus",
      "<p>Only the guardians and the people they authorise may pick children up. Tell us before 11:00 if someone else will come.</p>",
    ),
    es(
      "¿Cuál es el uniforme escolar?",
      "Uniforme diario y de educación física",
      "<p>El uniforme diario es pantalón o falda azul marino, camisa blanca y chompa del colegio. Los días de educación física vienen con el buzo del colegio y zapatillas blancas.</p>",
      "What is the school uniform?",
      "Daily and PE uniform",
      "<p>The daily uniform is navy trousers or skirt, a white shirt and the school jumper. On PE days children come in the school tracksuit and white trainers.</p>",
    ),
    es(
      "¿Hay almuerzo o comedor en el colegio?",
      "Comedor, lonchera y almuerzo",
      "<p>El comedor sirve almuerzo de lunes a viernes de 12:45 a 13:30; el menú del mes se publica en la aplicación. También pueden traer lonchera saludable.</p>",
      "Is there lunch at school?",
      "Canteen, packed lunch and lunch menu",
      "<p>The canteen serves lunch Monday to Friday from 12:45 to 13:30; the month's menu is published in the app. Children may also bring a healthy packed lunch.</p>",
    ),
    es(
      "¿Cómo me comunico con la secretaría?",
      "Teléfono y correo de la secretaría",
      "<p>Llame a la secretaría al 01 555 0101 o escriba a secretaria@colegio-demo.test.</p>",
      "How do I contact the school office?",
      "Office telephone and e-mail",
      "<p>Call the office on 01 555 0101 or write to secretaria@colegio-demo.test.</p>",
    ),
    es(
      "¿Qué días no hay clases?",
      "Feriados y vacaciones del año escolar",
      "<p>No hay clases en los feriados nacionales ni en las vacaciones de medio año (dos semanas en julio). Las fechas están en el calendario de la aplicación.</p>",
      "Which days are there no classes?",
      "Holidays and school breaks",
      "<p>There are no classes on national holidays nor during the mid-year break (two weeks in July). The dates are in the app's calendar.</p>",
    ),
    es(
      "¿Dónde veo las notas de mi hijo?",
      "Libreta de notas y calificaciones",
      "<p>Las notas de cada bimestre se publican en la aplicación cuando el bimestre cierra; la libreta se entrega en la reunión de padres.</p>",
      "Where can I see my child's grades?",
      "Report card and grades",
      "<p>Each term's grades are published in the app when the term closes; the report card is handed out at the parents' meeting.</p>",
    ),
  ],
  en: [
    en("When do classes start?", "School hours: entrance and leaving times", "<p>School opens at <strong>7:45</strong> and finishes at 14:30.</p>", true),
    en("How do I excuse an absence?", "Excusing an absence", "<p>Excuse the absence from the link we send you by WhatsApp on the day, or from the app.</p>"),
    en(
      "What is the school uniform?",
      "Daily and PE uniform",
      "<p>Navy trousers or skirt, a white polo shirt and the school sweater; the tracksuit on PE days.</p>",
    ),
    en("Is there lunch at school?", "Cafeteria and packed lunch", "<p>The cafeteria serves lunch from 12:00 to 12:45; children may bring a packed lunch.</p>"),
    en(
      "Who may pick my child up?",
      "Pick-up: authorised people",
      "<p>Only guardians and the people they authorise. Call the office before 11:00 if someone else will come.</p>",
    ),
    en("How do I contact the school office?", "Office telephone and e-mail", "<p>Call the office on (555) 010-0202 or write to office@northside.test.</p>"),
  ],
};
