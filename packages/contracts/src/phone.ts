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
