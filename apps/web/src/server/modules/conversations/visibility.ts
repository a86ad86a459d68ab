import { ROLE } from "@pizarra/contracts";
import type { Prisma } from "@pizarra/db";
import { GUARDIAN_LINK } from "../../delivery/guardians.ts";
import type { AuthedContext } from "../../http/context.ts";
import { notFound } from "../../http/app-error.ts";

/** Administrators see every conversation of the school, unknown contacts' too. */
export const seesAll = (ctx: AuthedContext): boolean => ctx.user.roleCode >= ROLE.administrator;

/**
 * The conversations a person of the staff may see (002 §2): an administrator, all; anyone else, those of the guardians
 * of the children of the sections they tutor or teach this school year (a teacher: their sections). A family is seen
 * through the same links delivery writes to (GUARDIAN_LINK): a link that ended or lost its contact rights shows
 * nothing. An unknown contact is an administrator's to link first.
 */
export async function visibleWhere(ctx: AuthedContext): Promise<Prisma.ConversationWhereInput> {
  if (seesAll(ctx)) return {};
  const today = new Date();
  const me = ctx.user.id;
  const links = await ctx.db.kinship.findMany({
    where: {
      ...GUARDIAN_LINK,
      student: {
        sections: {
          some: {
            section: {
              superSection: { period: { to: { gte: today } } },
              OR: [{ owner: me }, { parts: { some: { OR: [{ masterId: me }, { activity: { masters: { some: { userId: me } } } }] } } }],
            },
          },
        },
      },
    },
    select: { relativeId: true },
    distinct: ["relativeId"],
  });
  return { guardianId: { in: links.map((l) => l.relativeId) } };
}

/** One conversation the caller may see, or the same "not found" as one of another school. */
export async function visibleConversation<S extends Prisma.ConversationSelect>(ctx: AuthedContext, id: number, select: S) {
  const found = await ctx.db.conversation.findFirst({ where: { id, ...(await visibleWhere(ctx)) }, select });
  if (!found) throw notFound();
  return found;
}
