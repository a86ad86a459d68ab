import { RESOURCES } from "@pizarra/contracts";
import type { ResourceServer } from "../../resource/factory.ts";
import { countOf, fullName, nameOf, namesOf } from "../../resource/display.ts";
import { periodRules } from "./period-rules.ts";
import { activityPartRules, staffOwnerRules, subjectRules } from "./subject-rules.ts";

type Row = Record<string, unknown>;

/** Periods, grades and sections, subjects with their course sections and teachers (000 §3, 001 §3). */
export const ACADEMIC_RESOURCES: ResourceServer[] = [
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
    include: { period: { select: { name: true } }, _count: { select: { sections: true } } },
    display: (r) => ({ periodName: nameOf(r.period), count: countOf(r, "sections") }),
    rules: staffOwnerRules,
  },
  {
    def: RESOURCES.admSection,
    model: "section",
    include: { superSection: { select: { name: true, periodId: true, period: { select: { name: true } } } }, _count: { select: { members: true } } },
    display: (r) => {
      const grade = r.superSection as { name: string; periodId: number; period: { name: string } } | null;
      return { parentName: nameOf(grade), periodId: grade?.periodId ?? null, periodName: nameOf(grade?.period), count: countOf(r, "members") };
    },
    // Picked by its label as shown (000 §2.8: grade, section, period), the current period's sections first, then in
    // the school's order of grades (their `sort`, then their names): "Inicial" stays where the school puts it.
    labelSearch: true,
    searchWhere: {
      parentName: (contains) => ({ superSection: { name: contains } }),
      periodName: (contains) => ({ superSection: { period: { name: contains } } }),
    },
    orderFirst: [
      { superSection: { period: { current: "desc" } } },
      { superSection: { periodId: "desc" } },
      { superSection: { sort: "asc" } },
      { superSection: { name: "asc" } },
    ],
    filterWhere: {
      periodId: (value) => ({ superSection: { periodId: Number(value) } }),
      // Whoever may change sections sees them all; anyone else the sections they teach in or tutor.
      roleFilter: (_value, user) => (user.access.get("admSection")?.write ? {} : { OR: [{ owner: user.id }, { parts: { some: { masterId: user.id } } }] }),
    },
    rules: staffOwnerRules,
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
    display: (r, caller) => ({
      userName: fullName(r.user as Row, caller.givenNamesFirst),
      activityId: r.activityId,
      activityName: (r.activity as { name: string }).name,
    }),
    // The 'Profesores' modal (000 §7): the teachers of a subject, of the subjects of a grade, or of a section's subjects.
    filterWhere: {
      alterType: (value) => ({ alterType: Number(value) }),
      activityId: (value) => ({ activityId: Number(value) }),
      superSectionId: (value) => ({ activity: { superSections: { has: Number(value) } } }),
      sectionId: (value) => ({ activity: { parts: { some: { sectionId: Number(value) } } } }),
    },
  },
];
