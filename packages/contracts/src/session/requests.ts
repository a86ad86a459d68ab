import { ZRecordId } from "../validation.ts";
import { z } from "zod";

const email = z.string().trim().min(1).max(254).pipe(z.email());
const password = z.string().min(1).max(200);

/** The query of POST admStaff/login: ?adm=true, as the spec's client sends it (not read). */
export const ZAdmLoginQuery = z.object({ adm: z.string().optional() });

/** POST admStaff/login?adm=true (spec 000 §7): ext is the client's extension/variant marker, kept for compatibility. */
export const ZAdmLogin = z.object({
  ext: z.string().max(100).optional(),
  user: email,
  pass: password,
});
export type TAdmLogin = z.infer<typeof ZAdmLogin>;

/** What a one-time PIN is for (000 §2.3, 002 §4): signing in (the login's phone tab) or registering a school. */
export const PIN_PURPOSE = { signin: "signin", register: "register" } as const;
export type TPinPurpose = (typeof PIN_PURPOSE)[keyof typeof PIN_PURPOSE];
/** A PIN's digits, as sent. */
export const PIN_LENGTH = 6;

/**
 * A phone as the phone tab sends it (spec 002 §7 "user"): the calling code and the mobile number, 6 to 15 digits
 * (E.164's most) with an optional leading "+" ("51987654321" or "+51987654321"). Whether it is one valid number is the server's check.
 */
const phoneUser = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .regex(/^\+?\d{6,15}$/);
const isEmail = (value: string) => z.email().safeParse(value).success;

/**
 * POST user/login (spec 002 §7): an e-mail with its password, or a phone (calling code and mobile) with the PIN sent
 * to it (user/mauthpin). One text field, as the spec's client sends it: one with an "@" is read as an e-mail.
 */
export const ZUserLogin = z.object({
  user: z
    .string()
    .trim()
    .min(1)
    .max(254)
    .refine((value) => (value.includes("@") ? isEmail(value) : phoneUser.safeParse(value).success), { params: { key: "emailOrPhone" } }),
  pass: password,
  admin: z.boolean().optional(),
});
export type TUserLogin = z.infer<typeof ZUserLogin>;

/**
 * POST user/mauthpin (spec 002 §7): sends a PIN to `user`. `admin` is the spec client's flag (true or absent: the
 * login's phone tab); `purpose` says what the PIN is for, sign-in unless said: the register page says "register".
 */
export const ZPinRequest = z.object({
  user: phoneUser,
  admin: z.boolean().optional(),
  purpose: z.enum([PIN_PURPOSE.signin, PIN_PURPOSE.register]).optional(),
});
export type TPinRequest = z.infer<typeof ZPinRequest>;

/** The PIN the person read, as typed. */
export const ZPinCode = z
  .string()
  .trim()
  .min(1)
  .refine((code) => new RegExp(`^\\d{${PIN_LENGTH}}$`).test(code), { params: { key: "digits", values: { digits: PIN_LENGTH } } });

/** The e-mail tab of the login page. */
export const ZLoginForm = z.object({ user: email, pass: password });
export type TLoginForm = z.infer<typeof ZLoginForm>;

/** GET admStaff/tenants/{id}/menu: the school switched to. */
export const ZTenantId = z.object({ id: ZRecordId });
