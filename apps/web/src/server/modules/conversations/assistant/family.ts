import { ATTENDANCE_STATUS, PERSON_TYPE, type TConversationSource } from "@pizarra/contracts";
import { type TenantDb, tenantOf } from "@pizarra/db";
import { GUARDIAN_LINK } from "../../../delivery/guardians.ts";
import { formatDateTime, parseDate } from "../../../resource/values.ts";
import { dayMarks, justifyUrl, periodAttendance } from "../../attendance/index.ts";
import { onlineGrades } from "../../grades/index.ts";
import { wordsOf } from "./lexicon.ts";
import { type Audience, type Lang, searchFaqs, searchPublications, upcomingCalendar } from "./knowledge.ts";

export interface Child {
  /** 1, 2, …: how the model names a child (or by name); never the id. */
  index: number;
  id: number;
  /** Given names and surname, as a family names its child. */
  name: string;
  given: string;
}

/** The contact's family: the guardian and the children the family links let the school speak of (delivery's GUARDIAN_LINK). */
export interface Family {
  guardianId: number | null;
  children: Child[];
  audience: Audience;
}

export async function familyOf(db: TenantDb, guardianId: number | null, now: Date): Promise<Family> {
  if (guardianId === null) return { guardianId, children: [], audience: { sectionIds: [], superSectionIds: [] } };
  const links = await db.kinship.findMany({
    where: {
      ...GUARDIAN_LINK,
      relativeId: guardianId,
      relative: { inactive: false, rip: false },
      student: { type: PERSON_TYPE.student, inactive: false, rip: false },
    },
    orderBy: { studentId: "asc" },
    select: {
      student: {
        select: {
          id: true,
          name: true,
          last: true,
          sections: {
            where: { section: { superSection: { period: { active: true, from: { lte: now }, to: { gte: parseDate(formatDateTime(now).slice(0, 10)) } } } } },
            select: { section: { select: { id: true, parentId: true } } },
          },
        },
      },
    },
  });
  const children = links.map(({ student }, i) => ({
    index: i + 1,
    id: student.id,
    name: [student.name, student.last].filter(Boolean).join(" "),
    given: student.name,
  }));
  const sections = links.flatMap((l) => l.student.sections.map((m) => m.section));
  return {
    guardianId,
    children,
    audience: { sectionIds: [...new Set(sections.map((s) => s.id))], superSectionIds: [...new Set(sections.map((s) => s.parentId))] },
  };
}

/** The family's children a text names by given name (whole words, folded): "Lucía no irá hoy" → Lucía. */
export function childrenNamed(family: Family, text: string): Child[] {
  const words = wordsOf(text);
  return family.children.filter((c) => {
    const given = wordsOf(c.given).trim();
    const first = given.split(" ")[0] ?? "";
    return (given && words.includes(` ${given} `)) || (first.length > 2 && words.includes(` ${first} `));
  });
}

/**
 * A child as the model names it: its number in the family's list or its name. Whatever else comes (an id, another
 * child's name) names no child, and the tool answers so: nothing the model writes reaches a query unchecked.
 */
export function pickChildren(family: Family, ref: unknown): Child[] | null {
  if (ref === undefined || ref === null || ref === "") return family.children;
  if (typeof ref === "number") {
    const found = family.children.filter((c) => c.index === ref);
    return found.length ? found : null;
  }
  if (typeof ref === "string") {
    if (/^\d+$/.test(ref.trim())) return pickChildren(family, Number(ref.trim()));
    const named = childrenNamed(family, ref);
    return named.length ? named : null;
  }
  return null;
}

export interface ToolResult {
  /** What the model reads (or the deterministic answer is written from). */
  data: unknown;
  sources: TConversationSource[];
}

const day = (now: Date) => formatDateTime(now).slice(0, 10);
const STATUS_NAMES: Record<number, string> = {
  [ATTENDANCE_STATUS.pending]: "pending",
  [ATTENDANCE_STATUS.present]: "present",
  [ATTENDANCE_STATUS.late]: "late",
  [ATTENDANCE_STATUS.absent]: "absent",
};

/**
 * The tools of one conversation, closed over its family's children: each reads only those children's rows, by the
 * ids read here from the family links, never by an id from outside. An unknown contact's family has no children, so
 * its tools read only what the school published for everyone.
 */
export function familyTools(db: TenantDb, family: Family, lang: Lang, now: Date) {
  const today = parseDate(day(now));
  return {
    /** Today's registers and this month's counts of the children asked about. */
    async attendance(children: Child[]): Promise<ToolResult> {
      const ids = children.map((c) => c.id);
      const monthStart = parseDate(`${day(now).slice(0, 7)}-01`);
      const [marks, month] = await Promise.all([
        dayMarks(db, ids, today),
        periodAttendance(db, { id: 0, name: day(now).slice(0, 7), from: monthStart, to: today }, ids),
      ]);
      return {
        data: children.map((c) => {
          const m = month.get(c.id);
          return {
            child: c.name,
            today: marks.filter((x) => x.userId === c.id).map((x) => ({ register: x.place, status: STATUS_NAMES[x.status] ?? "pending" })),
            thisMonth: m ? { taken: m.taken, present: m.present, late: m.late, absent: m.absent, justified: m.justified } : null,
          };
        }),
        sources: children.map((c) => ({ kind: "attendance", id: null, name: c.name })),
      };
    },

    /**
     * Today's justification link of each child asked about: the family's own page (attendance's signed link, bound to
     * the school, the child, the guardian and the day), with today's first register of the child where it is open.
     */
    async justificationLinks(children: Child[]): Promise<ToolResult> {
      if (family.guardianId === null) return { data: [], sources: [] };
      const marks = await dayMarks(
        db,
        children.map((c) => c.id),
        today,
      );
      const links = await Promise.all(
        children.map(async (c) => ({
          child: c.name,
          link: await justifyUrl({
            tenantId: tenantOf(db),
            studentId: c.id,
            guardianId: family.guardianId!,
            from: day(now),
            to: day(now),
            sessionId: marks.find((m) => m.userId === c.id)?.sessionId ?? null,
          }),
        })),
      );
      return { data: links, sources: children.map((c) => ({ kind: "justification", id: null, name: c.name })) };
    },

    /** The children among these with a register today (whose absence today a link justifies). */
    async withRegisterToday(children: Child[]): Promise<Child[]> {
      const marks = await dayMarks(
        db,
        children.map((c) => c.id),
        today,
      );
      return children.filter((c) => marks.some((m) => m.userId === c.id));
    },

    async calendar(): Promise<ToolResult> {
      const entries = await upcomingCalendar(db, lang, family.audience, now);
      return {
        data: entries.map((e) => ({
          name: e.name,
          from: e.from && formatDateTime(e.from),
          to: e.to && formatDateTime(e.to),
          place: e.place,
          ...(e.noClasses ? { noClasses: true } : {}),
        })),
        sources: entries.map((e) => ({ kind: "calendar", id: e.id, name: e.name })),
      };
    },

    async grades(children: Child[]): Promise<ToolResult> {
      const grades = await onlineGrades(
        db,
        children.map((c) => c.id),
        now,
      );
      const withGrades = children.filter((c) => grades.some((g) => g.studentId === c.id));
      return {
        data: children.map((c) => ({
          child: c.name,
          grades: grades.filter((g) => g.studentId === c.id).map(({ studentId: _id, ...g }) => g),
        })),
        sources: withGrades.map((c) => ({ kind: "grades", id: null, name: c.name })),
      };
    },

    async faqs(query: string): Promise<ToolResult> {
      const faqs = await searchFaqs(db, lang, query, now);
      return {
        data: faqs.map((f) => ({ title: f.name, text: f.text.slice(0, 1500) })),
        sources: faqs.map((f) => ({ kind: "faq", id: f.id, name: f.name })),
      };
    },

    async publications(query: string): Promise<ToolResult> {
      const found = await searchPublications(db, lang, query, family.audience, now);
      return {
        data: found.map((p) => ({ title: p.name, text: p.text })),
        sources: found.map((p) => ({ kind: "publication", id: p.id, name: p.name })),
      };
    },
  };
}
export type FamilyTools = ReturnType<typeof familyTools>;
