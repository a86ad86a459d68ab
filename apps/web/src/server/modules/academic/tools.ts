import type { z } from "zod";
import type { TAcademicCopyAnswer, TAcademicCountAnswer, TSubjectPartsAnswer, ZMoveStudents, ZSubjectParts } from "@pizarra/contracts";
import type { TenantTx } from "@pizarra/db";
import { AppError, fieldRefusal, notFound } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { audit } from "../../resource/audit.ts";
import { placeStudent } from "../people/index.ts";

function shiftYears(date: Date, years: number): Date {
  const d = new Date(date);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d;
}

/** Copies a subject with its sections and teachers into a period, mapping grades and sections through `map`. */
async function copySubject(tx: TenantTx, subjectId: number, periodId: number, map?: { grades: Map<number, number>; sections: Map<number, number> }) {
  const source = await tx.activity.findFirst({ where: { id: subjectId }, include: { parts: true, masters: true } });
  if (!source) throw notFound();
  const { id: _id, tenantId: _t, createdAt: _c, updatedAt: _u, parts, masters, ...fields } = source;
  const copy = await tx.activity.create({
    data: {
      ...fields,
      periodId,
      superSections: map ? fields.superSections.map((g) => map.grades.get(g)).filter((g): g is number => g !== undefined) : fields.superSections,
    },
  });
  await tx.activityPart.createMany({
    data: parts.flatMap((p) => {
      const sectionId = map ? map.sections.get(p.sectionId) : p.sectionId;
      return sectionId === undefined ? [] : [{ activityId: copy.id, sectionId, name: p.name, masterId: p.masterId }];
    }),
  });
  await tx.activityMaster.createMany({ data: masters.map((m) => ({ activityId: copy.id, userId: m.userId, role: m.role, alterType: m.alterType })) });
  return copy.id;
}

/**
 * POST admPeriod/clone/{id}: a new period with the same grades, sections, subjects, subject sections, teachers and
 * per-grade exceptions, dates moved by the years between the two codes; students are not copied (promotion does that).
 */
export async function clonePeriod(
  ctx: AuthedContext & { params: { id: string }; body: { ID: number; name?: string | null } },
): Promise<Reply<TAcademicCopyAnswer>> {
  const sourceId = Number(ctx.params.id);
  const targetId = ctx.body.ID;
  await ctx.db.$transaction(
    async (tx) => {
      const source = await tx.period.findFirst({ where: { id: sourceId } });
      if (!source || !Number.isInteger(sourceId)) throw notFound();
      if (await tx.period.findFirst({ where: { id: targetId }, select: { id: true } })) throw new AppError(-409, "api.duplicate", 409);
      const years = Math.floor(targetId / 100) - Math.floor(sourceId / 100);
      await tx.period.create({
        data: {
          id: targetId,
          name: ctx.body.name ?? `${source.name} (${targetId})`,
          from: shiftYears(source.from, years),
          to: shiftYears(source.to, years),
          showGradesFrom: shiftYears(source.showGradesFrom, years),
          showGradesOnlineMsg: source.showGradesOnlineMsg,
          showGradesPDFMsg: source.showGradesPDFMsg,
        },
      });
      const grades = new Map<number, number>();
      const sections = new Map<number, number>();
      for (const grade of await tx.superSection.findMany({
        where: { periodId: sourceId },
        include: { sections: true, exceptions: true },
        orderBy: { id: "asc" },
      })) {
        const { id, tenantId: _t, createdAt: _c, updatedAt: _u, sections: gradeSections, exceptions, ...fields } = grade;
        const copy = await tx.superSection.create({ data: { ...fields, periodId: targetId } });
        grades.set(id, copy.id);
        for (const section of gradeSections) {
          const { id: sectionId, tenantId: _st, createdAt: _sc, updatedAt: _su, parentId: _p, ...sectionFields } = section;
          sections.set(sectionId, (await tx.section.create({ data: { ...sectionFields, parentId: copy.id } })).id);
        }
        for (const { id: _e, tenantId: _et, periodId: _pe, superSectionId: _g, ...exception } of exceptions) {
          await tx.periodException.create({ data: { ...exception, periodId: targetId, superSectionId: copy.id } });
        }
      }
      for (const subject of await tx.activity.findMany({ where: { periodId: sourceId }, select: { id: true } })) {
        await copySubject(tx, subject.id, targetId, { grades, sections });
      }
      await audit(tx, ctx, "admPeriod", "create", targetId);
    },
    { timeout: 60_000 },
  );
  return { data: { ID: targetId }, msgKey: "api.periodCloned" };
}

/** POST admSubject/duplicate. */
export async function duplicateSubject(ctx: AuthedContext & { body: { newId: number; periodId: number } }): Promise<Reply<TAcademicCopyAnswer>> {
  const id = await ctx.db.$transaction(async (tx) => {
    if (!(await tx.period.findFirst({ where: { id: ctx.body.periodId }, select: { id: true } }))) throw notFound();
    const copy = await copySubject(tx, ctx.body.newId, ctx.body.periodId);
    await audit(tx, ctx, "admSubject", "create", copy);
    return copy;
  });
  return { data: { ID: id }, msgKey: "api.created" };
}

/** POST admSubject/bulkedit?periodId=: 'Por favor seleccionar el periodo' without a period. */
export async function bulkEditSubjects(
  ctx: AuthedContext & { query: { periodId?: number }; body: { canEnterEval: boolean } },
): Promise<Reply<TAcademicCountAnswer>> {
  const periodId = ctx.query.periodId;
  if (!periodId) throw fieldRefusal("periodId", ctx.t("api.selectPeriod"));
  const count = await ctx.db.$transaction(async (tx) => {
    const { count } = await tx.activity.updateMany({ where: { periodId }, data: { canEnterEval: ctx.body.canEnterEval } });
    await audit(tx, ctx, "admSubject", "edit", `period:${periodId}`);
    return count;
  });
  return { data: { count }, msgKey: "api.saved" };
}

/** GET admSubject/getParts: the subject sections a teacher teaches in a period ("Curso / Sección" of report 1). */
export async function subjectParts(ctx: AuthedContext & { query: z.infer<typeof ZSubjectParts> }): Promise<Reply<TSubjectPartsAnswer>> {
  const { periodId, masterId } = ctx.query;
  const parts = await ctx.db.activityPart.findMany({
    where: { ...(masterId ? { masterId } : {}), ...(periodId ? { activity: { periodId } } : {}) },
    include: { activity: { select: { name: true } }, section: { select: { name: true, superSection: { select: { name: true } } } } },
    orderBy: [{ activityId: "asc" }, { name: "asc" }],
    take: 1000,
  });
  const Results = parts.map((p) => ({
    ID: p.id,
    name: `${p.activity.name} · ${p.section.superSection.name} ${p.section.name}`,
    activityId: p.activityId,
    sectionId: p.sectionId,
  }));
  return { data: { Results, RowCount: Results.length, PageCount: 1 } };
}

/** POST admSection/moveStudents: students of one section into another (the section-transfer tool). */
export async function moveStudents(ctx: AuthedContext & { body: z.infer<typeof ZMoveStudents> }): Promise<Reply<TAcademicCountAnswer>> {
  const { fromSectionId, sectionId, studentIds } = ctx.body;
  const moved = await ctx.db.$transaction(async (tx) => {
    // In ascending order: each placement locks its student (placeStudent), and two moves must lock them in one order.
    const members = await tx.sectionMember.findMany({
      where: { sectionId: fromSectionId, userId: { in: studentIds } },
      orderBy: { userId: "asc" },
      select: { userId: true },
    });
    if (members.length !== new Set(studentIds).size) throw notFound();
    if (!(await tx.section.findFirst({ where: { id: sectionId }, select: { id: true } }))) throw notFound();
    await tx.sectionMember.deleteMany({ where: { sectionId: fromSectionId, userId: { in: studentIds } } });
    for (const { userId } of members) await placeStudent(tx, userId, sectionId);
    await audit(tx, ctx, "admSection", "edit", `${fromSectionId}->${sectionId}`);
    return members.length;
  });
  return { data: { count: moved }, msgKey: "api.studentsMoved" };
}
