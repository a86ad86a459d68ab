import { RESOURCES } from "@pizarra/contracts";
import type { Route } from "../http/route.ts";
import { BILLING_RESOURCES } from "../modules/billing/resources.ts";
import { CONDUCT_RESOURCES } from "../modules/conduct/resources.ts";
import { FLOWS_RESOURCES } from "../modules/flows/resources.ts";
import { CONCEPT_RESOURCES } from "../modules/grades/concept-resources.ts";
import { HEALTH_RESOURCES } from "../modules/health/resources.ts";
import { PUBLICATIONS_RESOURCES } from "../modules/publications/resources.ts";
import { periodRules } from "../modules/academic/period-rules.ts";
import { activityPartRules, staffOwnerRules, subjectRules } from "../modules/academic/subject-rules.ts";
import { assignmentQuestionRules } from "../modules/catalogues/assignment-question-rules.ts";
import { datesRules } from "../modules/catalogues/dates-rules.ts";
import { otltRules } from "../modules/catalogues/otlt-rules.ts";
import { infoRules } from "../modules/communities/info-rules.ts";
import { pickupNames } from "../modules/communities/transport.ts";
import { groupRights, groupRules, groupSessionRules, memberRules } from "../modules/groups/group-rules.ts";
import { personFileRules } from "../modules/people/person-files.ts";
import { personRules, STAFF_ROWS, STAFF_TYPES, userRules } from "../modules/people/person-rules.ts";
import { staffRules } from "../modules/people/staff-rules.ts";
import { sectionMemberRules, studentRules } from "../modules/people/student-rules.ts";
import { combineRules } from "./combine-rules.ts";
import { createResource, type ResourceServer, withOwners } from "./factory.ts";
import { dayEnd, dayStart, fullName, nameOf } from "./display.ts";

type Row = Record<string, unknown>;
type Db = Parameters<NonNullable<ResourceServer["decorate"]>>[0];
const countOf = (record: Row, relation: string) => ((record._count as Row | undefined)?.[relation] as number | undefined) ?? 0;

/** Fills `target` on each row with the full name of the user whose id is in `source`, in one query. */
function namesOf(source: string, target: string) {
  return async (db: Db, rows: Row[]) => {
    const ids = [...new Set(rows.map((r) => r[source]).filter((v): v is number => typeof v === "number"))];
    if (ids.length === 0) return;
    const users = await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true, last: true, last2: true } });
    const byId = new Map(users.map((u) => [u.id, fullName(u)]));
    for (const row of rows) row[target] = byId.get(row[source] as number) ?? null;
  };
}


/** A student's section in the latest period they are placed in (a student also keeps last year's). */
const latestSection = {
  sections: {
    orderBy: [{ section: { superSection: { periodId: "desc" } } }, { id: "desc" }],
    take: 1,
    select: { section: { select: { id: true, name: true, parentId: true, superSection: { select: { name: true } } } } },
  },
};

/** Every resource served by the generic factory: a definition from contracts plus its Prisma model. */
export const RESOURCE_SERVERS: ResourceServer[] = withOwners([
  { def: RESOURCES.admPeriod, model: "period", rules: periodRules },
  {
    def: RESOURCES.admPeriodException,
    model: "periodException",
    include: { superSection: { select: { name: true } } },
    display: (r) => ({ superSectionName: nameOf(r.superSection), periodId: r.periodId }),
  },
  {
    def: RESOURCES.admSuperSection,
    model: "superSection",
    include: { _count: { select: { sections: true } } },
    display: (r) => ({ count: countOf(r, "sections") }),
    rules: staffOwnerRules,
  },
  {
    def: RESOURCES.admSection,
    model: "section",
    include: { superSection: { select: { name: true, periodId: true } }, _count: { select: { members: true } } },
    display: (r) => ({ parentName: nameOf(r.superSection), periodId: (r.superSection as Row | null)?.periodId ?? null, count: countOf(r, "members") }),
    filterWhere: {
      periodId: (value) => ({ superSection: { periodId: Number(value) } }),
      // Whoever may change sections sees them all; anyone else the sections they teach in or tutor.
      roleFilter: (_value, user) => (user.access.get("admSection")?.write ? {} : { OR: [{ owner: user.id }, { parts: { some: { masterId: user.id } } }] }),
    },
    rules: staffOwnerRules,
  },
  {
    def: RESOURCES.admSectionMembers,
    model: "sectionMember",
    include: { user: { select: { name: true, last: true, last2: true, externalId: true } }, section: { select: { name: true, superSection: { select: { name: true } } } } },
    display: (r) => {
      const section = r.section as { name: string; superSection: { name: string } };
      return {
        studentName: fullName(r.user as Row),
        externalId: (r.user as Row).externalId,
        sectionName: `${section.superSection.name} ${section.name}`,
        sectionId: r.sectionId,
        userId: r.userId,
      };
    },
    rules: sectionMemberRules,
  },
  {
    def: RESOURCES.admStudent,
    model: "user",
    scope: { where: { type: 2 }, data: { type: 2 } },
    include: latestSection,
    virtual: ["superSectionId", "sectionId"],
    display: (r) => {
      const section = (r.sections as { section: { id: number; name: string; parentId: number; superSection: { name: string } } }[])[0]?.section;
      return {
        sectionId: section?.id ?? null,
        superSectionId: section?.parentId ?? null,
        sectionName: section ? `${section.superSection.name} ${section.name}` : null,
      };
    },
    filterWhere: {
      sectionId: (value) => ({ sections: { some: { sectionId: Number(value) } } }),
      superSectionId: (value) => ({ sections: { some: { section: { parentId: Number(value) } } } }),
    },
    rules: combineRules(personRules, personFileRules, studentRules),
  },
  {
    def: RESOURCES.admRelatives,
    model: "user",
    scope: { where: { type: 1 }, data: { type: 1 } },
    include: { _count: { select: { dependants: true } } },
    display: (r) => ({ dependants: countOf(r, "dependants") }),
    rules: combineRules(personRules, personFileRules),
  },
  {
    def: RESOURCES.admStaff,
    model: "user",
    scope: { where: { type: { in: [...STAFF_TYPES] } } },
    owns: STAFF_ROWS,
    include: { memberships: { take: 1, orderBy: { groupId: "asc" }, select: { group: { select: { id: true, name: true } } } } },
    virtual: ["groupId", "pass"],
    // The grade screen's teacher pick list (000 §7): filterBy=academic&filter=<period> gives that period's teachers.
    filterByWhere: { academic: (period) => ({ subjectRoles: { some: { activity: { periodId: Number(period) || -1 } } } }) },
    display: (r) => {
      const group = (r.memberships as { group: { id: number; name: string } }[])[0]?.group;
      return { groupId: group?.id ?? null, groupName: group?.name ?? null, canSignIn: r.accountId !== null };
    },
    rules: combineRules(personRules, personFileRules, staffRules),
  },
  {
    def: RESOURCES.admUser,
    model: "user",
    filterWhere: { groupId: (value) => ({ memberships: { some: { groupId: Number(value) } } }) },
    rules: combineRules(personRules, personFileRules, userRules),
  },
  {
    def: RESOURCES.admUserGroup,
    model: "userGroup",
    include: { _count: { select: { members: true } } },
    display: (r) => ({ members: countOf(r, "members") }),
    rules: groupSessionRules,
  },
  {
    def: RESOURCES.admSubject,
    model: "activity",
    include: { _count: { select: { parts: true } } },
    display: (r) => ({ gradeCount: (r.superSections as number[]).length, partCount: countOf(r, "parts") }),
    decorate: namesOf("owner", "ownerName"),
    filterWhere: {
      superSectionId: (value) => ({ superSections: { has: Number(value) } }),
      sectionId: (value) => ({ parts: { some: { sectionId: Number(value) } } }),
      groupId: (value) => ({ groups: { has: Number(value) } }),
    },
    rules: subjectRules,
  },
  {
    def: RESOURCES.admActivityParts,
    model: "activityPart",
    include: { section: { select: { name: true, superSection: { select: { name: true } } } } },
    display: (r) => {
      const section = r.section as { name: string; superSection: { name: string } };
      return { sectionName: `${section.superSection.name} ${section.name}`, activityId: r.activityId };
    },
    decorate: namesOf("masterId", "masterName"),
    rules: activityPartRules,
  },
  {
    def: RESOURCES.admActivityMasters,
    model: "activityMaster",
    include: { user: { select: { name: true, last: true, last2: true } }, activity: { select: { name: true } } },
    display: (r) => ({ userName: fullName(r.user as Row), activityId: r.activityId, activityName: (r.activity as { name: string }).name }),
    // The 'Profesores' modal (000 §7): the teachers of a subject, of the subjects of a grade, or of a section's subjects.
    filterWhere: {
      alterType: (value) => ({ alterType: Number(value) }),
      activityId: (value) => ({ activityId: Number(value) }),
      superSectionId: (value) => ({ activity: { superSections: { has: Number(value) } } }),
      sectionId: (value) => ({ activity: { parts: { some: { sectionId: Number(value) } } } }),
    },
  },
  { def: RESOURCES.admOtlt, model: "catalogueValue", rules: otltRules },
  { def: RESOURCES.admAttendanceType, model: "attendanceType" },
  { def: RESOURCES.admInfirmaryValues, model: "infirmaryValue" },
  { def: RESOURCES.admDates, model: "calendarDate", rules: datesRules },
  { def: RESOURCES.admLocalization, model: "localizationTemplate" },
  { def: RESOURCES.admAssignmentQst, model: "assignmentQuestion", rules: assignmentQuestionRules },
  { def: RESOURCES.admCategory, model: "category" },
  {
    def: RESOURCES.admAudit,
    model: "auditLog",
    display: (r) => ({ IP: r.ip }),
    filterWhere: {
      from: (value) => ({ date: { gte: dayStart(value) } }),
      to: (value) => ({ date: { lt: dayEnd(value) } }),
    },
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
      display: (r) => {
        const user = r.user as Row;
        return { userName: fullName(user), externalId: user.externalId, mail: user.mail, cel: user.cel, groupId: r.groupId, userId: r.userId };
      },
      searchWhere: {
        userName: (contains) => ({ user: { OR: [{ name: contains }, { last: contains }, { last2: contains }] } }),
        externalId: (contains) => ({ user: { externalId: contains } }),
        mail: (contains) => ({ user: { mail: contains } }),
        cel: (contains) => ({ user: { cel: contains } }),
      },
      rules: memberRules,
    }),
  ),
  {
    def: RESOURCES.admTransport,
    model: "pickupException",
    // The grade and section of the current period (a student also keeps last year's).
    include: {
      user: {
        select: {
          externalId: true,
          name: true,
          last: true,
          sections: { where: { section: { superSection: { period: { current: true } } } }, orderBy: { id: "desc" }, take: 1, select: latestSection.sections.select },
        },
      },
    },
    display: (r) => {
      const user = r.user as Row & { sections: { section: { name: string; superSection: { name: string } } }[] };
      const section = user.sections[0]?.section;
      return { externalId: user.externalId, last: user.last, name: user.name, supersectionName: section?.superSection.name ?? null, sectionName: section?.name ?? null, pickupType: r.pickupType, pickupExcepType: r.pickupExcepType };
    },
    decorate: pickupNames,
    filterWhere: {
      superSectionId: (value) => ({ user: { sections: { some: { section: { parentId: Number(value) } } } } }),
      sectionId: (value) => ({ user: { sections: { some: { sectionId: Number(value) } } } }),
    },
    searchWhere: {
      last: (contains) => ({ user: { OR: [{ last: contains }, { last2: contains }] } }),
      name: (contains) => ({ user: { name: contains } }),
      externalId: (contains) => ({ user: { externalId: contains } }),
    },
  },
  {
    def: RESOURCES.admInfo,
    model: "info",
    include: { category: { select: { name: true } } },
    display: (r) => ({ categoryName: nameOf(r.category) }),
    rules: infoRules,
  },
  ...CONDUCT_RESOURCES,
  ...HEALTH_RESOURCES,
  ...PUBLICATIONS_RESOURCES,
  ...FLOWS_RESOURCES,
  ...BILLING_RESOURCES,
  ...CONCEPT_RESOURCES,
]);

export const RESOURCE_ROUTES: Route[] = RESOURCE_SERVERS.flatMap(createResource);
