import { ZRecordId } from "./validation.ts";
import { z } from "zod";

const email = z.string().trim().min(1).max(254).pipe(z.email());
const password = z.string().min(1).max(200);

/** POST admStaff/login?adm=true (spec 000 §7): ext is the client's extension/variant marker, kept for compatibility. */
export const ZAdmLogin = z.object({
  ext: z.string().max(100).optional(),
  user: email,
  pass: password,
});
export type TAdmLogin = z.infer<typeof ZAdmLogin>;

/** POST user/login (spec 002 §7). */
export const ZUserLogin = z.object({
  user: email,
  pass: password,
  admin: z.boolean().optional(),
});

/** The e-mail tab of the login page. */
export const ZLoginForm = z.object({ user: email, pass: password });
export type TLoginForm = z.infer<typeof ZLoginForm>;

export const ZTenantId = z.object({ id: ZRecordId });

export interface TMenuItem {
  ID: string;
  name: string;
  nameEN: string;
  icon: string | null;
  parentId: string | null;
  sort: number;
  hidden: boolean;
  ai: boolean;
  /** true for a screen the user may modify; headings are never writable. */
  write: boolean;
  /** null for a heading that only groups other entries. */
  path: string | null;
  /** Form fields this school does not use: the screen hides them (spec 000 §6). */
  inactiveFields: string[];
  subs: TMenuItem[];
}

export interface TSessionUser {
  ID: number;
  name: string;
  tag: string | null;
  roleCode: number;
  email: string | null;
}

/** The login answer (spec 000 §3 "Auth user"). */
export interface TLoginAnswer {
  token: string;
  expiresAt: string;
  menu: TMenuItem[];
  companyName: string;
  companyID: number;
  companyPic: string | null;
  color: string;
  defaultLang: string;
  /** The school's name order (Tenant.settings.givenNamesFirst), for the names the pages format themselves. */
  givenNamesFirst: boolean;
  multiTenant: boolean;
  user: TSessionUser;
}

export interface TTenant {
  id: number;
  name: string;
}

export { LOCALES, STORAGE_KEYS, STORAGE_KEYS_KEPT_ON_LOGOUT, THEME_COLORS, type TLocale, type TThemeColor } from "./preferences.ts";
