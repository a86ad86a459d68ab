import { foldText } from "../../../resource/search-text.ts";

/**
 * What the assistant reads in a family's message before it answers anything (both modes): a small lexicon in Spanish
 * and English, matched on folded text (lower-case, no accents) as whole words. A word ending in `*` is a stem
 * ("enferm*" is "enfermo", "enferma", "enfermedad"). The lists err towards a person: a family asking about a payment
 * or a punishment gets a person even when the FAQ might have answered.
 */
const ASKS_PERSON = [
  // es
  "persona",
  "personas",
  "humano",
  "humana",
  "hablar con",
  "hablar con alguien",
  "con alguien",
  "agente",
  "asesor*",
  "operador*",
  "llamenme",
  "llamame",
  // en
  "human",
  "person",
  "someone",
  "somebody",
  "agent",
  "representative",
  "operator",
  "real person",
  "talk to",
  "speak to",
  "speak with",
  "call me",
];

/** Health beyond a child who is ill today (which the assistant answers with the day's justification link). */
const HEALTH = [
  "salud",
  "hospital*",
  "clinica",
  "medic*",
  "alergi*",
  "accidente*",
  "herid*",
  "lesion*",
  "fractura*",
  "emergencia*",
  "urgencia*",
  "psicolog*",
  "ansiedad",
  "depresion",
  "diagnostic*",
  "vacuna*",
  "health",
  "medicine",
  "medication*",
  "doctor",
  "allerg*",
  "injur*",
  "accident*",
  "emergenc*",
  "anxiety",
  "depression",
  "diagnos*",
  "vaccin*",
  "therap*",
];

/** Being ill: today's absence when it comes with "today" (ILL + TODAY), a health question otherwise. */
const ILL = ["enferm*", "fiebre", "gripe", "resfri*", "malestar", "vomit*", "dolor*", "sick", "ill", "fever", "flu", "a cold", "unwell"];
const TODAY = ["hoy", "esta manana", "today", "this morning"];
/** Not coming today, whatever the reason. */
const ABSENT = [
  "no va a ir",
  "no ira",
  "no va a venir",
  "no vendra",
  "no asistira",
  "no va a asistir",
  "no podra ir",
  "no podra asistir",
  "se queda en casa",
  "ausente",
  "faltara",
  "va a faltar",
  "won't come",
  "wont come",
  "will not come",
  "won't be coming",
  "not coming",
  "won't be at school",
  "will not be at school",
  "stay home",
  "staying home",
  "stays home",
  "absent",
  "miss school",
];

const DISCIPLINE = [
  "castig*",
  "sancion*",
  "suspension",
  "suspendid*",
  "expuls*",
  "bullying",
  "acoso",
  "pelea*",
  "conducta",
  "disciplin*",
  "agresion*",
  "golpe*",
  "amonestacion*",
  "punish*",
  "detention",
  "suspend*",
  "expel*",
  "bully*",
  "bullied",
  "fight*",
  "behavio*",
  "harass*",
];

const PAYMENT = [
  "pago*",
  "pagar",
  "pague",
  "pension*",
  "mensualidad*",
  "cuota*",
  "deuda*",
  "factura*",
  "recibo*",
  "cobr*",
  "beca*",
  "reembolso*",
  "dinero",
  "transferencia*",
  "tarjeta",
  "pay",
  "paid",
  "payment*",
  "fee",
  "fees",
  "tuition",
  "invoice*",
  "bill",
  "billing",
  "receipt*",
  "refund*",
  "debt",
  "charge*",
  "money",
  "scholarship*",
];

const NEGATIVE = [
  "molest*",
  "enojad*",
  "enfadad*",
  "indignad*",
  "furios*",
  "harto",
  "harta",
  "queja*",
  "reclamo*",
  "reclamacion",
  "inaceptable",
  "pesim*",
  "terrible",
  "horrible",
  "verguenza",
  "decepcion*",
  "denuncia*",
  "nunca responden",
  "mal servicio",
  "angry",
  "upset",
  "furious",
  "complain*",
  "unacceptable",
  "awful",
  "disgust*",
  "disappoint*",
  "ridiculous",
  "worst",
  "fed up",
  "never answer*",
];

const POSITIVE = [
  "gracias",
  "muchas gracias",
  "excelente",
  "perfecto",
  "genial",
  "muy amable",
  "thanks",
  "thank you",
  "great",
  "perfect",
  "excellent",
  "awesome",
];

/** " word word … ": folded, punctuation as spaces, so that a phrase is found as whole words by includes(). */
export function wordsOf(text: string): string {
  return ` ${foldText(text)
    .replace(/[’`]/g, "'")
    .replace(/[^\p{L}\p{N}']+/gu, " ")
    .trim()} `;
}

function has(words: string, list: readonly string[]): boolean {
  return list.some((entry) => (entry.endsWith("*") ? words.includes(` ${entry.slice(0, -1)}`) : words.includes(` ${entry} `)));
}

export interface Reading {
  asksPerson: boolean;
  /** Health (other than ill today), discipline or payment: a person answers those. */
  sensitive: boolean;
  negative: boolean;
  /** "My child is sick / absent / won't come today". */
  absentToday: boolean;
  positive: boolean;
}

export function readMessage(text: string): Reading {
  const words = wordsOf(text);
  const ill = has(words, ILL);
  const absentToday = has(words, ABSENT) || (ill && has(words, TODAY));
  return {
    asksPerson: has(words, ASKS_PERSON),
    sensitive: has(words, HEALTH) || (ill && !absentToday) || has(words, DISCIPLINE) || has(words, PAYMENT),
    negative: has(words, NEGATIVE),
    absentToday,
    positive: has(words, POSITIVE),
  };
}

/**
 * Greetings, courtesies and question words that carry nothing a FAQ could match ("Buenos días, ¿cuál es…?"): left
 * out of the FAQ search, so that they neither find a FAQ nor lower the share of the question a FAQ covers. Longer
 * phrases first: each is taken out in this order.
 */
const FILLERS = [
  "muchas gracias",
  "muchisimas gracias",
  "mil gracias",
  "thank you very much",
  "thanks a lot",
  "hola",
  "buenos dias",
  "buenas tardes",
  "buenas noches",
  "buen dia",
  "buenas",
  "por favor",
  "gracias",
  "disculpe",
  "disculpa",
  "una consulta",
  "consulta",
  "quisiera saber",
  "queria saber",
  "quiero saber",
  "me podria decir",
  "me puede decir",
  "cual",
  "cuales",
  "cuando",
  "donde",
  "hi",
  "hello",
  "good morning",
  "good afternoon",
  "good evening",
  "please",
  "thanks",
  "thank you",
  "could you tell me",
  "i would like to know",
  "ok",
  "okay",
  "vale",
  "listo",
  "perfecto",
  "entendido",
  "de acuerdo",
  "great",
  "perfect",
];

/** The question as the FAQ search reads it: folded, the fillers left out. */
export function questionOf(text: string): string {
  let words = wordsOf(text);
  for (const filler of FILLERS) words = words.replaceAll(` ${filler} `, " ");
  return words.trim();
}
