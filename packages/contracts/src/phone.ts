import { type CountryCode, isSupportedCountry, parsePhoneNumberWithError } from "libphonenumber-js";
import type { TPlace } from "./geography/answers.ts";
import { countries, isCountry } from "./geography/places.ts";

/**
 * A phone number as people type it → E.164 ("+51987654321"), the one form numbers are stored in and matched by
 * (WhatsApp's sender is the same number without its "+"). A number without its country code is read as one of
 * `country` (ISO 3166 alpha-2, the school's `defaultCountry`), a leading 00 as the "+" it stands for in most of the
 * world. Null for anything that is not one whole valid number: text around it, an extension, a local number with no
 * country to read it in, a number of a length or prefix its country does not have.
 */
export function toE164(raw: string, country?: string | null): string | null {
  const text = raw.trim().replace(/^00/, "+");
  if (!text) return null;
  const defaultCountry = country && isSupportedCountry(country) ? (country as CountryCode) : undefined;
  try {
    const number = parsePhoneNumberWithError(text, { defaultCountry, extract: false });
    return number.isValid() && !number.ext ? number.number : null;
  } catch {
    return null;
  }
}

/** A country a school can be in for its phone numbers: one of the shipped list whose numbering plan is known. */
export const isPhoneCountry = (code: string): boolean => isCountry(code) && isSupportedCountry(code);

/** The shipped countries a school's numbers can be read in, named in `locale`. */
export const phoneCountries = (locale: "es" | "en"): TPlace[] => countries(locale).filter((c) => isSupportedCountry(c.ID));

/** The country an E.164 number is of (ISO 3166 alpha-2), when it is one the shipped list knows: a new school's country. */
export function countryOfNumber(e164: string): string | null {
  try {
    const country = parsePhoneNumberWithError(e164).country;
    return country && isPhoneCountry(country) ? country : null;
  } catch {
    return null;
  }
}

/**
 * The E.164 forms a WhatsApp sender's id (its digits, "5215512345678") may be kept as, the canonical one first. Three
 * countries' mobile numbers differ between the id WhatsApp gives and the number a school typed: Mexico's ids keep the
 * "1" after 52 that the numbering plan dropped in 2019; Argentina's mobiles are dialled from abroad with a 9 after 54
 * that numbers are often typed without; Brazil's older ids lack the ninth digit its mobiles gained. The canonical form
 * is the plan's own: +52 without the 1, +54 9 with it, Brazil's with the ninth digit.
 */
export function whatsappForms(waId: string): string[] {
  const digits = waId.replace(/^\+/, "");
  if (!/^[1-9]\d{7,14}$/.test(digits)) return [];
  const mexico = /^52(1?)(\d{10})$/.exec(digits);
  if (mexico) return [`+52${mexico[2]}`, `+521${mexico[2]}`];
  const argentina = /^54(9?)(\d{10})$/.exec(digits);
  if (argentina) return [`+549${argentina[2]}`, `+54${argentina[2]}`];
  const brazil = /^55(\d{2})(9?)([6-9]\d{7})$/.exec(digits);
  if (brazil) return [`+55${brazil[1]}9${brazil[3]}`, `+55${brazil[1]}${brazil[3]}`];
  return [`+${digits}`];
}
