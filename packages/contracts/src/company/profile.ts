import { z } from "zod";
import { isPhoneCountry } from "../phone.ts";
import { THEME_COLORS } from "../session/preferences.ts";
import { TIME_RE } from "../resource/formats.ts";

const rule = (key: string) => ({ params: { key } });
const EMAIL = z.email();
/** A host name such as colegio.edu.pe: labels of letters, digits and inner dashes, and a top-level name. */
const DOMAIN_RE = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
/** As the people's phone fields (resource definitions): digits, spaces and a leading +. */
const PHONE_RE = /^\+?[0-9 ]*$/;

let zones: Set<string> | null = null;
/** An IANA zone this runtime knows (the list is the same in the browser and on the server, built once). */
export function isTimeZone(zone: string): boolean {
  zones ??= new Set(Intl.supportedValuesOf("timeZone"));
  return zones.has(zone);
}

/** "HH:mm" → minutes after midnight, as Tenant.quietFrom/quietTo hold them; "" (none) → null. */
export const minutesOf = (time: string): number | null => (time === "" ? null : Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)));
/** Minutes after midnight → "HH:mm"; null → "". */
export const timeOf = (minutes: number | null): string =>
  minutes === null ? "" : `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

const text = (max: number) => z.string().trim().max(max);
const email = text(254).refine((v) => v === "" || EMAIL.safeParse(v).success, rule("email"));
const phone = text(20).refine((v) => v === "" || PHONE_RE.test(v), rule("phone"));
const time = text(5).refine((v) => v === "" || TIME_RE.test(v), rule("time"));
/** Meta's phone_number_id is a number written as text; a test sink's may be any code. */
const NUMBER_ID_RE = /^[A-Za-z0-9-]*$/;
/** A header's display name: one line, and no characters that would end or quote it. */
const DISPLAY_NAME_RE = /^[^\p{Cc}<>"]*$/u;

/**
 * POST company/profile (000 §7, 002 §7), shared by the route and the profile form. The school is always the caller's:
 * an `id` sent with the spec's body is not read, nor is `img` (the logo changes only through company/file, so no one
 * can point it at another stored file). Only the name is required; a field left out stays as it is, an empty text
 * clears it. Beyond the spec: the support inbox, the school's time zone and its quiet hours ("HH:mm", both or neither;
 * both empty for none), the order it writes names in, its own mail sender (an address, and the name shown with it:
 * the school's own without one), the country its phone numbers are read in and its WhatsApp number's id.
 */
export const ZCompanyProfile = z
  .object({
    name: text(150).min(1),
    email: email.optional(),
    domain: text(253)
      .refine((v) => v === "" || DOMAIN_RE.test(v), rule("format"))
      .optional(),
    tel: phone.optional(),
    cel: phone.optional(),
    color: z.enum(THEME_COLORS).optional(),
    supportEmail: email.optional(),
    timeZone: text(64).refine(isTimeZone, rule("option")).optional(),
    quietFrom: time.optional(),
    quietTo: time.optional(),
    givenNamesFirst: z.boolean().optional(),
    mailFrom: email.optional(),
    mailFromName: text(100)
      .refine((v) => DISPLAY_NAME_RE.test(v), rule("senderName"))
      .optional(),
    defaultCountry: text(2).refine(isPhoneCountry, rule("option")).optional(),
    whatsappPhoneNumberId: text(64)
      .refine((v) => NUMBER_ID_RE.test(v), rule("code"))
      .optional(),
  })
  .superRefine((value, ctx) => {
    // Quiet hours are a window: one end alone says nothing, so the missing end is the one named.
    const { quietFrom: from, quietTo: to } = value;
    if (!(from === undefined && to === undefined) && !(from !== undefined && to !== undefined && (from === "") === (to === "")))
      ctx.addIssue({ code: "custom", path: [from ? "quietTo" : "quietFrom"], params: { key: "required" } });
    // A sender's name says nothing without the address it is shown with.
    if (value.mailFromName && value.mailFrom === "") ctx.addIssue({ code: "custom", path: ["mailFrom"], params: { key: "required" } });
  });
export type TCompanyProfileInput = z.input<typeof ZCompanyProfile>;
export type TCompanyProfileSave = z.infer<typeof ZCompanyProfile>;

/** The label key of a profile field in refusals and in the form. */
export const companyLabel = (field: string) => `company.fields.${field}`;
