import { RESOURCES } from "@pizarra/contracts";
import type { ResourceServer } from "../../resource/factory.ts";
import { combineRules } from "../../resource/combine-rules.ts";
import { countOf, fullName } from "../../resource/display.ts";
import { groupRights, groupRules, groupSessionRules, memberRules } from "./group-rules.ts";

type Row = Record<string, unknown>;

/** Permission groups and user groups with their members (000 §3). */
export const GROUPS_RESOURCES: ResourceServer[] = [
  {
    def: RESOURCES.admUserGroup,
    model: "userGroup",
    include: { _count: { select: { members: true } } },
    display: (r) => ({ members: countOf(r, "members") }),
    rules: groupSessionRules,
  },
  {
    def: RESOURCES.admGroup,
    model: "userGroup",
    include: { _count: { select: { members: true } }, access: { select: { moduleId: true, canRead: true, canWrite: true } } },
    display: (r) => ({ members: countOf(r, "members"), ...groupRights(r.access as { moduleId: string; canRead: boolean; canWrite: boolean }[]) }),
    filterWhere: { staff: (value) => ({ staff: String(value) === "1" }) },
    virtual: ["canRead", "canEdit"],
    rules: combineRules(groupSessionRules, groupRules),
  },
  ...[RESOURCES.admGroupMembers, RESOURCES.admUserGroupMembers].map(
    (def): ResourceServer => ({
      def,
      model: "userGroupMember",
      include: { user: { select: { name: true, last: true, last2: true, externalId: true, mail: true, cel: true } } },
      display: (r, caller) => {
        const user = r.user as Row;
        return {
          userName: fullName(user, caller.givenNamesFirst),
          externalId: user.externalId,
          mail: user.mail,
          cel: user.cel,
          groupId: r.groupId,
          userId: r.userId,
        };
      },
      personSearch: { through: "user", covers: ["userName", "externalId", "mail"] },
      searchWhere: { cel: (contains) => ({ user: { cel: contains } }) },
      rules: memberRules,
    }),
  ),
];
