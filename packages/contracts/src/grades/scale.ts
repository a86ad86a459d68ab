/**
 * The grading scale of the grade sheet (spec 000 §3, §5; 001 §9): numbers 0-8, the letters they stand for, their
 * colours, the qualification shortcuts, and weighted averages. Shared by the server (averages, reports, PDFs) and the
 * screen (cells, colours), so both always agree.
 */

/** 000 §5 and §9: a numeric grade is an integer from 0 to 8. */
export const GRADE_MIN = 0;
export const GRADE_MAX = 8;
/**
 * 000 §5 "Grade entry": the one reading of a numeric grade, whether typed in a cell, sent in a save or read from an
 * import. Nothing (absent, null, blank) is no grade; otherwise a whole number 0-8, as a JSON number or written in
 * digits alone; anything else ("7.5", "9", "a") is refused whole.
 */
export function numericGrade(input: unknown): { value: number | null } | { error: true } {
  if (input === undefined || input === null) return { value: null };
  if (typeof input === "number") return Number.isInteger(input) && input >= GRADE_MIN && input <= GRADE_MAX ? { value: input } : { error: true };
  if (typeof input !== "string") return { error: true };
  const text = input.trim();
  if (text === "") return { value: null };
  return /^\d+$/.test(text) ? numericGrade(Number(text)) : { error: true };
}
/** 000 §9: a free-text grade holds at most 700 characters. */
export const GRADE_TEXT_MAX = 700;
/** 001 §5, §9: a grade import fills at most 10 evaluation concepts, c1 … c10 (the file's columns, in order). */
export const IMPORT_MAX_CONCEPTS = 10;
export const IMPORT_CONCEPT_KEYS = Array.from({ length: IMPORT_MAX_CONCEPTS }, (_, i) => `c${i + 1}`);
/** 001 §9: a subject's scale from 8 down to 0 (the letter each number stands for). */
export const DEFAULT_SCALE = "AD,A,A,B,B,C,C,C,C";
/** 001 §9: a qualification concept's default choices. */
export const DEFAULT_QUALIFICATIONS = "AD,A,B,C";

/** Concept types (000 §3): 0 numeric 0-8, 1 a qualification from a list, 2 and 4 descriptive, other values free text. */
export const CONCEPT_TYPE = { numeric: 0, qualification: 1 } as const;
export const isTextConcept = (type: number) => type !== CONCEPT_TYPE.numeric && type !== CONCEPT_TYPE.qualification;

/**
 * The key of one student's grade of one concept in a map of grades (the server's saves, averages, imports and sheets,
 * and the screen), so that every such map is keyed the same way.
 */
export const cellKey = (conceptId: number, studentId: number): string => `${conceptId}:${studentId}`;

export const splitList = (list: string | null | undefined): string[] =>
  (list ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);

/** 000 §3: the letter of a rounded numeric 1-8 (8=AD, 7=A, 6=A, 5=B, 4=B, 3=C, 2=C, 1=C) on the subject's scale. */
export function letterOf(value: number | null | undefined, scale = DEFAULT_SCALE): string | null {
  if (value === null || value === undefined || Number.isNaN(value)) return null;
  const rounded = Math.min(GRADE_MAX, Math.max(GRADE_MIN, Math.round(value)));
  return splitList(scale)[GRADE_MAX - rounded] ?? null;
}

/** 000 §3's finer letters, 8 down to 1 (the colour classes): AD, A, B+, B, B-, C, D, F. */
const FINE_SCALE = "AD,A,B+,B,B-,C,D,F";

/**
 * The number a letter stands for when averaged: the highest one the scale gives it (AD 8, A 7, B 5, C 3), else its
 * place on the finer scale of the colour classes (B+ 6, B- 4, D 2, F 1).
 */
export function numberOf(letter: string | null | undefined, scale = DEFAULT_SCALE): number | null {
  if (!letter) return null;
  const wanted = letter.trim().toUpperCase();
  const index = splitList(scale).findIndex((l) => l.toUpperCase() === wanted);
  if (index >= 0) return GRADE_MAX - index;
  const fine = splitList(FINE_SCALE).indexOf(wanted);
  return fine < 0 ? null : GRADE_MAX - fine;
}

/** 000 §3 colour classes: AD/8 blue, A/7 green, B+/6 light blue, B/5 yellow, B-/4 orange, C/3 red, D/2 brown, F/1 gray. */
const TONES = ["gray", "gray", "brown", "red", "orange", "yellow", "lightblue", "green", "blue"] as const;
const LETTER_TONES: Record<string, (typeof TONES)[number]> = {
  AD: "blue",
  A: "green",
  "B+": "lightblue",
  B: "yellow",
  "B-": "orange",
  C: "red",
  D: "brown",
  F: "gray",
};
export type GradeTone = (typeof TONES)[number];

export function toneOf(value: number | string | null | undefined): GradeTone | null {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "number") return Number.isNaN(value) ? null : TONES[Math.min(GRADE_MAX, Math.max(GRADE_MIN, Math.round(value)))]!;
  return LETTER_TONES[value.trim().toUpperCase()] ?? null;
}

/**
 * 000 §2.9: keys that pick a qualification in a cell: z AD, a A, + B+, b B, - B-, c C, d D, f F, and s 'Sin nota'
 * (no grade, null). Undefined when the key picks nothing the concept offers.
 */
const SHORTCUTS: Record<string, string | null> = { z: "AD", a: "A", "+": "B+", b: "B", "-": "B-", c: "C", d: "D", f: "F", s: null };
export function qualificationForKey(key: string, qualifications: string): string | null | undefined {
  const pick = SHORTCUTS[key.toLowerCase()];
  if (pick === undefined) return undefined;
  if (pick === null) return null;
  return splitList(qualifications).includes(pick) ? pick : undefined;
}

/** A child of an averaging concept: its value (null when not graded yet) and how it weighs (001 §3). */
export interface Weighted {
  value: number | null;
  /** auto, manual or none. */
  weightType: string;
  /** -1 auto, 0 none, else a percent (manual). */
  weight: number;
}

/**
 * The weighted average of a concept's children (001 §3): `none` children do not count; `manual` ones weigh their
 * percent; `auto` ones share what the manual ones leave, equally. Children without a grade are left out and the
 * others' weights scaled up, so a half-graded term shows the average so far. Two decimals; null when nothing counts.
 */
export function weightedAverage(children: readonly Weighted[]): number | null {
  const counted = children.filter((c) => c.weightType !== "none" && !(c.weightType === "manual" && c.weight <= 0));
  const manual = counted.filter((c) => c.weightType === "manual").reduce((sum, c) => sum + c.weight, 0);
  const autos = counted.filter((c) => c.weightType !== "manual").length;
  const autoShare = autos > 0 ? Math.max(0, 100 - manual) / autos : 0;
  let total = 0;
  let weights = 0;
  for (const child of counted) {
    if (child.value === null || Number.isNaN(child.value)) continue;
    const weight = child.weightType === "manual" ? child.weight : autoShare;
    total += child.value * weight;
    weights += weight;
  }
  return weights > 0 ? Math.round((total / weights) * 100) / 100 : null;
}

/** What a subject asks to pass (001 §3 "Subject"): its type, its scale, and a minimum for each kind. */
export interface PassRule {
  /** 0 quantitative, 1 qualitative. */
  type: number;
  /** The subject's scale, 8 down to 0 (qualifications). */
  qualifications: string;
  minToPass: string | null;
  minToPassNum: number | null;
}

/** The minimum a subject asks, as read (a letter of a qualitative subject, else the number); null when none is set. */
export function minimumOf(rule: PassRule): string | null {
  if (rule.type === CONCEPT_TYPE.qualification) return numberOf(rule.minToPass, rule.qualifications) === null ? null : rule.minToPass!.trim();
  return rule.minToPassNum === null ? null : String(rule.minToPassNum);
}

/**
 * Whether a final grade passes its subject (001 §3 "Subject"): a quantitative subject compares the grade (an average
 * with its decimals, not rounded) with minToPassNum; a qualitative one compares the grade's letter on the subject's
 * scale with minToPass on that scale. A subject without a minimum of its kind is passed.
 */
export function passes(grade: number, rule: PassRule): boolean {
  if (minimumOf(rule) === null) return true;
  if (rule.type !== CONCEPT_TYPE.qualification) return grade >= rule.minToPassNum!;
  return numberOf(letterOf(grade, rule.qualifications), rule.qualifications)! >= numberOf(rule.minToPass, rule.qualifications)!;
}
