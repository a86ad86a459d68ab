import { PERSON_TYPE } from "@pizarra/contracts";
import { whatsappForms } from "@pizarra/contracts/phone";
import type { Prisma, TenantDb, TenantTx } from "@pizarra/db";
import { GUARDIAN_LINK } from "../../delivery/guardians.ts";
import { foldText } from "../../resource/search-text.ts";

type Db = TenantDb | TenantTx;

/**
 * The active person of the school whose mobile is the sender's number, in any of the forms a WhatsApp id and a kept
 * number differ by (whatsappForms): numbers are stored in E.164 and matched whole, so a number that only ends the same
 * way is nobody's. Several people may share a family's phone: a relative first (who writes back), then the lowest
 * type and the oldest record.
 */
export async function personOfNumber(db: Db, waId: string): Promise<{ id: number; type: number } | null> {
  const forms = whatsappForms(waId);
  if (forms.length === 0) return null;
  return db.user.findFirst({
    where: { cel: { in: forms }, inactive: false },
    orderBy: [{ type: "asc" }, { id: "asc" }],
    select: { id: true, type: true },
  });
}

/** The contact's number as a conversation keeps it: the canonical E.164 form of the WhatsApp id. */
export const contactNumber = (waId: string): string => whatsappForms(waId)[0] ?? `+${waId.replace(/\D/g, "")}`;

/** A guardian's children the school may tell them about (the family links as delivery reads them). */
/** A guardian's open link to a child still at the school: the children the inbox names and searches by. */
const CHILD_LINK = { ...GUARDIAN_LINK, student: { inactive: false } } satisfies Prisma.KinshipWhereInput;

export async function childrenOf(db: Db, guardianId: number): Promise<{ id: number; name: string; last: string | null; last2: string | null }[]> {
  const links = await db.kinship.findMany({
    where: { relativeId: guardianId, ...CHILD_LINK },
    select: { student: { select: { id: true, name: true, last: true, last2: true } } },
    orderBy: { studentId: "asc" },
  });
  return links.map((l) => l.student);
}

/**
 * What the inbox's search reads (Conversation.searchText), folded as typed words are: the number's digits, the
 * WhatsApp name, the guardian's names and their children's, kept apart by " | " so that no phrase spans two of them.
 */
export async function searchTextOf(db: Db, conversation: { contact: string; contactName: string | null; guardianId: number | null }): Promise<string> {
  const parts = [conversation.contact.replace(/\D/g, ""), conversation.contactName ?? ""];
  const guardian =
    conversation.guardianId === null
      ? null
      : await db.user.findFirst({
          where: { id: conversation.guardianId },
          select: {
            name: true,
            last: true,
            last2: true,
            // The children as childrenOf reads them.
            dependants: {
              where: CHILD_LINK,
              select: { student: { select: { name: true, last: true, last2: true } } },
              orderBy: { studentId: "asc" },
            },
          },
        });
  for (const person of guardian ? [guardian, ...guardian.dependants.map((link) => link.student)] : []) {
    parts.push([person.name, person.last, person.last2].filter(Boolean).join(" "));
  }
  return foldText(parts.filter((p) => p.trim()).join(" | "));
}

/** The guardian a number may be matched or linked to: an active relative of the school. */
export const isGuardian = (person: { type: number } | null): boolean => person?.type === PERSON_TYPE.relative;
