import { z } from "zod";
import { ZPage } from "../envelope.ts";

/** GET admGroup/getTypes: the group types as a pick list, in the caller's language. */
export const ZGroupTypesAnswer = ZPage(z.object({ ID: z.number(), name: z.string() }));
export type TGroupTypesAnswer = z.output<typeof ZGroupTypesAnswer>;

/**
 * POST admGroup/importAttach, admUserGroup/importAttach and admUser/importAttach: the group filled (a new one for
 * numbers put in a group of their own), the lines read, the people added and those who were members already. Lines
 * that name nobody refuse the whole import, so an import that went through has none to list.
 */
export const ZMembersImportAnswer = z.object({ groupId: z.number(), lines: z.number(), added: z.number(), already: z.number() });
export type TMembersImportAnswer = z.output<typeof ZMembersImportAnswer>;

/**
 * A member as GET admUser/group/{id} lists them, of their admUser row: who they are and the mobile the notification
 * wizard takes from a group (its numbers, 002 §4).
 */
export const ZGroupMember = z.object({
  ID: z.number(),
  type: z.number(),
  name: z.string(),
  last: z.string().nullable(),
  externalId: z.string().nullable(),
  cel: z.string().nullable(),
});

/** GET admUser/group/{id}: the group's members, every one on one page. */
export const ZGroupMembersAnswer = ZPage(ZGroupMember);
export type TGroupMembersAnswer = z.output<typeof ZGroupMembersAnswer>;
