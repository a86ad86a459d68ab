/** The demo schools' levels, grades and subjects, in each school's language (seed/school.ts, grades.ts, billing.ts). */

export type Lang = "es" | "en";
/** A name in each language; a subject's Spanish one names its assessments in seed/grades.ts. */
type Names = Readonly<Record<Lang, string>>;
const names = (es: string, en: string): Names => ({ es, en });
// In the English school the language of instruction is English and the foreign language Spanish.
const LANGUAGE = names("Comunicación", "English");
const MATHS = names("Matemática", "Mathematics");
const SCIENCE = names("Ciencia y Tecnología", "Science and Technology");
const ART = names("Arte y Cultura", "Art and Culture");
const PE = names("Educación Física", "Physical Education");
const FOREIGN = names("Inglés", "Spanish");
const RELIGION = names("Educación Religiosa", "Religious Education");
const PERSONAL = names("Personal Social", "Personal and Social Development");

/**
 * Inicial to 5.º de secundaria (kindergarten to grade 11 in the English school), with the subjects of each level and
 * its monthly tuition in cents (seed/billing.ts).
 */
export const LEVELS: readonly { level: Names; grades: readonly Names[]; subjects: readonly Names[]; tuition: number }[] = [
  {
    level: names("Inicial", "Kindergarten"),
    grades: [names("Inicial 5 años", "Kindergarten")],
    subjects: [LANGUAGE, MATHS, PERSONAL, SCIENCE, names("Psicomotricidad", "Movement and Play")],
    tuition: 55_000,
  },
  {
    level: names("Primaria", "Primary"),
    grades: [1, 2, 3, 4, 5, 6].map((n) => names(`${n}.º de primaria`, `Grade ${n}`)),
    subjects: [LANGUAGE, MATHS, PERSONAL, SCIENCE, ART, PE, FOREIGN, RELIGION],
    tuition: 65_000,
  },
  {
    level: names("Secundaria", "Secondary"),
    grades: [1, 2, 3, 4, 5].map((n) => names(`${n}.º de secundaria`, `Grade ${n + 6}`)),
    subjects: [
      LANGUAGE,
      MATHS,
      names("Ciencias Sociales", "Social Studies"),
      SCIENCE,
      names("Desarrollo Personal", "Personal Development"),
      ART,
      PE,
      FOREIGN,
      names("Educación para el Trabajo", "Enterprise and Technology"),
      RELIGION,
    ],
    tuition: 72_000,
  },
];

const ALL_SUBJECTS = LEVELS.flatMap((l) => l.subjects);
/** The Spanish name of a seeded subject, whichever language the school names it in (seed/grades.ts keys its assessments by it). */
export const subjectKey = (name: string): string => ALL_SUBJECTS.find((s) => s.es === name || s.en === name)?.es ?? name;
/** The monthly tuition of a level (a grade's groupBy) in cents, in either language; a level the seed did not make pays primary's. */
export const levelTuition = (groupBy: string | null): number => (LEVELS.find((l) => l.level.es === groupBy || l.level.en === groupBy) ?? LEVELS[1]!).tuition;
