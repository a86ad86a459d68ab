import { z } from "zod";

/** GET company/profile and what POST company/profile answers: the spec's fields (img: a link the browser can load) and the school's delivery settings. */
export const ZCompanyProfileAnswer = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  domain: z.string().nullable(),
  tel: z.string().nullable(),
  cel: z.string().nullable(),
  color: z.string(),
  img: z.string().nullable(),
  supportEmail: z.string().nullable(),
  timeZone: z.string(),
  /** "HH:mm", or "" when the school has no quiet hours. */
  quietFrom: z.string(),
  quietTo: z.string(),
  /** Tenant.settings.givenNamesFirst: names written "Ana María Quispe" rather than "Quispe Ana María". */
  givenNamesFirst: z.boolean(),
  mailFrom: z.string().nullable(),
  mailFromName: z.string().nullable(),
  /** ISO 3166 alpha-2. */
  defaultCountry: z.string(),
  whatsappPhoneNumberId: z.string().nullable(),
});
export type TCompanyProfileAnswer = z.output<typeof ZCompanyProfileAnswer>;

/** POST company/file: the logo stored (value: its key; url: a link the browser can load), under the field it fills. */
