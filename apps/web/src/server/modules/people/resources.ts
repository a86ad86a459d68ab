import { RESOURCES, PERSON_TYPE, STAFF_PERSON_TYPES } from "@pizarra/contracts";
import type { ResourceServer } from "../../resource/factory.ts";
import { combineRules } from "../../resource/combine-rules.ts";
import { countOf, fullName } from "../../resource/display.ts";
import { PERSON_SEARCH_FIELDS } from "../../resource/search-text.ts";
import { optOutRules, optOutStatus } from "./opt-out-rules.ts";
import { personFileRules } from "./person-files.ts";
import { personRules, STAFF_ROWS, userRules } from "./person-rules.ts";
import { phoneRules } from "./phone-rules.ts";
import { staffRules } from "./staff-rules.ts";
import { sectionMemberRules, studentRules } from "./student-rules.ts";

type Row = Record<string, unknown>;

/** One code, one e-mail per person of a school, whichever list the person is in (columns kept by the database). */
const PERSON_IDENTIFIERS = { externalId: "codeKey", mail: "mailKey" } as const;
const personSearch = { covers: PERSON_SEARCH_FIELDS };

/** A place in a section as lists show it: the section, its grade (super-section) and the grade's name. */
export const SECTION_SELECT = { id: true, name: true, parentId: true, superSection: { select: { name: true } } } as const;

type Db = Parameters<NonNullable<ResourceServer["decorate"]>>[0];

/**
 * Each student's section in the latest period they are placed in (a student also keeps last year's), for a page of
 * students in one query, the latest picked here. As a relation of the list's own query, PostgreSQL built it for every
 * match of a search before it sorted them and kept a page, which was most of a searched student page's time on the
 * bench school; this query reads only the page's students.
 */
async function latestSections(db: Db, rows: Row[]): Promise<void> {
  const ids = rows.map((r) => r.ID).filter((id): id is number => typeof id === "number");
  const places = ids.length
    ? await db.sectionMember.findMany({
        where: { userId: { in: ids } },
        select: { id: true, userId: true, section: { select: { ...SECTION_SELECT, superSection: { select: { name: true, periodId: true } } } } },
      })
    : [];
  const later = (a: (typeof places)[number], b: (typeof places)[number]) => a.section.superSection.periodId - b.section.superSection.periodId || a.id - b.id;
  const latest = new Map<number, (typeof places)[number]>();
  for (const place of places) {
    const kept = latest.get(place.userId);
    if (!kept || later(place, kept) > 0) latest.set(place.userId, place);
  }
  for (const row of rows) {
    const section = latest.get(row.ID as number)?.section;
    Object.assign(row, {
      sectionId: section?.id ?? null,
      superSectionId: section?.parentId ?? null,
      sectionName: section ? `${section.superSection.name} ${section.name}` : null,
    });
  }
}

/** People (students, relatives, staff, every user) and students' places in sections (000 §3). */
export const PEOPLE_RESOURCES: ResourceServer[] = [
  {
    def: RESOURCES.admSectionMembers,
    model: "sectionMember",
    include: {
      user: { select: { name: true, last: true, last2: true, externalId: true } },
      section: { select: { name: true, superSection: { select: { name: true } } } },
    },
    display: (r, caller) => {
      const section = r.section as { name: string; superSection: { name: string } };
      return {
        studentName: fullName(r.user as Row, caller.givenNamesFirst),
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
    fieldsOnly: true,
    scope: { where: { type: PERSON_TYPE.student }, data: { type: PERSON_TYPE.student } },
    identifiers: PERSON_IDENTIFIERS,
    personSearch,
    virtual: ["superSectionId", "sectionId"],
    decorate: latestSections,
    filterWhere: {
      sectionId: (value) => ({ sections: { some: { sectionId: Number(value) } } }),
      superSectionId: (value) => ({ sections: { some: { section: { parentId: Number(value) } } } }),
    },
    rules: combineRules(personRules, personFileRules, studentRules),
  },
  {
    def: RESOURCES.admRelatives,
    model: "user",
    fieldsOnly: true,
    scope: { where: { type: PERSON_TYPE.relative }, data: { type: PERSON_TYPE.relative } },
    identifiers: PERSON_IDENTIFIERS,
    personSearch,
    // The children a relative answers for now: ended links are kept as history, not counted.
    include: { _count: { select: { dependants: { where: { endedAt: null } } } } },
    virtual: ["optOut"],
    display: (r) => ({ dependants: countOf(r, "dependants") }),
    decorate: optOutStatus,
    rules: combineRules(personRules, personFileRules, phoneRules("admRelatives"), optOutRules),
  },
  {
    def: RESOURCES.admStaff,
    model: "user",
    scope: { where: { type: { in: [...STAFF_PERSON_TYPES] } } },
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
    rules: combineRules(personRules, personFileRules, phoneRules("admStaff"), staffRules),
  },
  {
    def: RESOURCES.admUser,
    model: "user",
    fieldsOnly: true,
    filterWhere: { groupId: (value) => ({ memberships: { some: { groupId: Number(value) } } }) },
    identifiers: PERSON_IDENTIFIERS,
    personSearch,
    rules: combineRules(personRules, personFileRules, phoneRules("admUser"), userRules),
  },
];
