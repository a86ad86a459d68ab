import { PERSON_TYPE } from "@pizarra/contracts";
import { type TenantDb, tenantOf } from "@pizarra/db";
import { wordsOf } from "./lexicon.ts";

interface Named {
  name: string;
  last: string | null;
  last2: string | null;
}

/** The longest name phrase looked for, in words ("maria jose garcia lopez"). */
const MAX_WORDS = 6;

/**
 * The ways a text may name a student: a given name (all of them, or the first) with a surname (the first, or both),
 * in either order, folded as the text is. "María José García López" gives "maria jose garcia", "garcia maria",
 * "garcia lopez maria jose", … A single word is never enough: "Sofía" alone names half a school.
 */
function phrasesOf(p: Named): string[] {
  const fold = (s: string | null) => (s ? wordsOf(s).trim() : "");
  const given = fold(p.name);
  const givens = [...new Set([given, given.split(" ")[0] ?? ""])].filter(Boolean);
  const last = fold(p.last);
  const surnames = [...new Set([last, [last, fold(p.last2)].filter(Boolean).join(" ")])].filter(Boolean);
  return givens.flatMap((g) => surnames.flatMap((s) => [`${g} ${s}`, `${s} ${g}`]));
}

/**
 * The safety check every answer passes before it is returned (both modes, ARCHITECTURE "Outside the building"):
 * whether the text names a student of the school who is not one of this family's children. Every way of naming a
 * student holds their first given name, so only the students whose first given name is a word of the text are read
 * (through the index User_student_first_name_idx of the migration student_first_name, on the same expression: a school of
 * 20,000 is a few dozen rows, not all of them), and each run of 2 to 6
 * words of the text is looked up in their phrases. Former students count: they are someone's children too. A name a
 * family child shares with another student is the family's own and passes.
 */
export async function namesOtherChildren(db: TenantDb, text: string, familyIds: number[]): Promise<boolean> {
  const words = wordsOf(text).trim().split(" ");
  const students = await db.$queryRaw<(Named & { id: number })[]>`
    SELECT id, name, last, last2 FROM "User"
    WHERE "tenantId" = ${tenantOf(db)} AND "type" = ${PERSON_TYPE.student}
      AND split_part(translate(pizarra_fold(btrim("name")), '-.', '  '), ' ', 1) = ANY(${[...new Set(words)]}::text[])`;
  const family = new Set(familyIds);
  const own = new Set(students.filter((s) => family.has(s.id)).flatMap(phrasesOf));
  const others = new Set(students.filter((s) => !family.has(s.id)).flatMap(phrasesOf));
  for (let i = 0; i < words.length; i++) {
    for (let n = 2; n <= MAX_WORDS && i + n <= words.length; n++) {
      const phrase = words.slice(i, i + n).join(" ");
      if (others.has(phrase) && !own.has(phrase)) return true;
    }
  }
  return false;
}
