import { PERSON_TYPE, type ZFamilyChildrenAnswer, type TStudentContactsAnswer, type TStudentContactsQuery } from "@pizarra/contracts";
import type { Prisma } from "@pizarra/db";
import type { z } from "zod";
import { notFound } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { fullName } from "../../resource/display.ts";
import { personTextContains } from "../../resource/search-text.ts";
import { currentSection, inGrade, inSection, sectionNameOf } from "../../resource/student-view.ts";

const PERSON_NAME = { name: true, last: true, last2: true } as const;
const FLAGS = { userKind: true, relation: true, pays: true, pickup: true, messages: true, contactRights: true, restriction: true } as const;

/**
 * GET admStudent/contacts (001 §7): the students of a grade, a section, a search or one student, paged as the generic
 * lists are (the section-transfer tool asks for PageSize=10000), each with their open family links, the relatives'
 * phones and e-mail and what each link allows; a link under a custody or contact restriction is flagged `restricted`
 * (staff see it so as to honour it). Ended links are history, not contacts.
 */
export async function studentContacts(ctx: AuthedContext & { query: TStudentContactsQuery }): Promise<Reply<TStudentContactsAnswer>> {
  const { PageSize, page, superSectionId, sectionId, studentId, filter } = ctx.query;
  const words = (filter ?? "").split(/\s+/).filter(Boolean);
  const where: Prisma.UserWhereInput = {
    AND: [
      { type: PERSON_TYPE.student },
      studentId ? { id: studentId } : {},
      superSectionId ? inGrade(superSectionId) : {},
      sectionId ? inSection(sectionId) : {},
      ...words.map((word) => ({ OR: [personTextContains(word), { externalId: { contains: word, mode: "insensitive" as const } }] })),
    ],
  };
  const [RowCount, students] = await Promise.all([
    ctx.db.user.count({ where }),
    ctx.db.user.findMany({
      where,
      orderBy: [{ last: "asc" }, { last2: "asc" }, { name: "asc" }, { id: "asc" }],
      skip: (page - 1) * PageSize,
      take: PageSize,
      select: {
        id: true,
        externalId: true,
        ...PERSON_NAME,
        sections: currentSection,
        relatives: {
          where: { endedAt: null },
          orderBy: [{ userKind: "asc" }, { relativeId: "asc" }],
          select: { relativeId: true, ...FLAGS, relative: { select: { ...PERSON_NAME, cel: true, homephone: true, mail: true } } },
        },
      },
    }),
  ]);
  const given = ctx.user.givenNamesFirst;
  const Results = students.map((s) => ({
    ID: s.id,
    externalId: s.externalId,
    name: fullName(s, given),
    sectionName: sectionNameOf(s.sections),
    contacts: s.relatives.map(({ relative: r, ...link }) => ({
      ...link,
      name: fullName(r, given),
      cel: r.cel,
      homephone: r.homephone,
      mail: r.mail,
      restricted: !link.contactRights,
    })),
  }));
  return { data: { Results, RowCount, PageCount: Math.ceil(RowCount / PageSize) } };
}

/** GET admRelatives/children/{id}: the students the relative is linked to (open links first), with each link's flags. */
export async function relativeChildren(ctx: AuthedContext & { params: { id: number } }): Promise<Reply<z.input<typeof ZFamilyChildrenAnswer>>> {
  const relative = await ctx.db.user.findFirst({
    where: { id: ctx.params.id, type: PERSON_TYPE.relative },
    select: {
      dependants: {
        where: { student: { type: PERSON_TYPE.student } },
        orderBy: [{ endedAt: { sort: "desc", nulls: "first" } }, { studentId: "asc" }],
        select: { studentId: true, ...FLAGS, endedAt: true, student: { select: { ...PERSON_NAME, externalId: true, sections: currentSection } } },
      },
    },
  });
  if (!relative) throw notFound();
  const Results = relative.dependants.map(({ student: s, ...link }) => ({
    ...link,
    name: fullName(s, ctx.user.givenNamesFirst),
    externalId: s.externalId,
    sectionName: sectionNameOf(s.sections),
  }));
  return { data: { Results, RowCount: Results.length, PageCount: 1 } };
}
