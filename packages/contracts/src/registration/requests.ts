import { z } from "zod";
import { ZPinCode, PIN_PURPOSE } from "../session/requests.ts";
import { ZLoginAnswer } from "../session/answers.ts";

/** The plans a school registers for (002 §3 "Registration": a hidden field, Starter unless the page's ?plan= says). */
export const PLANS = ["Starter", "Empower", "Custom"] as const;
export type TPlan = (typeof PLANS)[number];

/**
 * Aliases no school may take: the product's own routes and words (000 §2.1: /app, /user, /error, /api, the public
 * pages) and names a person could take for the deployment's own (www, admin, support …).
 */
export const RESERVED_ALIASES: ReadonlySet<string> = new Set([
  "api",
  "app",
  "user",
  "users",
  "error",
  "justify",
  "unsubscribe",
  "login",
  "register",
  "www",
  "admin",
  "root",
  "mail",
  "support",
  "help",
  "status",
  "static",
  "assets",
  "pizarra",
  "demo",
  "test",
]);

/** The alias rule of 000 §5: letters, digits and hyphens, more than 3 characters (not taken: the server's check). */
export const ZAlias = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .refine((alias) => /^[A-Za-z0-9-]+$/.test(alias), { params: { key: "code" } })
  .min(4)
  .refine((alias) => !RESERVED_ALIASES.has(alias.toLowerCase()), { params: { key: "reserved" } })
  .transform((alias) => alias.toLowerCase());

/** A password a person chooses (the first administrator, an invited colleague): the least and most characters. */
export const PASSWORD_MIN = 8;
/** bcrypt reads at most 72 bytes: a longer password would be compared by its first 72 only. */
export const PASSWORD_MAX = 72;

/**
 * A password a person chooses: 8 to 72 characters with at least one letter and one digit (the spec names no rule; the
 * e-mail tab signs in with it).
 */
export const ZNewPassword = z
  .string()
  .min(1)
  .min(PASSWORD_MIN)
  .max(PASSWORD_MAX)
  .refine((p) => /\p{L}/u.test(p) && /\d/.test(p), { params: { key: "password" } });

/** POST user/mauthpin/verify: the PIN of a registration proved, which gives the token company/setup needs. */
export const ZPinVerify = z.object({
  user: z
    .string()
    .trim()
    .min(1)
    .max(20)
    .regex(/^\+?\d{6,15}$/),
  code: ZPinCode,
  purpose: z.literal(PIN_PURPOSE.register),
});
export type TPinVerify = z.infer<typeof ZPinVerify>;

/** A verified number: the registration token (short-lived, bound to the number) and the number in E.164. */
export const ZPinVerifyAnswer = z.object({ token: z.string(), phone: z.string(), expiresAt: z.string() });
export type TPinVerifyAnswer = z.output<typeof ZPinVerifyAnswer>;

const email = z.string().trim().min(1).max(254).pipe(z.email());

/**
 * POST company/setup (002 §7: email, cel, name, alias, plan; §5: name required, e-mail required and valid, country
 * code and phone required with the phone at most 9 digits, alias letters, digits and hyphens). Besides the spec's
 * fields: the registration token of the verified number, the calling code of the company phone (countryCode2), and
 * the first administrator's names and password (their sign-in e-mail is `email`). The alias is kept
 * in lower case, so that "Colegio-Sol" and "colegio-sol" are one.
 */
export const ZCompanySetup = z.object({
  token: z.string().min(1).max(2000),
  name: z.string().trim().min(1).max(100),
  email,
  countryCode2: z.string().trim().min(1).max(4).regex(/^\d+$/),
  cel: z.string().trim().min(1).max(9).regex(/^\d+$/),
  alias: ZAlias,
  plan: z.enum(PLANS).default("Starter"),
  adminName: z.string().trim().min(1).max(100),
  adminLast: z.string().trim().min(1).max(100),
  password: ZNewPassword,
});
export type TCompanySetup = z.input<typeof ZCompanySetup>;

/** company/setup's answer: the school's alias (002 §7 data.alias) and its first administrator signed in. */
export const ZCompanySetupAnswer = z.object({ alias: z.string(), login: ZLoginAnswer });
export type TCompanySetupAnswer = z.output<typeof ZCompanySetupAnswer>;

/** The register page's company step (the request without its token, which the page holds). */
export const ZRegisterForm = ZCompanySetup.omit({ token: true });
export type TRegisterForm = z.input<typeof ZRegisterForm>;
