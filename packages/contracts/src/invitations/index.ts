import { z } from "zod";
import { PASSWORD_MAX, ZNewPassword } from "../registration/requests.ts";
import { ZLoginAnswer } from "../session/answers.ts";

// Staff invited to set their password (002 §2 "Login and registration"): the admStaff row action and the public page.

/** How long an invitation's link works. */
export const INVITE_LINK_DAYS = 7;

/** POST admStaff/invite/{id}: the channels the invitation was queued on (a ledger row each). */
export const ZInviteParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const ZInviteAnswer = z.object({ ID: z.number(), channels: z.array(z.enum(["mail", "whatsapp"])) });
export type TInviteAnswer = z.output<typeof ZInviteAnswer>;

/** GET user/invite/{token}: whom the link is for and the school as its pages show it. */
export const ZInviteLinkParams = z.object({ token: z.string().min(1).max(2000) });
export const ZInviteLinkAnswer = z.object({
  school: z.string(),
  name: z.string(),
  email: z.string(),
  logo: z.string().nullable(),
  color: z.string(),
});
export type TInviteLinkAnswer = z.output<typeof ZInviteLinkAnswer>;

/** POST user/invite/{token}: the password chosen, twice. */
export const ZInvitePassword = z
  .object({
    password: ZNewPassword,
    confirm: z.string().min(1).max(PASSWORD_MAX),
  })
  .refine((v) => v.password === v.confirm, { path: ["confirm"], params: { key: "confirmed" } });
export type TInvitePassword = z.output<typeof ZInvitePassword>;

/** What setting the password answers: the person signed in, as a login does. */
export const ZInviteAcceptAnswer = ZLoginAnswer;
