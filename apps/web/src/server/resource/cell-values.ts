import type { Locale } from "../i18n.ts";

const pad = (n: string) => n.padStart(2, "0");

/**
 * A date as a school's spreadsheet writes it → YYYY-MM-DD: ISO as the exports write it (also with / or .), or the day
 * and month of the person's Excel, 14/03/2016 in Spanish and 3/14/2016 in English (en-US); the year has four digits,
 * so that 03/04/05 is never guessed. Anything else is passed on for the schema to refuse by name.
 */
export function readDate(text: string, locale: Locale): string {
  const iso = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  if (iso) return `${iso[1]}-${pad(iso[2]!)}-${pad(iso[3]!)}`;
  const local = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text);
  if (!local) return text;
  const [day, month] = locale === "en" ? [local[2]!, local[1]!] : [local[1]!, local[2]!];
  return `${local[3]}-${pad(month)}-${pad(day)}`;
}

/**
 * A time of day → HH:mm: Excel writes 8:30, 08:30:00 or 8:30 p. m.; the app keeps minutes. A time cell of an .xlsx is
 * a date of Excel's day zero (1899-12-30) with its time.
 */
export function readTime(text: string): string {
  const time = /^(?:1899-12-30 )?(\d{1,2}):(\d{2})(?::\d{2})?\s*(?:([ap])\.?\s?m\.?)?$/i.exec(text);
  if (!time) return text;
  let hours = Number(time[1]);
  const half = time[3]?.toLowerCase();
  if (half && (hours < 1 || hours > 12)) return text;
  if (half === "p" && hours < 12) hours += 12;
  if (half === "a" && hours === 12) hours = 0;
  return `${pad(String(hours))}:${time[2]}`;
}

/** A date and time → YYYY-MM-DD HH:mm, each part read as above. */
export function readDateTime(text: string, locale: Locale): string {
  const parts = /^(\S+)[ T]+(.+)$/.exec(text);
  return parts ? `${readDate(parts[1]!, locale)} ${readTime(parts[2]!)}` : text;
}

/**
 * A number as a spreadsheet in either language writes it: a decimal comma (3,5), and thousands grouped by the other
 * mark when both appear (1.234,5 or 1,234.5). Null when it is no number.
 */
export function readNumber(text: string): number | null {
  const plain = text.replace(/\s/g, "");
  const comma = plain.lastIndexOf(",");
  const dot = plain.lastIndexOf(".");
  const normal =
    comma >= 0 && dot >= 0
      ? comma > dot
        ? plain.replace(/\./g, "").replace(",", ".")
        : plain.replace(/,/g, "")
      : comma >= 0
        ? plain.replace(",", ".")
        : plain;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(normal)) return null;
  return Number(normal);
}
