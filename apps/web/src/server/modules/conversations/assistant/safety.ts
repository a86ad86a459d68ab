import { PERSON_TYPE } from "@pizarra/contracts";
import type { TenantDb } from "@pizarra/db";
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
 * whether the text names a student of the school who is not one of this family's children. One read of the school's
 * students' names (a school of 2,000 is a few thousand phrases in a Set) and a look-up of each run of 2 to 6 words of
 * the text: the cost follows the answer's length, not the school's size. Former students count: they are someone's
 * children too. A name a family child shares with another student is the family's own and passes.
 */
export async function namesOtherChildren(db: TenantDb, text: string, familyIds: number[]): Promise<boolean> {
  const students = await db.user.findMany({ where: { type: PERSON_TYPE.student }, select: { id: true, name: true, last: true, last2: true } });
  const family = new Set(familyIds);
  const own = new Set(students.filter((s) => family.has(s.id)).flatMap(phrasesOf));
  const others = new Set(students.filter((s) => !family.has(s.id)).flatMap(phrasesOf));
  const words = wordsOf(text).trim().split(" ");
  for (let i = 0; i < words.length; i++) {
    for (let n = 2; n <= MAX_WORDS && i + n <= words.length; n++) {
      const phrase = words.slice(i, i + n).join(" ");
      if (others.has(phrase) && !own.has(phrase)) return true;
    }
  }
  return false;
}
