import {
  FAMILY_GUARDIAN_COLUMNS,
  FAMILY_GUARDIANS_PER_LINE,
  FAMILY_STUDENT_COLUMNS,
  familyColumnKey,
  KINSHIP_RELATIONS,
  type TFamilyGuardianColumn,
  type TFamilyStudentColumn,
  type TKinshipRelation,
} from "@pizarra/contracts";
import { type Locale, translator } from "../../i18n.ts";
import { headerKey } from "../../resource/import-fields.ts";

const LOCALES: Locale[] = ["es", "en"];

/** A column of the file: the student's, or one of a guardian's (guardian 1 or 2). */
export type FamilyColumn = { key: string; field: TFamilyStudentColumn; guardian?: undefined } | { key: string; field: TFamilyGuardianColumn; guardian: number };

/** Every column the template writes, in its order: the student's, then guardian 1's and guardian 2's. */
export const FAMILY_COLUMNS: FamilyColumn[] = [
  ...FAMILY_STUDENT_COLUMNS.map((field) => ({ key: familyColumnKey(field), field })),
  ...Array.from({ length: FAMILY_GUARDIANS_PER_LINE }, (_, i) =>
    FAMILY_GUARDIAN_COLUMNS.map((field) => ({ key: familyColumnKey(field, i + 1), field, guardian: i + 1 })),
  ).flat(),
];

/** A column's title in one language ("Apoderado 1 teléfono"), as the template writes it and the messages name it. */
export function columnTitle(column: FamilyColumn, locale: Locale): string {
  const t = translator(locale);
  return column.guardian ? t(`familyImport.guardianColumns.${column.field}`, { guardian: column.guardian }) : t(`familyImport.columns.${column.field}`);
}

/** A header as typed, in either language or as the column's key, → the column; case, accents and a trailing * aside. */
export const HEADER_INDEX: ReadonlyMap<string, FamilyColumn> = new Map(
  FAMILY_COLUMNS.flatMap((column) => [column.key, ...LOCALES.map((locale) => columnTitle(column, locale))].map((title) => [headerKey(title), column] as const)),
);

/** A kinship's label in one language, as the Family tab shows it. */
export const relationLabel = (code: TKinshipRelation, locale: Locale): string => translator(locale)(`family.options.relation.${code}`);

/**
 * What a relative is to a student, as schools write it in either language → a code of KINSHIP_RELATIONS: the labels
 * the Family tab shows (which the template's second sheet lists), and the other words schools use.
 */
const RELATION_WORDS: Record<TKinshipRelation, readonly string[]> = {
  mother: ["madre", "mama", "mother", "mom", "mum"],
  father: ["padre", "papa", "father", "dad"],
  grandmother: ["abuela", "grandmother", "grandma"],
  grandfather: ["abuelo", "grandfather", "grandpa"],
  sibling: ["hermano", "hermana", "sibling", "brother", "sister"],
  aunt: ["tia", "aunt"],
  uncle: ["tio", "uncle"],
  tutor: ["tutor", "tutora", "apoderado", "apoderada", "guardian", "legal guardian"],
  other: ["otro", "otra", "other"],
};
const RELATION_INDEX = new Map<string, TKinshipRelation>(
  KINSHIP_RELATIONS.flatMap((code) =>
    [code, ...RELATION_WORDS[code], ...LOCALES.map((locale) => relationLabel(code, locale))].map((word) => [headerKey(word), code] as const),
  ),
);

/** A kinship cell → its code, or null when it names none. */
export const readRelation = (text: string): TKinshipRelation | null => RELATION_INDEX.get(headerKey(text)) ?? null;

/** A column's letter as spreadsheets name it: 0 → A, 26 → AA. */
export function columnLetter(index: number): string {
  let letter = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letter = String.fromCharCode(65 + ((n - 1) % 26)) + letter;
  return letter;
}
