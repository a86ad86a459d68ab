import type { Prisma } from "@pizarra/db";
import { GUARDIAN_LINK } from "../delivery/guardians.ts";
import { fullName } from "./display.ts";

type Row = Record<string, unknown>;
type Person = { name?: string | null; last?: string | null; last2?: string | null };
type Guardian = { relative: Person & { cel: string | null; homephone: string | null; mail: string | null } };
type Membership = { section: { name: string; superSection: { name: string } } };

/** The section of the current period (a student also keeps last year's). */
export const currentSection = {
  where: { section: { superSection: { period: { current: true } } } },
  orderBy: { id: "desc" },
  take: 1,
  select: { section: { select: { name: true, superSection: { select: { name: true } } } } },
} satisfies Prisma.User$sectionsArgs;

/**
 * The first two living, active guardians, principal first, through links that stand and allow contact
 * (delivery/guardians.ts): an ended link, an external contact or a restricted guardian is not the family's contact.
 */
export const livingGuardians = {
  where: { ...GUARDIAN_LINK, relative: { rip: false, inactive: false } },
  orderBy: [{ userKind: "asc" }, { relativeId: "asc" }],
  take: 2,
  select: { relative: { select: { name: true, last: true, last2: true, cel: true, homephone: true, mail: true } } },
} satisfies Prisma.User$relativesArgs;

/** A student's profile as their medical record shows it (read-only): code, names, birth, section, guardians. */
export const studentSelect = {
  externalId: true,
  name: true,
  last: true,
  last2: true,
  birthday: true,
  gender: true,
  documentnumber: true,
  sections: currentSection,
  relatives: livingGuardians,
} satisfies Prisma.UserSelect;

export function sectionNameOf(sections: unknown): string | null {
  const section = (sections as Membership[] | undefined)?.[0]?.section;
  return section ? `${section.superSection.name} ${section.name}` : null;
}

/** The guardian columns (001 §3 "Directory contact row"): rel1 and rel2 with their phone and e-mail. */
export function guardianColumns(relatives: unknown, givenNamesFirst: boolean): Row {
  const [first, second] = (relatives as Guardian[]).map((g) => g.relative);
  const columns = (n: number, p: Guardian["relative"] | undefined): Row => ({
    [`rel${n}`]: p ? fullName(p, givenNamesFirst) : null,
    [`rel${n}Tel`]: p ? (p.cel ?? p.homephone) : null,
    [`rel${n}mail`]: p?.mail ?? null,
  });
  return { ...columns(1, first), ...columns(2, second) };
}

/** Students in a grade or a section, by the query value of the grade or section filter. */
export const inGrade = (value: unknown): Row => ({ sections: { some: { section: { parentId: Number(value) } } } });
export const inSection = (value: unknown): Row => ({ sections: { some: { sectionId: Number(value) } } });
