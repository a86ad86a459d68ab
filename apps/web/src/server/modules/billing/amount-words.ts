/**
 * A receipt's total in words (001 §7 "Billing and orders": amounts in figures and in words in the school's language),
 * as Peruvian receipts print it: "TRESCIENTOS CINCUENTA CON 00/100 SOLES", "Three hundred fifty and 00/100 soles".
 * It reads the decimal text (Prisma.Decimal#toFixed(2), the API's money text), never a float: integer part and cents
 * are words and digits of that text.
 */

/** The largest amount written out: ten digits of units and two of cents. */
const AMOUNT_RE = /^(\d{1,10})(?:\.(\d{1,2}))?$/;

/** Currency names as the words end, per language (ISO codes of Order.curr). */
const CURRENCY_WORDS: Record<"es" | "en", Record<string, string>> = {
  es: { PEN: "SOLES", USD: "DÓLARES" },
  en: { PEN: "soles", USD: "dollars" },
};

const ES_UNITS = [
  "cero",
  "uno",
  "dos",
  "tres",
  "cuatro",
  "cinco",
  "seis",
  "siete",
  "ocho",
  "nueve",
  "diez",
  "once",
  "doce",
  "trece",
  "catorce",
  "quince",
  "dieciséis",
  "diecisiete",
  "dieciocho",
  "diecinueve",
  "veinte",
  "veintiuno",
  "veintidós",
  "veintitrés",
  "veinticuatro",
  "veinticinco",
  "veintiséis",
  "veintisiete",
  "veintiocho",
  "veintinueve",
];
const ES_TENS = ["", "", "", "treinta", "cuarenta", "cincuenta", "sesenta", "setenta", "ochenta", "noventa"];
const ES_HUNDREDS = ["", "ciento", "doscientos", "trescientos", "cuatrocientos", "quinientos", "seiscientos", "setecientos", "ochocientos", "novecientos"];

/**
 * 1 to 999 in Spanish. `beforeNoun`: the number stands before "mil" or "millones", where uno shortens ("veintiún mil",
 * "treinta y un millones").
 */
function es999(n: number, beforeNoun: boolean): string {
  const shorten = (word: string) => (beforeNoun ? word.replace(/veintiuno$/, "veintiún").replace(/uno$/, "un") : word);
  if (n === 100) return "cien";
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (hundreds) parts.push(ES_HUNDREDS[hundreds]!);
  if (rest >= 30) parts.push(ES_TENS[Math.floor(rest / 10)]! + (rest % 10 ? ` y ${ES_UNITS[rest % 10]}` : ""));
  else if (rest) parts.push(ES_UNITS[rest]!);
  return shorten(parts.join(" "));
}

/** 1 to 999,999 in Spanish ("mil", not "un mil"). */
function es999999(n: number, beforeNoun: boolean): string {
  const thousands = Math.floor(n / 1000);
  const rest = n % 1000;
  const parts: string[] = [];
  if (thousands === 1) parts.push("mil");
  else if (thousands) parts.push(`${es999(thousands, true)} mil`);
  if (rest) parts.push(es999(rest, beforeNoun));
  return parts.join(" ");
}

function spanish(n: number): string {
  if (n === 0) return "cero";
  const millions = Math.floor(n / 1_000_000);
  const rest = n % 1_000_000;
  const parts: string[] = [];
  if (millions === 1) parts.push("un millón");
  else if (millions) parts.push(`${es999999(millions, true)} millones`);
  if (rest) parts.push(es999999(rest, false));
  return parts.join(" ");
}

const EN_UNITS = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
];
const EN_TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
const EN_SCALES: [number, string][] = [
  [1_000_000_000, "billion"],
  [1_000_000, "million"],
  [1_000, "thousand"],
];

function en999(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (hundreds) parts.push(`${EN_UNITS[hundreds]} hundred`);
  if (rest >= 20) parts.push(EN_TENS[Math.floor(rest / 10)]! + (rest % 10 ? `-${EN_UNITS[rest % 10]}` : ""));
  else if (rest) parts.push(EN_UNITS[rest]!);
  return parts.join(" ");
}

function english(n: number): string {
  if (n === 0) return "zero";
  const parts: string[] = [];
  let rest = n;
  for (const [size, name] of EN_SCALES) {
    const count = Math.floor(rest / size);
    if (count) parts.push(`${en999(count)} ${name}`);
    rest %= size;
  }
  if (rest) parts.push(en999(rest));
  return parts.join(" ");
}

/**
 * `amount` (decimal text, 0 to 9999999999.99, at most two decimals) in words in `locale`, with its cents as /100 and
 * the currency's name: es in capitals, en as a sentence. Throws on any other text: a receipt never prints a guess.
 */
export function amountInWords(amount: string, curr: string, locale: "es" | "en"): string {
  const match = AMOUNT_RE.exec(amount.trim());
  if (!match) throw new RangeError(`Not an amount to write in words: ${amount}`);
  // Ten digits at most: an exact integer, and no arithmetic on the amount as a whole.
  const units = Number.parseInt(match[1]!, 10);
  const cents = (match[2] ?? "").padEnd(2, "0");
  const currency = CURRENCY_WORDS[locale][curr] ?? curr;
  if (locale === "es") return `${spanish(units)} con ${cents}/100 ${currency}`.toLocaleUpperCase("es");
  const words = english(units);
  return `${words[0]!.toUpperCase()}${words.slice(1)} and ${cents}/100 ${currency}`;
}
