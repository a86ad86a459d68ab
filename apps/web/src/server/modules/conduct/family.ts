import { PERSON_TYPE, type TBookingFamilyAnswer, type TBookingFamilyQuery } from "@pizarra/contracts";
import { GUARDIAN_LINK } from "../../delivery/guardians.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { fullName } from "../../resource/display.ts";

/**
 * GET me/family?studentId&externalId (001 §7): a student's relatives, the people who may come to an appointment (the
 * booking's participants): the guardians whose link stands and allows contact (delivery/guardians.ts), principal
 * first; an external contact or a guardian under a restriction is not met about the child. Without a student the list
 * is empty.
 */
export async function family(ctx: AuthedContext & { query: TBookingFamilyQuery }): Promise<Reply<TBookingFamilyAnswer>> {
  const { studentId, externalId } = ctx.query;
  const who = studentId ? { id: studentId } : externalId ? { externalId } : null;
  const student = who
    ? await ctx.db.user.findFirst({
        where: { type: PERSON_TYPE.student, ...who },
        select: {
          relatives: {
            where: GUARDIAN_LINK,
            orderBy: [{ userKind: "asc" }, { relativeId: "asc" }],
            select: { relative: { select: { id: true, name: true, last: true, last2: true, cel: true, mail: true } } },
          },
        },
      })
    : null;
  const Results = (student?.relatives ?? []).map(({ relative: r }) => ({ ID: r.id, name: fullName(r, ctx.user.givenNamesFirst), desc: r.cel ?? r.mail }));
  return { data: { Results, RowCount: Results.length, PageCount: 1 } };
}
