import { CONCEPT_TYPE, GRADE_MAX, GRADE_MIN, isTextConcept, letterOf, numberOf, weightedAverage } from "@pizarra/contracts";
import type { Db } from "../client.ts";
import type { Prisma } from "../generated/client.ts";
import { forTenant } from "../tenant.ts";
import { subjectKey } from "./levels.ts";

type Named = readonly [name: string, abrev: string];
type Lang = "es" | "en";
/** One assessment of a term: its weight (-1 auto, 0 none, else a manual percent) and its name in each language. */
type Item = readonly [weight: number, es: Named, en: Named];
/** Texts by the letter a grade stands for (AD, A, B, C). */
type ByLetter = Readonly<Record<string, readonly string[]>>;

const EXAM = (weight: number): Item => [weight, ["Examen bimestral", "EXB"], ["Term exam", "EXAM"]];

/** Every term's assessments of a subject, by the subject's Spanish name (seed/school.ts, `subjectKey`); manual weights leave the rest to the auto ones. */
const AREAS: Readonly<Record<string, readonly Item[]>> = {
  Comunicación: [
    [-1, ["Comprensión lectora", "CL"], ["Reading comprehension", "RC"]],
    [-1, ["Producción de textos", "PT"], ["Writing", "WR"]],
    [-1, ["Expresión oral", "EO"], ["Speaking and listening", "SL"]],
    EXAM(40),
  ],
  Matemática: [
    [-1, ["Números y operaciones", "NO"], ["Number and operations", "NO"]],
    [-1, ["Geometría y medida", "GM"], ["Geometry and measures", "GM"]],
    [25, ["Resolución de problemas", "RP"], ["Problem solving", "PS"]],
    EXAM(35),
  ],
  "Personal Social": [
    [-1, ["Identidad y convivencia", "IC"], ["Identity and citizenship", "IC"]],
    [-1, ["Historia y geografía", "HG"], ["History and geography", "HG"]],
    EXAM(30),
  ],
  "Ciencias Sociales": [
    [-1, ["Interpretación histórica", "IH"], ["Historical understanding", "HU"]],
    [-1, ["Espacio y ambiente", "EA"], ["Geography and environment", "GE"]],
    EXAM(40),
  ],
  "Ciencia y Tecnología": [
    [30, ["Indagación científica", "IND"], ["Scientific inquiry", "INQ"]],
    [-1, ["Explicación del mundo físico", "EMF"], ["Understanding the physical world", "PHW"]],
    EXAM(30),
  ],
  Psicomotricidad: [
    [-1, ["Coordinación motriz", "CM"], ["Motor coordination", "MC"]],
    [-1, ["Expresión corporal", "EC"], ["Body expression", "BE"]],
  ],
  "Arte y Cultura": [
    [-1, ["Apreciación artística", "AA"], ["Art appreciation", "AA"]],
    [60, ["Proyecto artístico", "PA"], ["Art project", "AP"]],
  ],
  "Educación Física": [
    [-1, ["Desempeño motriz", "DM"], ["Movement skills", "MS"]],
    [-1, ["Vida saludable", "VS"], ["Healthy living", "HL"]],
    [-1, ["Juego y deporte", "JD"], ["Games and sport", "GS"]],
  ],
  Inglés: [[-1, ["Comprensión oral", "CO"], ["Listening", "LIS"]], [-1, ["Producción escrita", "PE"], ["Writing", "WRI"]], EXAM(40)],
  "Educación Religiosa": [
    [-1, ["Identidad religiosa", "IR"], ["Religious identity", "RI"]],
    [-1, ["Vivencia de la fe", "VF"], ["Living the faith", "LF"]],
  ],
  "Desarrollo Personal": [
    [-1, ["Identidad personal", "IP"], ["Personal identity", "PI"]],
    [-1, ["Convivencia y ciudadanía", "CC"], ["Citizenship", "CIT"]],
    [0, ["Autoevaluación", "AUT"], ["Self-assessment", "SELF"]],
  ],
  "Educación para el Trabajo": [
    [50, ["Proyecto de emprendimiento", "PRE"], ["Enterprise project", "ENT"]],
    [-1, ["Habilidades técnicas", "HT"], ["Technical skills", "TS"]],
    [-1, ["Trabajo en equipo", "TE"], ["Teamwork", "TW"]],
  ],
};
const OTHER_AREA: readonly Item[] = [
  [-1, ["Trabajo en clase", "TC"], ["Class work", "CW"]],
  [40, ["Evaluación bimestral", "EVB"], ["Term assessment", "TA"]],
];

const TEXTS: Record<
  Lang,
  {
    term: (n: number) => Named;
    final: Named;
    attitude: Named;
    conclusion: Named;
    behaviour: Named;
    finalBehaviour: Named;
    tutor: Named;
    conclusions: ByLetter;
    comments: ByLetter;
  }
> = {
  es: {
    term: (n) => [`Bimestre ${n}`, `B${n}`],
    final: ["Promedio final", "PF"],
    attitude: ["Actitud ante el área", "ACT"],
    conclusion: ["Conclusión descriptiva", "CD"],
    behaviour: ["Conducta", "COND"],
    finalBehaviour: ["Calificativo final de conducta", "CONDF"],
    tutor: ["Comentario del tutor", "TUT"],
    conclusions: {
      AD: [
        "Logra los aprendizajes previstos con autonomía y los aplica en situaciones nuevas; argumenta sus respuestas con claridad y apoya a sus compañeros.",
        "Demuestra un dominio destacado de las competencias del área, propone soluciones creativas y muestra mucho interés por seguir aprendiendo.",
      ],
      A: [
        "Logra los aprendizajes previstos en el tiempo programado; participa en clase y cumple con sus trabajos.",
        "Alcanza las competencias del área, organiza bien sus ideas y presenta sus trabajos a tiempo. Puede profundizar más en sus explicaciones.",
      ],
      B: [
        "Está en proceso de lograr los aprendizajes previstos; necesita acompañamiento para organizar sus ideas y presentar sus trabajos completos.",
        "Avanza en las competencias del área, aunque requiere practicar más en casa y consultar sus dudas en clase.",
      ],
      C: [
        "Se encuentra en inicio: requiere apoyo constante del docente y de la familia, y un plan de refuerzo para el siguiente bimestre.",
        "Muestra dificultades para lograr los aprendizajes previstos; se recomienda repasar los temas trabajados y asistir a las clases de nivelación.",
      ],
    },
    comments: {
      AD: [
        "Es un estudiante respetuoso, responsable y solidario con sus compañeros. ¡Felicitaciones!",
        "Mantiene una conducta ejemplar y es un referente positivo para el aula.",
      ],
      A: [
        "Cumple con las normas de convivencia y participa con entusiasmo. Debe seguir esforzándose.",
        "Buena conducta y buena relación con sus compañeros; puede mejorar su puntualidad.",
      ],
      B: [
        "Necesita mejorar su atención en clase y cumplir a tiempo con sus responsabilidades.",
        "Se conversó con la familia para acompañar su conducta en el aula; muestra avances.",
      ],
      C: [
        "Requiere seguimiento de tutoría y el compromiso de la familia para mejorar su conducta.",
        "Presenta incidencias reiteradas; se acordó con la familia un compromiso de mejora.",
      ],
    },
  },
  en: {
    term: (n) => [`Term ${n}`, `T${n}`],
    final: ["Final average", "FA"],
    attitude: ["Attitude to learning", "ATT"],
    conclusion: ["Descriptive conclusion", "DC"],
    behaviour: ["Behaviour", "BEH"],
    finalBehaviour: ["Final behaviour grade", "CONDF"],
    tutor: ["Form tutor's comment", "TUT"],
    conclusions: {
      AD: [
        "Achieves the expected learning independently and applies it to new situations; explains their reasoning clearly and helps classmates.",
        "Shows an outstanding command of the subject's skills, suggests creative solutions and is keen to keep learning.",
      ],
      A: [
        "Achieves the expected learning on time; takes part in class and completes their work.",
        "Meets the subject's goals, organises ideas well and hands work in on time. Could go deeper in their explanations.",
      ],
      B: [
        "Working towards the expected learning; needs support to organise ideas and to hand in complete work.",
        "Making progress in the subject, but needs more practice at home and should ask about doubts in class.",
      ],
      C: [
        "Just beginning: needs steady support from the teacher and the family, and a catch-up plan for next term.",
        "Finds the expected learning difficult; should review the topics covered and attend the catch-up classes.",
      ],
    },
    comments: {
      AD: ["A respectful, responsible student who is always ready to help classmates. Well done!", "Exemplary behaviour; a positive role model for the class."],
      A: [
        "Follows the class rules and takes part with enthusiasm. Keep it up.",
        "Good behaviour and good relationships with classmates; could be more punctual.",
      ],
      B: [
        "Needs to pay more attention in class and meet responsibilities on time.",
        "We spoke with the family to support their behaviour in class; there is progress.",
      ],
      C: [
        "Needs follow-up from the form tutor and the family's commitment to improve their behaviour.",
        "Repeated incidents; an improvement commitment was agreed with the family.",
      ],
    },
  },
};

/** A concept of a demo tree. `fill` is the share of students graded in a typed concept; `slot` keys its grades. */
export interface Node {
  name: string;
  abrev: string;
  type: number;
  specialType: string | null;
  /** -1 auto, 0 none, else a manual percent. */
  weight: number;
  locked: boolean;
  canEdit: boolean;
  calcAverage: boolean;
  fill: number;
  texts: ByLetter | null;
  children: Node[];
  level: number;
  order: number;
  parent: Node | null;
  slot: number;
  id: number;
}

/** A subject's tree (or a period's behaviour tree) and the students it grades. */
export interface Tree {
  periodId: number;
  activityId: number | null;
  roots: Node[];
  students: number[];
  /** The range of a student's level in it; most students sit near the top. */
  ability: readonly [low: number, high: number];
}

export const concept = ([name, abrev]: Named, fields: Partial<Node> = {}, children: Node[] = []): Node => ({
  name,
  abrev,
  type: 0,
  specialType: null,
  weight: -1,
  locked: false,
  canEdit: true,
  calcAverage: children.length > 0,
  fill: 1,
  texts: null,
  children,
  level: 0,
  order: 1,
  parent: null,
  slot: 0,
  id: 0,
  ...fields,
});

const weighting = (weight: number) =>
  weight < 0 ? { weightType: "auto", weight: -1 } : weight === 0 ? { weightType: "none", weight: 0 } : { weightType: "manual", weight };

/** The share of students graded in a term: the previous period and the current one's first two terms in full, its third in part, its fourth not yet. */
const termFill = (current: boolean, term: number, third: number) => (!current || term < 3 ? 1 : term === 3 ? third : 0);

/**
 * A subject's tree: "Promedio final" averages the four terms and the attitude (a qualification weighing 20 %); each
 * term averages its assessments; the descriptive conclusion sits beside it. Term 4 of the current period is locked, and
 * term 1's last assessment is closed to editing.
 */
function subjectTree(lang: Lang, current: boolean, items: readonly Item[]): Node[] {
  const texts = TEXTS[lang];
  const terms = [1, 2, 3, 4].map((n) => {
    const locked = current && n === 4;
    const assessments = items.map(([weight, es, en], i) =>
      concept(lang === "es" ? es : en, {
        weight,
        locked,
        canEdit: !(n === 1 && i === items.length - 1),
        fill: termFill(current, n, 1 - (0.7 * i) / (items.length - 1)),
      }),
    );
    return concept(texts.term(n), { locked }, assessments);
  });
  return [
    concept(texts.final, {}, [...terms, concept(texts.attitude, { type: CONCEPT_TYPE.qualification, weight: 20 })]),
    concept(texts.conclusion, { type: 2, weight: 0, fill: current ? 0.8 : 1, texts: texts.conclusions }),
  ];
}

/** A period's behaviour: "Conducta" (CPROM) averages the term grades; the final grade (CONDF) and the tutor's comment (TUTR) follow. */
function behaviourTree(lang: Lang, current: boolean): Node[] {
  const texts = TEXTS[lang];
  const terms = [1, 2, 3, 4].map((n) => concept(texts.term(n), { locked: current && n === 4, fill: termFill(current, n, 0.6) }));
  return [
    concept(texts.behaviour, { specialType: "CPROM" }, terms),
    concept(texts.finalBehaviour, { specialType: "CONDF", type: CONCEPT_TYPE.qualification, fill: current ? 0 : 1 }),
    concept(texts.tutor, { specialType: "TUTR", type: 2, weight: 0, fill: current ? 0.7 : 1, texts: texts.comments }),
  ];
}

/** A fixed pseudo-random number in [0, 1) for a tuple of integers (murmur3's mixing), so a grade does not depend on the order of the work. */
export function unit(...keys: number[]): number {
  let h = 0x2545f491;
  for (const key of keys) {
    h = Math.imul(h ^ key, 0xcc9e2d51);
    h = Math.imul((h << 15) | (h >>> 17), 0x1b873593);
  }
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/** The concepts of a tree level by level (parents first), with their level, order and parent set. */
function levels(trees: Tree[]): { tree: Tree; node: Node }[][] {
  const out: { tree: Tree; node: Node }[][] = [];
  const place = (tree: Tree, nodes: Node[], level: number, parent: Node | null, next: { slot: number }) =>
    nodes.forEach((node, i) => {
      Object.assign(node, { level, order: i + 1, parent, slot: next.slot++ });
      (out[level] ??= []).push({ tree, node });
      place(tree, node.children, level + 1, node, next);
    });
  for (const tree of trees) place(tree, tree.roots, 0, null, { slot: 1 });
  return out;
}

/**
 * Every grade of a tree, bottom-up per student: typed grades drawn around the student's level (most 5-8, the odd slip),
 * qualifications as the letter of such a grade, texts from the pool of the student's letter; every averaging concept
 * holds contracts' weighted average of its children (qualifications by their number, texts left out).
 */
export function treeGrades(tree: Tree): Prisma.GradeCreateManyInput[] {
  const key = tree.activityId ?? tree.periodId;
  const rows: Prisma.GradeCreateManyInput[] = [];
  for (const studentId of tree.students) {
    const [low, high] = tree.ability;
    const ability = high - (high - low) * unit(studentId, key, 0, 1) * unit(studentId, key, 0, 2);
    const score = (node: Node) => {
      const draw = unit(studentId, key, node.slot, 4);
      const raw = unit(studentId, key, node.slot, 3) < 0.02 ? draw * 4 : ability + (draw - 0.5) * 3.2;
      return Math.min(GRADE_MAX, Math.max(GRADE_MIN, Math.round(raw)));
    };
    const write = (node: Node, gradeNum: number | null, gradeTxt: string | null) => rows.push({ conceptId: node.id, studentId, gradeNum, gradeTxt });
    /** Writes the node's grade (if it has one) and returns what it counts for in its parent's average. */
    const grade = (node: Node): number | null => {
      if (node.calcAverage) {
        const counted = node.children.map((child) => ({ child, value: grade(child) })).filter(({ child }) => !isTextConcept(child.type) || child.calcAverage);
        const average = weightedAverage(counted.map(({ child, value }) => ({ value, ...weighting(child.weight) })));
        if (average !== null) write(node, average, null);
        return average;
      }
      if (unit(studentId, key, node.slot, 5) >= node.fill) return null;
      if (node.texts) {
        const pool = node.texts[letterOf(ability)!]!;
        write(node, null, pool[Math.floor(unit(studentId, key, node.slot, 6) * pool.length)]!);
        return null;
      }
      if (node.type === CONCEPT_TYPE.qualification) {
        const letter = letterOf(score(node))!;
        write(node, null, letter);
        return numberOf(letter);
      }
      const value = score(node);
      write(node, value, null);
      return value;
    };
    tree.roots.forEach(grade);
  }
  return rows;
}

/** Creates the concepts of the trees level by level (parents first) and sets each node's id. */
export async function createConcepts(tx: Prisma.TransactionClient, trees: Tree[]): Promise<void> {
  for (const level of levels(trees)) {
    const created = await tx.evalConcept.createManyAndReturn({
      data: level.map(({ tree, node }) => ({
        periodId: tree.periodId,
        activityId: tree.activityId,
        isBehavior: tree.activityId === null,
        parentId: node.parent?.id ?? null,
        level: node.level,
        order: node.order,
        name: node.name,
        abrev: node.abrev,
        type: node.type,
        specialType: node.specialType,
        ...weighting(node.weight),
        locked: node.locked,
        canEdit: node.canEdit,
        calcAverage: node.calcAverage,
      })),
      select: { id: true },
    });
    created.forEach((row, k) => {
      level[k]!.node.id = row.id;
    });
  }
}

/** A student group that a subject is taught to (000 §2.9 reports 8 and 9, "by group and course"). */
const WORKSHOP: Record<Lang, string> = { es: "Taller de inglés avanzado", en: "Advanced English workshop" };
/** How many students of the graded section take the workshop. */
const WORKSHOP_SIZE = 12;

/**
 * The group reports' data: a workshop group of the first graded section's first students in the current period, to
 * whom that section's English (or its first graded subject) is taught as a group.
 */
async function seedWorkshop(
  tx: Prisma.TransactionClient,
  lang: Lang,
  graded: { activityId: number; sectionId: number }[],
  activities: { id: number; periodId: number; name: string }[],
  bySection: Map<number, number[]>,
  current: Set<number>,
) {
  const periodOf = new Map(activities.map((a) => [a.id, a]));
  const inCurrent = graded.filter((p) => current.has(periodOf.get(p.activityId)!.periodId));
  const part = inCurrent.find((p) => subjectKey(periodOf.get(p.activityId)!.name) === "Inglés") ?? inCurrent[0];
  if (!part) return;
  // Seeding the grades again (their test does) finds the group made the first time.
  const group =
    (await tx.userGroup.findFirst({ where: { name: WORKSHOP[lang] }, select: { id: true } })) ??
    (await tx.userGroup.create({ data: { name: WORKSHOP[lang], type: 1, staff: false } }));
  const students = (bySection.get(part.sectionId) ?? []).slice(0, WORKSHOP_SIZE);
  await tx.userGroupMember.createMany({ data: students.map((userId) => ({ groupId: group.id, userId })), skipDuplicates: true });
  const { groups } = await tx.activity.findUniqueOrThrow({ where: { id: part.activityId }, select: { groups: true } });
  if (!groups.includes(group.id)) await tx.activity.update({ where: { id: part.activityId }, data: { groups: { push: group.id } } });
}

/**
 * The demo school's grade sheets, in its language: every subject gets its concept tree (shared by its
 * sections) and every period its behaviour tree. Grades, bulk-written through the tenant client, are kept to a sample
 * so that seeding stays quick: every subject of the first section of each level's first grade, and every course-section
 * the demo teacher teaches, with those students' behaviour; the previous period in full, the current one up to part of
 * its third term. The same school always gets the same grades.
 */
export async function seedGrades(db: Db, tenantId: number) {
  const t = forTenant(db, tenantId);
  const tenant = await db.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { defaultLocale: true } });
  const lang: Lang = tenant.defaultLocale === "en" ? "en" : "es";
  const [periods, activities, parts, sections, members, teacher] = await Promise.all([
    t.period.findMany({ orderBy: { id: "asc" }, select: { id: true, current: true } }),
    t.activity.findMany({ orderBy: { id: "asc" }, select: { id: true, periodId: true, name: true } }),
    t.activityPart.findMany({ orderBy: { id: "asc" }, select: { activityId: true, sectionId: true, masterId: true } }),
    t.section.findMany({ orderBy: { id: "asc" }, select: { id: true, superSection: { select: { periodId: true, groupBy: true, sort: true } } } }),
    t.sectionMember.findMany({ where: { user: { type: 2 } }, orderBy: { id: "asc" }, select: { userId: true, sectionId: true } }),
    t.user.findFirst({ where: { roleCode: 5, accountId: { not: null } }, select: { id: true } }),
  ]);
  const current = new Set(periods.filter((p) => p.current).map((p) => p.id));

  const first = new Map<string, { id: number; sort: number }>(); // by period and level (the grades' groupBy)
  for (const s of sections) {
    const key = `${s.superSection.periodId}:${s.superSection.groupBy}`;
    if (!first.has(key) || s.superSection.sort < first.get(key)!.sort) first.set(key, { id: s.id, sort: s.superSection.sort });
  }
  const firstSections = new Set([...first.values()].map((s) => s.id));
  const graded = parts.filter((p) => firstSections.has(p.sectionId) || (teacher !== null && p.masterId === teacher.id));
  const gradedSections = new Set([...firstSections, ...graded.map((p) => p.sectionId)]);
  const periodOf = new Map(sections.map((s) => [s.id, s.superSection.periodId]));
  const bySection = new Map<number, number[]>();
  for (const m of members) bySection.set(m.sectionId, [...(bySection.get(m.sectionId) ?? []), m.userId]);

  const trees: Tree[] = [
    ...activities.map((a) => ({
      periodId: a.periodId,
      activityId: a.id,
      roots: subjectTree(lang, current.has(a.periodId), AREAS[subjectKey(a.name)] ?? OTHER_AREA),
      students: graded.filter((p) => p.activityId === a.id).flatMap((p) => bySection.get(p.sectionId) ?? []),
      ability: [2.6, 7.8] as const,
    })),
    ...periods.map((p) => ({
      periodId: p.id,
      activityId: null,
      roots: behaviourTree(lang, current.has(p.id)),
      students: members.filter((m) => gradedSections.has(m.sectionId) && periodOf.get(m.sectionId) === p.id).map((m) => m.userId),
      ability: [3, 8] as const,
    })),
  ];

  await t.$transaction(
    async (tx) => {
      await createConcepts(tx, trees);
      await tx.grade.createMany({ data: trees.flatMap(treeGrades) });
      await seedWorkshop(tx, lang, graded, activities, bySection, current);
    },
    { timeout: 120_000 },
  );
}
