import { z } from "zod";
import { ZNoData } from "../envelope.ts";

/** One entry of the menu a login answer carries (spec 000 §2.1): a screen, or a heading over up to two more levels. */
export const ZMenuItem = z.object({
  ID: z.string(),
  name: z.string(),
  nameEN: z.string(),
  icon: z.string().nullable(),
  parentId: z.string().nullable(),
  sort: z.number(),
  hidden: z.boolean(),
  ai: z.boolean(),
  /** true for a screen the user may modify; headings are never writable. */
  write: z.boolean(),
  /** null for a heading that only groups other entries. */
  path: z.string().nullable(),
  /** Form fields this school does not use: the screen hides them (spec 000 §6). */
  inactiveFields: z.array(z.string()),
  get subs(): z.ZodArray<typeof ZMenuItem> {
    return z.array(ZMenuItem);
  },
});
export type TMenuItem = z.output<typeof ZMenuItem>;

/** The signed-in person as the login answer names them (spec 000 §3 "Auth user"). */
export const ZSessionUser = z.object({
  ID: z.number(),
  name: z.string(),
  tag: z.string().nullable(),
  roleCode: z.number(),
  email: z.string().nullable(),
});
export type TSessionUser = z.output<typeof ZSessionUser>;

/**
 * The login answer (spec 000 §3 "Auth user"): of a sign-in, of GET admStaff/loginToken and of a switch of school
 * (GET admStaff/tenants/{id}/menu), with a token valid for that school only.
 */
export const ZLoginAnswer = z.object({
  token: z.string(),
  expiresAt: z.string(),
  menu: z.array(ZMenuItem),
  companyName: z.string(),
  companyID: z.number(),
  companyPic: z.string().nullable(),
  color: z.string(),
  defaultLang: z.string(),
  /** The school's name order (Tenant.settings.givenNamesFirst), for the names the pages format themselves. */
  givenNamesFirst: z.boolean(),
  multiTenant: z.boolean(),
  user: ZSessionUser,
});
export type TLoginAnswer = z.output<typeof ZLoginAnswer>;

/** POST admStaff/login and user/login: the login answer, or no data when the sign-in failed (status -1). */
export const ZSignInAnswer = ZLoginAnswer.nullable();

/** A school the signed-in person belongs to. */
export const ZTenant = z.object({ id: z.number(), name: z.string() });
export type TTenant = z.output<typeof ZTenant>;

/** GET admStaff/tenants: the person's schools. */
export const ZTenantsAnswer = z.array(ZTenant);
export type TTenantsAnswer = z.output<typeof ZTenantsAnswer>;

/** POST admStaff/logout. */
export const ZLogoutAnswer = ZNoData;

/** POST user/mauthpin: the same whether or not the number has an account; when a new PIN may be asked for, and for how long it is valid. */
export const ZPinAnswer = z.object({ resendAfter: z.number(), validFor: z.number() });
export type TPinAnswer = z.output<typeof ZPinAnswer>;
