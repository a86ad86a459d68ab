import { ZInviteAcceptAnswer, ZInviteAnswer, ZInviteLinkAnswer, ZInviteLinkParams, ZInviteParams, ZInvitePassword } from "@pizarra/contracts";
import { authedRoute, publicRoute, type Route } from "../../http/route.ts";
import { acceptInvitation, showInvitation } from "./accept.ts";
import { inviteStaff } from "./invite.ts";

/** A password is all the public page sends: far below this, which still lets a deep body reach the nesting check. */
const INVITE_BODY_LIMIT = 32 * 1024;
const label = (field: string) => `invite.fields.${field}`;

/** Staff invited to choose their password (the staff list's row action, the first hour's checklist) and the link's page. */
export const INVITATION_ROUTES: Route[] = [
  authedRoute({
    method: "POST",
    path: "admStaff/invite/{id}",
    auth: "user",
    module: "admStaff",
    params: ZInviteParams,
    labelKey: label,
    answer: ZInviteAnswer,
    handler: inviteStaff,
  }),
  publicRoute({
    method: "GET",
    path: "user/invite/{token}",
    auth: "public",
    params: ZInviteLinkParams,
    labelKey: label,
    answer: ZInviteLinkAnswer,
    handler: showInvitation,
  }),
  publicRoute({
    method: "POST",
    path: "user/invite/{token}",
    auth: "public",
    params: ZInviteLinkParams,
    body: ZInvitePassword,
    maxBytes: INVITE_BODY_LIMIT,
    labelKey: label,
    answer: ZInviteAcceptAnswer,
    handler: acceptInvitation,
  }),
];
