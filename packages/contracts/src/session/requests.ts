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

/** POST user/login (spec 002 §7). */
export const ZUserLogin = z.object({
  user: email,
  pass: password,
  admin: z.boolean().optional(),
});

/** The e-mail tab of the login page. */
export const ZLoginForm = z.object({ user: email, pass: password });
export type TLoginForm = z.infer<typeof ZLoginForm>;

/** GET admStaff/tenants/{id}/menu: the school switched to. */
export const ZTenantId = z.object({ id: ZRecordId });
