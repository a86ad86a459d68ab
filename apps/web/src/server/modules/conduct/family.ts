import { ZRecordId, PERSON_TYPE } from "@pizarra/contracts";
import { z } from "zod";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { fullName } from "../../resource/display.ts";

export const ZFamilyQuery = z.object({
  studentId: z.preprocess((v) => (v === "" ? undefined : v), ZRecordId.optional()),
  externalId: z.string().trim().max(50).optional(),
  pick: z.string().max(10).optional(),
  filterBy: z.string().max(100).optional(),
  filter: z.string().max(200).optional(),
});

/**
 * GET me/family?studentId&externalId (001 §7): a student's relatives, the people who may come to an appointment (the
 * booking's participants). Without a student the list is empty.
 */
export async function family(ctx: AuthedContext & { query: z.infer<typeof ZFamilyQuery> }): Promise<Reply> {
  const { studentId, externalId } = ctx.query;
  const who = studentId ? { id: studentId } : externalId ? { externalId } : null;
  const student = who
    ? await ctx.db.user.findFirst({
        where: { type: PERSON_TYPE.student, ...who },
        select: {
          relatives: {
            orderBy: { userKind: "asc" },
            select: { relative: { select: { id: true, name: true, last: true, last2: true, cel: true, mail: true } } },
          },
        },
      })
    : null;
  const Results = (student?.relatives ?? []).map(({ relative: r }) => ({ ID: r.id, name: fullName(r, ctx.user.givenNamesFirst), desc: r.cel ?? r.mail }));
  return { data: { Results, RowCount: Results.length, PageCount: 1 } };
}
