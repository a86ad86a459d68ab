import { z } from "zod";

/**
 * Money as the API and the forms take it: a JSON number, or a text as a person types it ("1250.5", "1.250,50" is not
 * one: a thousands separator is refused, "12,50" from an es form is twelve and a half), read to the cent and answered
 * as its canonical decimal text ("12.50"). The server turns that text into a numeric; nothing on the way is a float
 * that arithmetic touches. A number is read by its shortest decimal form (what JSON wrote), so 0.1 + 0.2 sent as
 * 0.30000000000000004 is refused for its decimals, not rounded to 0.30.
 */

/** The largest amount a numeric(12,2) column holds. */
export const MONEY_MAX = "9999999999.99";
const MONEY_TEXT = /^(\d+)(?:[.,](\d+))?$/;

/** What is wrong with a would-be amount, as the error map's key (validation.*), or its canonical text. */
export function readMoney(input: unknown): { text: string } | { key: "type" | "cents" | "maxValue" | "minValue" } {
  let text: string;
  if (typeof input === "number") {
    if (!Number.isFinite(input)) return { key: "type" };
    text = String(input);
  } else if (typeof input === "string") text = input.trim();
  else return { key: "type" };
  const negative = text.startsWith("-");
  const match = MONEY_TEXT.exec(negative ? text.slice(1) : text);
  // "1e3" as a text, "12.5.0", "doce": not an amount. A number as large as 1e21 prints as "1e+21" and lands here too.
  if (!match) return { key: typeof input === "number" ? "maxValue" : "type" };
  const [, whole, cents = ""] = match;
  if (cents.length > 2) return { key: "cents" };
  const units = whole!.replace(/^0+(?=\d)/, "");
  if (negative && (units !== "0" || /[1-9]/.test(cents))) return { key: "minValue" };
  if (units.length > 10) return { key: "maxValue" };
  return { text: `${units}.${cents.padEnd(2, "0")}` };
}

/** An amount (≥ 0) to the cent, as canonical text; the error map words a refusal with the field's name. */
export const ZMoney = z.union([z.number(), z.string()]).transform((input, ctx) => {
  const read = readMoney(input);
  if ("text" in read) return read.text;
  const values = read.key === "maxValue" ? { max: MONEY_MAX } : read.key === "minValue" ? { min: 0 } : undefined;
  ctx.addIssue({ code: "custom", params: { key: read.key, values }, input });
  return z.NEVER;
});

/** An amount greater than zero (a payment), as canonical text. */
export const ZPositiveMoney = ZMoney.refine((text) => /[1-9]/.test(text), { params: { key: "minValue", values: { min: "0.01" } } });
