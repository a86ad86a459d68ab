import { RESOURCES } from "@pizarra/contracts";
import type { ResourceServer } from "../../resource/factory.ts";
import { combineRules } from "../../resource/combine-rules.ts";
import { countOf, fullName } from "../../resource/display.ts";
import { PERSON_SEARCH_FIELDS } from "../../resource/search-text.ts";
import { optOutRules, optOutStatus } from "./opt-out-rules.ts";
import { personFileRules } from "./person-files.ts";
import { personRules, STAFF_ROWS, STAFF_TYPES, userRules } from "./person-rules.ts";
import { staffRules } from "./staff-rules.ts";
import { sectionMemberRules, studentRules } from "./student-rules.ts";

type Row = Record<string, unknown>;

/** One code, one e-mail per person of a school, whichever list the person is in (columns kept by the database). */
const PERSON_IDENTIFIERS = { externalId: "codeKey", mail: "mailKey" } as const;
const personSearch = { covers: PERSON_SEARCH_FIELDS };

/** A student's section in the latest period they are placed in (a student also keeps last year's). */
export const latestSection = {
  sections: {
    orderBy: [{ section: { superSection: { periodId: "desc" } } }, { id: "desc" }],
    take: 1,
    select: { section: { select: { id: true, name: true, parentId: true, superSection: { select: { name: true } } } } },
  },
};

/** People (students, relatives, staff, every user) and students' places in sections (000 §3). */
export const PEOPLE_RESOURCES: ResourceServer[] = [
  {
    def: RESOURCES.admSectionMembers,
    model: "sectionMember",
    include: {
      user: { select: { name: true, last: true, last2: true, externalId: true } },
      section: { select: { name: true, superSection: { select: { name: true } } } },
    },
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
    identifiers: PERSON_IDENTIFIERS,
    personSearch,
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
    identifiers: PERSON_IDENTIFIERS,
    personSearch,
    include: { _count: { select: { dependants: true } } },
    virtual: ["optOut"],
    display: (r) => ({ dependants: countOf(r, "dependants") }),
    decorate: optOutStatus,
    rules: combineRules(personRules, personFileRules, optOutRules),
  },
  {
    def: RESOURCES.admStaff,
    model: "user",
    scope: { where: { type: { in: [...STAFF_TYPES] } } },
    identifiers: PERSON_IDENTIFIERS,
    personSearch,
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
    identifiers: PERSON_IDENTIFIERS,
    personSearch,
    rules: combineRules(personRules, personFileRules, userRules),
  },
];
