import {
  GROUP_TYPES,
  listQuerySchema,
  RESOURCES,
  type TGroupMembersAnswer,
  type TGroupTypesAnswer,
  ZGroupImport,
  ZGroupMembersAnswer,
  ZGroupParams,
  ZGroupTypesAnswer,
  ZMembersImportAnswer,
  ZNumberImport,
} from "@pizarra/contracts";
import type { z } from "zod";
import { notFound } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { authedRoute, type Route } from "../../http/route.ts";
import type { ServedResources } from "../../resource/factory.ts";
import { UPLOAD_BODY_LIMIT } from "../../resource/upload.ts";
import { attachByIds, attachNumbers } from "./import-members.ts";

/** GET admGroup/getTypes: the group types as a pick list, in the user's language. */
async function groupTypes(ctx: AuthedContext): Promise<Reply<TGroupTypesAnswer>> {
  const Results = GROUP_TYPES.map((type) => ({ ID: type, name: ctx.t(`resources.admGroup.options.type.${type}`) }));
  return { data: { Results, RowCount: Results.length, PageCount: 1 } };
}

/**
 * GET admUser/group/{id}: the members of a group as admUser rows — the generic admUser list, filtered by its
 * `groupId` filter and printed whole, so the rows are those of `admUser/get`, narrowed to what the group screen shows.
 */
const groupMembers =
  (served: ServedResources) =>
  async (ctx: AuthedContext & { params: z.infer<typeof ZGroupParams> }): Promise<Reply<TGroupMembersAnswer>> => {
    const group = await ctx.db.userGroup.findFirst({ where: { id: ctx.params.id }, select: { id: true } });
    if (!group) throw notFound();
    // The generic list answers any resource's rows, untyped: these are admUser's, which the answer schema narrows.
    const rows = served.list("admUser", ctx, listQuerySchema(RESOURCES.admUser).parse({ groupId: String(group.id), print: "true" }));
    return rows as Promise<Reply<TGroupMembersAnswer>>;
  };

/** The group calls beyond the generic five; a group's members are read through the engine's `served` resources. */
export const groupRoutes = (served: ServedResources): Route[] => [
  authedRoute({ method: "GET", path: "admGroup/getTypes", auth: "user", module: "admGroup", answer: ZGroupTypesAnswer, handler: groupTypes }),
  authedRoute({
    method: "POST",
    path: "admGroup/importAttach",
    auth: "user",
    module: "admGroup",
    body: ZGroupImport,
    maxBytes: UPLOAD_BODY_LIMIT,
    answer: ZMembersImportAnswer,
    handler: attachByIds("admGroup"),
  }),
  authedRoute({
    method: "POST",
    path: "admUserGroup/importAttach",
    auth: "user",
    module: "admUserGroup",
    body: ZGroupImport,
    maxBytes: UPLOAD_BODY_LIMIT,
    answer: ZMembersImportAnswer,
    handler: attachByIds("admUserGroup"),
  }),
  authedRoute({
    method: "GET",
    path: "admUser/group/{id}",
    auth: "user",
    module: "admUser",
    params: ZGroupParams,
    answer: ZGroupMembersAnswer,
    handler: groupMembers(served),
  }),
  authedRoute({
    method: "POST",
    path: "admUser/importAttach",
    auth: "user",
    module: "admUser",
    body: ZNumberImport,
    maxBytes: UPLOAD_BODY_LIMIT,
    answer: ZMembersImportAnswer,
    handler: attachNumbers,
  }),
];
