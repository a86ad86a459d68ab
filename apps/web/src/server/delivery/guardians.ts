import type { Prisma } from "@pizarra/db";

/**
 * The guardians a message about a student goes to: living and active, main guardian first, with what choosing a
 * channel and a language needs (their e-mail, phone, language and whether a browser of theirs takes push).
 */
export const guardiansToTell = {
  where: { relative: { rip: false, inactive: false } },
  orderBy: [{ userKind: "asc" }, { relativeId: "asc" }],
  select: {
    relative: {
      select: {
        id: true,
        name: true,
        last: true,
        last2: true,
        mail: true,
        cel: true,
        language: true,
        locale: true,
        _count: { select: { pushSubscriptions: true } },
      },
    },
  },
} satisfies Prisma.User$relativesArgs;
