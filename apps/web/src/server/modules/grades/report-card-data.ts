import {
  CONCEPT_TYPE,
  DEFAULT_SCALE,
  headerLayout,
  isTextConcept,
  letterOf,
  type HeaderConcept,
  ROLE,
  type TAttendanceSummary,
  PERSON_TYPE,
} from "@pizarra/contracts";
import { attendanceChanges, periodAttendance } from "../attendance/index.ts";
import { AppError, notFound } from "../../http/app-error.ts";
import type { AuthedContext } from "../../http/context.ts";
import { fullName } from "../../resource/display.ts";
import { contentMatches } from "../../storage/file-types.ts";
import { isStorageKey, storage } from "../../storage/storage.ts";
import { getHeaderFinal } from "./concept-headers.ts";
import { sectionRoster } from "./roster.ts";
import { visibilityOf } from "./visibility.ts";

/** A graded line of a report card: a concept with its value and letter; averages stand out. */
export interface CardRow {
  name: string;
  level: number;
  value: string;
  letter: string;
  average: boolean;
}

/** A subject (or the behaviour) on a report card: its graded lines and its descriptive texts as paragraphs. */
export interface CardBlock {
  title: string;
  rows: CardRow[];
  notes: { name: string; text: string }[];
}

/** The school's letterhead on every document the grades print. */
export interface Letterhead {
  school: string;
  logo: Buffer | null;
}

export interface ReportCard extends Letterhead {
  studentId: number;
  period: string;
  student: string;
  surname: string;
  grade: string;
  section: string;
  subjects: CardBlock[];
  behaviour: CardBlock | null;
  /** The student's attendance over the period; null when no register of it was taken. */
  attendance: TAttendanceSummary | null;
  pdfMsg: string | null;
}

/** A period the grades documents are about. */
export interface CardPeriod {
  id: number;
  name: string;
}

/** A student of a period, with the section and the grade (super section) they sit in. */
export interface CardStudent {
  id: number;
  name: string;
  last: string | null;
  last2: string | null;
  section: { id: number; name: string; superSection: { id: number; name: string } };
}

type Concept = HeaderConcept & { activityId: number | null; activityName: string | null };
type Cell = { gradeNum: number | null; gradeTxt: string | null };

export const STUDENT_SELECT = { id: true, name: true, last: true, last2: true } as const;
export const SECTION_SELECT = { id: true, name: true, superSection: { select: { id: true, name: true } } } as const;

/** The school's name and, when it is a stored PNG or JPEG, its logo. */
export async function letterhead(ctx: Pick<AuthedContext, "system"> & { user: Pick<AuthedContext["user"], "tenantId"> }): Promise<Letterhead> {
  const tenant = await ctx.system.tenant.findUniqueOrThrow({ where: { id: ctx.user.tenantId }, select: { title: true, logo: true } });
  const bytes = tenant.logo && isStorageKey(tenant.logo) ? await storage().get(tenant.logo) : null;
  return { school: tenant.title, logo: bytes && (contentMatches("png", bytes) || contentMatches("jpg", bytes)) ? bytes : null };
}

/** The student of the period (a student enrolled in one of its sections), or 404. */
export async function studentOf(ctx: AuthedContext, periodId: number, studentId: number): Promise<CardStudent> {
  const member = await ctx.db.sectionMember.findFirst({
    where: { userId: studentId, user: { type: PERSON_TYPE.student }, section: { superSection: { periodId } } },
    select: { user: { select: STUDENT_SELECT }, section: { select: SECTION_SELECT } },
  });
  if (!member) throw notFound();
  return { ...member.user, section: member.section };
}

/**
 * The active students of a grade (super section) for its zip of report cards, section by section: the sections by
 * name, each one's students surname first (namesakes by id, so that they keep their places and the same grade gives
 * the same fingerprint). A student in two of the grade's sections is in both.
 */
export async function gradeCardStudents(ctx: AuthedContext, superSectionId: number): Promise<CardStudent[][]> {
  const sections = { where: { section: { parentId: superSectionId } }, select: { section: { select: SECTION_SELECT } } } as const;
  const students = await sectionRoster(ctx.db, { superSectionId }, { sections });
  const bySection = new Map<number, CardStudent[]>();
  for (const { id, name, last, last2, sections } of students)
    for (const { section } of sections) bySection.set(section.id, [...(bySection.get(section.id) ?? []), { id, name, last, last2, section }]);
  // Namesake sections keep the order of their first student by id.
  const firstId = (students: CardStudent[]) => Math.min(...students.map((s) => s.id));
  return [...bySection.values()].sort((a, b) => a[0]!.section.name.localeCompare(b[0]!.section.name, "es") || firstId(a) - firstId(b));
}

/** A concept's line: numbers with their letter on the subject's scale, averages to two decimals, qualifications as they are. */
function rowOf(concept: Concept, average: boolean, cell: Cell | undefined, scale: string): CardRow {
  const base = { name: concept.name, level: concept.level, average };
  if (concept.type === CONCEPT_TYPE.qualification && !concept.calcAverage) return { ...base, value: "", letter: cell?.gradeTxt ?? "" };
  const num = cell?.gradeNum ?? null;
  if (num === null) return { ...base, value: "", letter: "" };
  return { ...base, value: average ? num.toFixed(2) : String(num), letter: letterOf(num, scale) ?? "" };
}

/** A subject's (or the behaviour's) concepts laid out as the sheet's columns: graded lines, then its texts. */
function blockOf(title: string, concepts: Concept[], scale: string, cells: Map<number, Cell>): CardBlock {
  const { columns } = headerLayout(concepts);
  const block: CardBlock = { title, rows: [], notes: [] };
  for (const { concept, average } of columns as { concept: Concept; average: boolean }[]) {
    const cell = cells.get(concept.ID);
    if (isTextConcept(concept.type) && !concept.calcAverage) {
      if (cell?.gradeTxt) block.notes.push({ name: concept.name, text: cell.gradeTxt });
    } else block.rows.push(rowOf(concept, average || concept.calcAverage, cell, scale));
  }
  return block;
}

/** A header call of concept-headers.ts for one section of a period, down to level 1. */
const headerOf = async (ctx: AuthedContext, periodId: number, sectionId: number, behaviour: boolean) =>
  (await getHeaderFinal({ ...ctx, query: { periodId, sectionId, levelCount: 1 } }, behaviour)).data as Concept[];

/**
 * The report cards of some students of one section in a period (001 §7 "Grades"), one by one: the section's subjects
 * that carry grades (their concepts down to level 1, as the final sheet's header shows them), the behaviour concepts,
 * and the PDF message the grade's visibility gives (001 §3, §5). Everything the students share is read once.
 */
export async function* sectionCards(ctx: AuthedContext, period: CardPeriod, students: CardStudent[], now = new Date()): AsyncGenerator<ReportCard> {
  const section = students[0]?.section;
  if (!section) return;
  const [head, academic, behaviour, { pdfMsg }, days] = await Promise.all([
    letterhead(ctx),
    headerOf(ctx, period.id, section.id, false),
    headerOf(ctx, period.id, section.id, true),
    visibilityOf(ctx.db, period.id, section.superSection.id, now),
    ctx.db.period.findFirstOrThrow({ where: { id: period.id }, select: { from: true, to: true } }),
  ]);
  const attendance = await periodAttendance(
    ctx.db,
    { ...period, ...days },
    students.map((s) => s.id),
  );
  const activities = await ctx.db.activity.findMany({
    where: { id: { in: [...new Set(academic.map((c) => c.activityId!))] }, hasGrades: true },
    orderBy: [{ name: "asc" }, { id: "asc" }],
    select: { id: true, name: true, qualifications: true },
  });
  const concepts = [...academic.filter((c) => activities.some((a) => a.id === c.activityId)), ...behaviour];
  const grades = await ctx.db.grade.findMany({
    where: { conceptId: { in: concepts.map((c) => c.ID) }, studentId: { in: students.map((s) => s.id) } },
    select: { studentId: true, conceptId: true, gradeNum: true, gradeTxt: true },
  });
  const byStudent = new Map<number, Map<number, Cell>>();
  for (const g of grades) byStudent.set(g.studentId, (byStudent.get(g.studentId) ?? new Map()).set(g.conceptId, g));
  for (const student of students) {
    const cells = byStudent.get(student.id) ?? new Map<number, Cell>();
    yield {
      ...head,
      studentId: student.id,
      period: period.name,
      student: fullName(student, ctx.user.givenNamesFirst),
      surname: student.last ?? student.name,
      grade: student.section.superSection.name,
      section: student.section.name,
      subjects: activities.map((a) =>
        blockOf(
          a.name,
          academic.filter((c) => c.activityId === a.id),
          a.qualifications,
          cells,
        ),
      ),
      behaviour: behaviour.length ? blockOf(ctx.t("reportCard.behaviour"), behaviour, DEFAULT_SCALE, cells) : null,
      attendance: attendance.get(student.id)?.taken ? attendance.get(student.id)! : null,
      pdfMsg,
    };
  }
}

/** How many rows there are, and the newest id and change among them: any insert, edit or removal moves one of them. */
const CHANGES = { _count: { _all: true }, _max: { id: true, updatedAt: true } } as const;

/**
 * What report cards and memos of some students of one grade in a period are drawn from, read cheaply so that an
 * unchanged file is answered without reading a grade: the few rows themselves (the school's name and logo, the
 * students with their sections, the subjects taught there, the period's PDF message as it stands now) and, for the
 * many (the period's subjects and concepts, the students' grades of the period), one aggregate each. Grades are
 * written as new rows, so their newest id moves with every save. Taken before the data is read for drawing: a change
 * in between makes the next request draw anew, never keeps a stale file.
 */
export async function cardSources(ctx: AuthedContext, period: CardPeriod, students: CardStudent[], now = new Date()) {
  const studentIds = students.map((s) => s.id);
  const sectionIds = [...new Set(students.map((s) => s.section.id))];
  const [school, { pdfMsg }, parts, people, subjects, concepts, grades, marks] = await Promise.all([
    ctx.system.tenant.findUniqueOrThrow({ where: { id: ctx.user.tenantId }, select: { title: true, logo: true } }),
    visibilityOf(ctx.db, period.id, students[0]!.section.superSection.id, now),
    ctx.db.activityPart.findMany({
      where: { sectionId: { in: sectionIds }, activity: { periodId: period.id } },
      orderBy: { id: "asc" },
      select: { activityId: true, sectionId: true },
    }),
    ctx.db.user.aggregate({ where: { id: { in: studentIds } }, _max: { updatedAt: true } }),
    ctx.db.activity.aggregate({ where: { periodId: period.id }, ...CHANGES }),
    ctx.db.evalConcept.aggregate({ where: { periodId: period.id }, ...CHANGES }),
    ctx.db.grade.aggregate({ where: { studentId: { in: studentIds }, concept: { periodId: period.id } }, ...CHANGES }),
    attendanceChanges(ctx.db, studentIds),
  ]);
  return { school, period, pdfMsg, students, parts, people: people._max, subjects, concepts, grades, marks };
}

/** A name fit for a file: no accents, no separators, dashes between words. */
export const fileSafe = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .toLowerCase() || "x";

/** Who sees every student's report card: the top administrator, whoever grades every course or reads the grade reports. */
const seesEveryCard = (ctx: AuthedContext) =>
  ctx.user.roleCode === ROLE.topAdmin || ctx.user.access.get("admGradesMaster")?.write === true || ctx.user.access.get("admGradesRep")?.read === true;

/**
 * Who may read a student's report card or memo: those who see every card, or a teacher of the student's section in that
 * period (its tutor, the teacher of one of its course-sections, or one of the teachers of a subject taught there). A
 * grade's whole zip is for those who see every card (`sectionId` null).
 */
export async function mayReadCardsOf(ctx: AuthedContext, periodId: number, sectionId: number | null): Promise<void> {
  if (seesEveryCard(ctx)) return;
  if (sectionId !== null) {
    const me = ctx.user.id;
    const [tutor, part, master] = await Promise.all([
      ctx.db.section.count({ where: { id: sectionId, owner: me, superSection: { periodId } } }),
      ctx.db.activityPart.count({ where: { sectionId, masterId: me, activity: { periodId } } }),
      ctx.db.activityMaster.count({ where: { userId: me, activity: { periodId, parts: { some: { sectionId } } } } }),
    ]);
    if (tutor + part + master > 0) return;
  }
  throw new AppError(-403, "grades.notYourStudent", 403);
}
