import { beforeAll, describe, expect, it } from "vitest";
import { apiHarness } from "../../../test-support/harness.ts";

const api = apiHarness({ school: true });
type Row = Record<string, unknown>;
type Refusal = { errors: Record<string, string> };
type Locale = "es" | "en";
type Header = Row & { ID: number; parentId: number | null; level: number; order: number; name: string };

let admin: string;
let northside: string;
let secretary: string;
let teacher: string;
let coordinator: string;
/** A subject made for these tests (no demo concepts), taught by the demo teacher in `sectionId` and also in `otherSectionId`. */
let subject: { activityId: number; sectionId: number; otherSectionId: number; partId: number; gradeId: number };
/** A subject of the previous period (the demo has subjects in the current one only). */
let oldSubjectId: number;

const list = api.rows;
const get = <T = Row>(path: string, token = admin, locale: Locale = "es") => api.call<T>("GET", path, { token, locale });
const post = <T = { ID: number }>(path: string, body: unknown, token = admin, locale: Locale = "es") => api.call<T>("POST", path, { token, body, locale });
const conceptCount = () => api.db().evalConcept.count();

/** A concept of the test subject, as the form sends it (shared by its sections unless said). */
const concept = (extra: Row = {}): Row => ({
  periodId: 202601,
  activityId: subject.activityId,
  name: "Examen parcial",
  abrev: "EXP",
  type: 0,
  weightType: "auto",
  ...extra,
});

async function create(extra: Row = {}, token = admin): Promise<number> {
  const res = await post("admEvalConcept/create", concept(extra), token);
  expect(res.body).toMatchObject({ status: 0 });
  return res.body.data.ID;
}

const move = (id: number, direction: string, token = admin, locale: Locale = "es") =>
  post<Refusal & { parentId: number | null; level: number; order: number }>(`admEvalConcept/move/${id}`, { direction }, token, locale);

/** The concepts of a tree as stored, by id. */
async function stored(where: Row) {
  const rows = await api.db().evalConcept.findMany({ where, select: { id: true, parentId: true, level: true, order: true, name: true } });
  return new Map(rows.map((r) => [r.id, r]));
}

/** Every level is its parent's plus one (0 at the top), and every set of siblings is ordered 1, 2, 3 … */
async function expectWholeTree(where: Row) {
  const rows = await stored(where);
  const siblings = new Map<string, number[]>();
  for (const row of rows.values()) {
    expect(row.level).toBe(row.parentId === null ? 0 : rows.get(row.parentId)!.level + 1);
    const key = String(row.parentId);
    siblings.set(key, [...(siblings.get(key) ?? []), row.order]);
  }
  for (const orders of siblings.values()) expect(orders.sort((a, b) => a - b)).toEqual(orders.map((_, i) => i + 1));
}

/** The children of a parent (null: the top level) in their order. */
async function childrenOf(parentId: number | null, where: Row = { activityId: subject.activityId, sectionId: null }) {
  const rows = await api.db().evalConcept.findMany({ where: { ...where, parentId }, orderBy: { order: "asc" }, select: { id: true } });
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  ({ admin, northside, secretary, teacher } = await api.tokens());
  const groups = await list("admUserGroup/get?pick=true");
  const staff = {
    name: "Carla",
    last: "Coordinadora",
    type: 4,
    mail: "coordinacion@colegio.demo",
    cel: "987123456",
    groupId: groups.find((g) => g.name === "Dirección")!.ID,
    pass: "coordinar-notas",
  };
  expect((await post("admStaff/create", staff)).body.status).toBe(0);
  coordinator = (await api.login("coordinacion@colegio.demo", "coordinar-notas")).body.data.token;

  const { teacherId } = await api.school();
  const sections = await list("admSection/get?periodId=202601&PageSize=100");
  const [section, other] = sections.filter((s) => s.parentId === sections[0]!.parentId);
  const gradeId = section!.parentId as number;
  const activityId = (await post("admSubject/create", { periodId: 202601, superSections: [gradeId], name: "Robótica", type: 0 })).body.data.ID;
  const part = await post(`admActivityParts/create?parentId=${activityId}`, { sectionId: section!.ID, name: "Robótica A", masterId: teacherId });
  expect((await post(`admActivityParts/create?parentId=${activityId}`, { sectionId: other!.ID, name: "Robótica B" })).body.status).toBe(0);
  subject = { activityId, sectionId: section!.ID as number, otherSectionId: other!.ID as number, partId: part.body.data.ID, gradeId };
  oldSubjectId = (await post("admSubject/create", { periodId: 202501, name: "Robótica 2025", type: 0 })).body.data.ID;
});

describe("spec rules (001 §5), refused in the user's language naming the field, writing nothing", () => {
  it.each([
    ["es", { name: "" }, "name", "El campo Nombre es requerido."],
    ["en", { name: "x".repeat(401) }, "name", "The Name may not be greater than 400 characters."],
    ["es", { abrev: "" }, "abrev", "El campo Abreviatura es requerido."],
    ["en", { abrev: "E" }, "abrev", "The Abbreviation must be at least 2 characters."],
    ["es", { abrev: "EXAMEN" }, "abrev", "Abreviatura no debe ser mayor a 5 caracteres."],
    ["es", { weightType: "" }, "weightType", "El campo Tipo de peso es requerido."],
    ["en", { weightType: "heavy" }, "weightType", "The Weighting is not one of the allowed options."],
    ["es", { weightType: "manual" }, "weight", "El campo Peso (%) es requerido."],
    ["en", { weightType: "manual", weight: 0 }, "weight", "The Weight (%) field is required."],
    ["es", { weightType: "manual", weight: 101 }, "weight", "Peso (%) no debe ser mayor a 100."],
    ["en", { type: null }, "type", "The Type field is required."],
    ["es", { type: 9 }, "type", "El campo Tipo no es una de las opciones permitidas."],
    [
      "es",
      { type: 1, qualifications: "AD" },
      "qualifications",
      "El campo Calificaciones debe ser una lista separada por comas de dos o más calificaciones, como AD,A,B,C.",
    ],
    ["en", { type: 1, qualifications: "AD,A,G" }, "qualifications", "The Qualifications must be a comma list of two or more marks such as AD,A,B,C."],
    [
      "es",
      { type: 1, qualifications: "ADA,B" },
      "qualifications",
      "El campo Calificaciones debe ser una lista separada por comas de dos o más calificaciones, como AD,A,B,C.",
    ],
    ["en", { type: 1, qualifications: "" }, "qualifications", "The Qualifications field is required."],
    ["es", { locked: null }, "locked", "El campo Bloqueado es requerido."],
    ["es", { activityId: null }, "activityId", "El campo Curso es requerido."],
    ["en", { activityId: 999_999 }, "activityId", "The Course is not one of the allowed options."],
    ["es", { isBehavior: true }, "activityId", "Un concepto de comportamiento no pertenece a ningún curso."],
    ["en", { periodId: "" }, "periodId", "The Period field is required."],
    ["es", { parentId: 999_999 }, "parentId", "El campo Concepto padre no es una de las opciones permitidas."],
  ])("%s: %j", async (locale, change, field, message) => {
    const before = await conceptCount();
    const res = await post<Refusal>("admEvalConcept/create", concept(change), admin, locale as Locale);
    expect(res.http).toBe(422);
    expect(res.body.msg).toBe(message);
    expect(res.body.data.errors[field]).toBe(message);
    expect(await conceptCount()).toBe(before);
  });

  it("keeps a concept in its own subject, period and section", async () => {
    const before = await conceptCount();
    const cases: [Row, string, string, Locale][] = [
      [{ activityId: oldSubjectId }, "activityId", "El curso no es del periodo elegido.", "es"],
      [
        { sectionId: (await list("admSection/get?periodId=202601&PageSize=100")).find((s) => s.parentId !== subject.gradeId)!.ID },
        "sectionId",
        "The course is not taught in that section.",
        "en",
      ],
      [
        { sectionId: (await list("admSection/get?periodId=202501&PageSize=1"))[0]!.ID },
        "sectionId",
        "El campo Sección no es una de las opciones permitidas.",
        "es",
      ],
    ];
    for (const [change, field, message, locale] of cases) {
      const res = await post<Refusal>("admEvalConcept/create", concept(change), admin, locale);
      expect(res.http).toBe(422);
      expect(res.body.data.errors[field]).toBe(message);
    }
    expect(await conceptCount()).toBe(before);
  });

  it("sets the weight by its type, keeps a manual one and the default qualifications; a sub-concept takes its parent's type", async () => {
    const id = await create({ name: "Práctica", weightType: "none", weight: 40 });
    expect(await get(`admEvalConcept/get/${id}`).then((r) => r.body.data)).toMatchObject({
      weightType: "none",
      weight: 0,
      level: 0,
      qualifications: "AD,A,B,C",
    });
    const manual = await create({ name: "Exposición", weightType: "manual", weight: 30, parentId: id, type: undefined });
    expect(await get(`admEvalConcept/get/${manual}`).then((r) => r.body.data)).toMatchObject({
      weightType: "manual",
      weight: 30,
      type: 0,
      level: 1,
      parentId: id,
      parentName: "Práctica",
    });
    expect((await post(`admEvalConcept/edit/${manual}`, { weightType: "auto" })).body.status).toBe(0);
    expect((await get(`admEvalConcept/get/${manual}`)).body.data).toMatchObject({ weightType: "auto", weight: -1 });
    const qualified = await create({ name: "Actitud", type: 1, qualifications: "AD,A,B+,B-,C" });
    expect((await get(`admEvalConcept/get/${qualified}`)).body.data).toMatchObject({ type: 1, qualifications: "AD,A,B+,B-,C" });
    // A numeric concept whose list is emptied gets the default back; a qualification one may not lose it.
    expect((await post(`admEvalConcept/edit/${id}`, { qualifications: "" })).body.status).toBe(0);
    expect((await get(`admEvalConcept/get/${id}`)).body.data).toMatchObject({ qualifications: "AD,A,B,C" });
    const refused = await post<Refusal>(`admEvalConcept/edit/${qualified}`, { qualifications: "" }, admin, "en");
    expect(refused.body.data.errors.qualifications).toBe("The Qualifications field is required.");
    for (const concept of [manual, id, qualified]) expect((await post(`admEvalConcept/delete/${concept}?confirm=true`, undefined)).body.status).toBe(0);
  });
});

describe("roles (001 §6)", () => {
  it("lets the teacher, who writes grades but not concepts, read the headers only", async () => {
    expect((await get("admEvalConcept/get", teacher)).http).toBe(403);
    expect((await post("admEvalConcept/create", concept(), teacher)).http).toBe(403);
    const id = await create({ name: "Solo lectura" });
    expect((await move(id, "up", teacher)).http).toBe(403);
    expect((await get(`admEvalConcept/getHeader/?activityId=${subject.activityId}&sectionId=${subject.sectionId}`, teacher)).http).toBe(200);
    expect((await get(`admEvalConcept/getHeaderFinal/behavior?periodId=0&sectionId=-1&levelCount=-1`, teacher)).http).toBe(200);
    expect((await get(`admEvalConcept/getHeader/?activityId=${subject.activityId}`, secretary)).http).toBe(403);
    expect((await get("admEvalConcept/get", secretary)).http).toBe(403);
    expect((await post(`admEvalConcept/delete/${id}?confirm=true`, undefined)).body.status).toBe(0);
  });

  it("lets only role 100 create, delete and set the parent, weighting, locked, canEdit and hidden", async () => {
    const before = await conceptCount();
    const created = await post("admEvalConcept/create", concept(), coordinator, "en");
    expect(created.http).toBe(403);
    expect(created.body.msg).toBe("Only the top administrator (role 100) can create evaluation concepts.");
    expect(await conceptCount()).toBe(before);

    const parent = await create({ name: "Unidad 1", abrev: "U1" });
    const id = await create({ name: "Proyecto", abrev: "PRY" });
    const refusals: [Row, string, string, Locale][] = [
      [{ weightType: "manual", weight: 20 }, "weightType", "Solo el administrador principal (rol 100) puede cambiar el campo Tipo de peso.", "es"],
      [{ weight: 20 }, "weight", "Only the top administrator (role 100) can change the Weight (%) field.", "en"],
      [{ locked: true }, "locked", "Solo el administrador principal (rol 100) puede cambiar el campo Bloqueado.", "es"],
      [{ canEdit: false }, "canEdit", "Only the top administrator (role 100) can change the Editable field.", "en"],
      [{ hidden: true }, "hidden", "Solo el administrador principal (rol 100) puede cambiar el campo Oculto.", "es"],
      [{ parentId: parent }, "parentId", "Only the top administrator (role 100) can change the Parent concept field.", "en"],
    ];
    const row = (await get<Row>(`admEvalConcept/get/${id}`)).body.data;
    for (const [change, field, message, locale] of refusals) {
      const res = await post<Refusal>(`admEvalConcept/edit/${id}`, { name: "Proyecto final", ...change }, coordinator, locale);
      expect(res.http).toBe(403);
      expect(res.body.data.errors[field]).toBe(message);
    }
    expect((await get<Row>(`admEvalConcept/get/${id}`)).body.data).toEqual(row);

    // The rest, with the role-100 fields sent back unchanged (as the form does), is theirs to change.
    const form = {
      name: "Proyecto final",
      abrev: "PF",
      type: 3,
      calcAverage: false,
      parentId: null,
      weightType: "auto",
      weight: -1,
      locked: false,
      canEdit: true,
      hidden: false,
    };
    expect((await post(`admEvalConcept/edit/${id}`, form, coordinator)).body.status).toBe(0);
    expect((await get<Row>(`admEvalConcept/get/${id}`)).body.data).toMatchObject({ name: "Proyecto final", abrev: "PF", type: 3 });
    // Up and down only reorder; left and right change the parent.
    expect((await move(id, "up", coordinator)).body.status).toBe(0);
    const right = await move(id, "right", coordinator, "en");
    expect(right.http).toBe(403);
    expect(right.body.data.errors.parentId).toBe("Only the top administrator (role 100) can change the Parent concept field.");
    const deleted = await post(`admEvalConcept/delete/${id}?confirm=true`, undefined, coordinator, "en");
    expect(deleted.http).toBe(403);
    expect(deleted.body.msg).toBe("Only the top administrator (role 100) can delete evaluation concepts.");
    for (const concept of [id, parent]) expect((await post(`admEvalConcept/delete/${concept}?confirm=true`, undefined)).body.status).toBe(0);
  });
});

describe("the tree: levels, orders and moves (001 §4)", () => {
  const tree = () => ({ activityId: subject.activityId, sectionId: subject.otherSectionId });
  const own = (extra: Row) => create({ sectionId: subject.otherSectionId, ...extra });
  const top = () => childrenOf(null, tree());

  it("puts a new concept last among its siblings, one level below its parent, even when several arrive at once", async () => {
    const a = await own({ name: "Bimestre A", abrev: "BA" });
    const made = await Promise.all(["uno", "dos", "tres", "cuatro"].map((n) => own({ name: `Tarea ${n}`, abrev: "TA", parentId: a })));
    const rows = await stored({ id: { in: made } });
    expect([...rows.values()].map((r) => r.level)).toEqual([1, 1, 1, 1]);
    expect([...rows.values()].map((r) => r.order).sort()).toEqual([1, 2, 3, 4]);
    await expectWholeTree(tree());
    for (const id of made) await post(`admEvalConcept/delete/${id}?confirm=true`, undefined);
    await post(`admEvalConcept/delete/${a}?confirm=true`, undefined);
  });

  it("moves up, down, right and left, the subtree's levels following, and refuses what cannot happen", async () => {
    const [a, b, c] = [await own({ name: "Alfa", abrev: "AL" }), await own({ name: "Beta", abrev: "BE" }), await own({ name: "Gamma", abrev: "GA" })];
    expect(await top()).toEqual([a, b, c]);

    expect((await move(a, "down")).body).toMatchObject({ status: 0, msg: "Concepto movido.", data: { ID: a, order: 2, level: 0, parentId: null } });
    expect(await top()).toEqual([b, a, c]);
    expect((await move(a, "up")).body.status).toBe(0);
    expect(await top()).toEqual([a, b, c]);

    const first = await move(a, "up");
    expect(first.http).toBe(422);
    expect(first.body.msg).toBe("Alfa: No se ha movido el concepto. Ya es el primero de su nivel.");
    expect(first.body.data.errors.direction).toBe(first.body.msg);
    expect((await move(c, "down", admin, "en")).body.msg).toBe("Gamma: The concept has not been moved. It is already the last of its level.");
    expect((await move(a, "right")).body.msg).toBe("Alfa: No se ha movido el concepto. No hay un concepto antes de él en su nivel bajo el cual ubicarlo.");
    expect((await move(a, "left", admin, "en")).body.msg).toBe("Alfa: The concept has not been moved. It is already on the top level.");

    // Right: the last child of the previous sibling.
    expect((await move(b, "right")).body.data).toMatchObject({ parentId: a, level: 1, order: 1 });
    expect((await move(c, "right")).body.data).toMatchObject({ parentId: a, level: 1, order: 2 });
    expect(await top()).toEqual([a]);
    expect(await childrenOf(a, tree())).toEqual([b, c]);
    const d = await own({ name: "Delta", abrev: "DE", parentId: b });
    expect((await stored({ id: d })).get(d)).toMatchObject({ level: 2, order: 1 });

    // Left: only the last of its level, and it goes right after its parent.
    const notLast = await move(b, "left");
    expect(notLast.http).toBe(422);
    expect(notLast.body.msg).toBe("Beta: No se ha movido el concepto. Primero mueva a la izquierda los conceptos que le siguen en su nivel.");
    expect((await move(c, "up")).body.status).toBe(0);
    expect((await move(b, "left")).body.data).toMatchObject({ parentId: null, level: 0, order: 2 });
    expect(await top()).toEqual([a, b]);
    expect((await stored({ id: d })).get(d)).toMatchObject({ parentId: b, level: 1 });
    expect((await move(b, "right")).body.data).toMatchObject({ parentId: a, level: 1, order: 2 });
    expect((await stored({ id: d })).get(d)).toMatchObject({ level: 2 });
    await expectWholeTree(tree());

    // A left move from the middle of a deeper level lands between its parent and the parent's next sibling.
    expect((await move(d, "left")).body.data).toMatchObject({ parentId: a, level: 1, order: 3 });
    expect(await childrenOf(a, tree())).toEqual([c, b, d]);
    await expectWholeTree(tree());

    const trail = await api.db().auditLog.count({ where: { moduleId: "admEvalConcept", action: "edit", recordId: { in: [a, b, c, d].map(String) } } });
    expect(trail).toBe(8);
    for (const id of [d, b, c, a]) expect((await post(`admEvalConcept/delete/${id}?confirm=true`, undefined)).body.status).toBe(0);
  });

  it("moves a concept with its subtree to a new parent from the form, never under itself", async () => {
    const a = await own({ name: "Raíz uno", abrev: "R1" });
    const b = await own({ name: "Raíz dos", abrev: "R2" });
    const child = await own({ name: "Hijo", abrev: "HI", parentId: a });
    const grandchild = await own({ name: "Nieto", abrev: "NI", parentId: child });
    expect((await post(`admEvalConcept/edit/${child}`, { parentId: b })).body.status).toBe(0);
    expect((await stored({ id: { in: [child, grandchild] } })).get(grandchild)).toMatchObject({ level: 2, parentId: child });
    expect((await stored({ id: child })).get(child)).toMatchObject({ level: 1, order: 1, parentId: b });
    expect((await post(`admEvalConcept/edit/${child}`, { parentId: null })).body.status).toBe(0);
    expect(await top()).toEqual([a, b, child]);
    expect((await stored({ id: grandchild })).get(grandchild)).toMatchObject({ level: 1 });

    for (const [parentId, locale, message] of [
      [grandchild, "es", "Un concepto no puede ubicarse debajo de sí mismo ni de uno de sus subconceptos."],
      [child, "en", "A concept cannot be placed under itself or one of its own sub-concepts."],
    ] as const) {
      const res = await post<Refusal>(`admEvalConcept/edit/${child}`, { parentId }, admin, locale);
      expect(res.http).toBe(422);
      expect(res.body.data.errors.parentId).toBe(message);
    }
    // A parent of another tree: the shared tree of the same subject, or another subject.
    const shared = await create({ name: "Compartido", abrev: "CO" });
    const other = await post<Refusal>(`admEvalConcept/edit/${child}`, { parentId: shared }, admin, "en");
    expect(other.body.data.errors.parentId).toBe("The parent concept must be of the same course, section and period.");
    await expectWholeTree(tree());
    for (const id of [grandchild, child, b, a, shared]) expect((await post(`admEvalConcept/delete/${id}?confirm=true`, undefined)).body.status).toBe(0);
  });

  it("keeps a concept with sub-concepts or with grades, and closes the gap when one goes", async () => {
    const a = await own({ name: "Con hijos", abrev: "CH" });
    const b = await own({ name: "Con notas", abrev: "CN" });
    const c = await own({ name: "Vacío", abrev: "VA" });
    const child = await own({ name: "Hijo", abrev: "HI", parentId: a });
    const kept = await post(`admEvalConcept/delete/${a}?confirm=true`, undefined, admin, "en");
    expect(kept.http).toBe(409);
    expect(kept.body.msg).toBe("The concept has sub-concepts: delete or move them first.");

    const { db } = await api.school();
    const students = (await db.sectionMember.findMany({ where: { sectionId: subject.otherSectionId }, take: 2, select: { userId: true } })).map(
      (m) => m.userId,
    );
    await db.grade.createMany({
      data: [
        { conceptId: b, studentId: students[0]!, gradeNum: 7 },
        { conceptId: c, studentId: students[1]!, gradeNum: null, gradeTxt: null },
      ],
    });
    const graded = await post(`admEvalConcept/delete/${b}?confirm=true`, undefined);
    expect(graded.http).toBe(409);
    expect(graded.body.msg).toBe("El concepto tiene 1 nota registrada: bórrela antes o márquelo como oculto.");
    expect(await db.grade.count({ where: { conceptId: b } })).toBe(1);

    // Only empty cells: nothing is lost, they go with it, and the siblings after it move up.
    expect((await post(`admEvalConcept/delete/${c}?confirm=true`, undefined)).body.status).toBe(0);
    expect(await db.grade.count({ where: { conceptId: c } })).toBe(0);
    expect((await post(`admEvalConcept/move/${b}`, { direction: "up" })).body.status).toBe(0);
    expect((await post(`admEvalConcept/delete/${a}?confirm=true`, undefined)).http).toBe(409);
    expect((await post(`admEvalConcept/delete/${child}?confirm=true`, undefined)).body.status).toBe(0);
    expect((await post(`admEvalConcept/delete/${a}?confirm=true`, undefined)).body.status).toBe(0);
    expect(await top()).toEqual([b]);
    await expectWholeTree(tree());
    await db.grade.deleteMany({ where: { conceptId: b } });
    expect((await post(`admEvalConcept/delete/${b}?confirm=true`, undefined)).body.status).toBe(0);
  });
});

describe("grade sheet headers (000 §2.9, §7)", () => {
  /** Shared: T1 (T1a, T1b hidden → its child too), T2 (conclusion, type 2); section's own: S1; hidden top H. */
  let ids: Record<string, number>;
  const HEADER_KEYS = ["ID", "abrev", "calcAverage", "canEdit", "level", "locked", "name", "order", "parentId", "qualifications", "specialType", "type"];

  beforeAll(async () => {
    const t1 = await create({ name: "Trimestre 1", abrev: "T1", calcAverage: true });
    const t2 = await create({ name: "Trimestre 2", abrev: "T2", calcAverage: true, locked: true });
    const t1a = await create({ name: "Examen 1", abrev: "E1", parentId: t1, weightType: "manual", weight: 60 });
    const t1b = await create({ name: "Oculto", abrev: "OC", parentId: t1, hidden: true });
    const t1bx = await create({ name: "Bajo oculto", abrev: "BO", parentId: t1b });
    const t2c = await create({ name: "Conclusión", abrev: "CD", parentId: t2, type: 2 });
    const h = await create({ name: "Oculto arriba", abrev: "OA", hidden: true });
    const s1 = await create({ name: "Propio de la sección", abrev: "PS", sectionId: subject.sectionId, canEdit: false });
    const behavior = await create({ activityId: null, isBehavior: true, name: "Conducta de prueba", abrev: "CPR", specialType: "CPROM", calcAverage: true });
    ids = { t1, t2, t1a, t1b, t1bx, t2c, h, s1, behavior };
  });

  const names = (rows: Header[]) => rows.map((r) => r.abrev);

  it("gives a section its subject's tree, by level then order, without hidden concepts", async () => {
    const res = await get<Header[]>(
      `admEvalConcept/getHeader/?PageSize=40&activityId=${subject.activityId}&sectionId=${subject.sectionId}&page=1&levelCount=&type=&groupId=`,
      teacher,
    );
    expect(res.http).toBe(200);
    expect(names(res.body.data)).toEqual(["T1", "T2", "PS", "E1", "CD"]);
    expect(Object.keys(res.body.data[0]!).sort()).toEqual(HEADER_KEYS);
    expect(res.body.data.find((c) => c.abrev === "E1")).toMatchObject({
      ID: ids.t1a,
      parentId: ids.t1,
      level: 1,
      order: 1,
      type: 0,
      locked: false,
      canEdit: true,
      calcAverage: false,
      qualifications: "AD,A,B,C",
    });
    expect(res.body.data.find((c) => c.abrev === "PS")).toMatchObject({ canEdit: false, level: 0 });
    // The same through the course-section (report 1), another section, a group, one page, one level, one type.
    expect(names((await get<Header[]>(`admEvalConcept/getHeader/?activityId=${subject.partId}&isPart=true`, teacher)).body.data)).toEqual([
      "T1",
      "T2",
      "PS",
      "E1",
      "CD",
    ]);
    expect(names((await get<Header[]>(`admEvalConcept/getHeader/?activityId=${subject.activityId}&sectionId=${subject.otherSectionId}`)).body.data)).toEqual([
      "T1",
      "T2",
      "E1",
      "CD",
    ]);
    expect(
      names((await get<Header[]>(`admEvalConcept/getHeader/?activityId=${subject.activityId}&sectionId=${subject.sectionId}&groupId=1`)).body.data),
    ).toEqual(["T1", "T2", "E1", "CD"]);
    expect(
      names((await get<Header[]>(`admEvalConcept/getHeader/?activityId=${subject.activityId}&sectionId=${subject.sectionId}&PageSize=2&page=2`)).body.data),
    ).toEqual(["PS", "E1"]);
    expect(
      names((await get<Header[]>(`admEvalConcept/getHeader/?activityId=${subject.activityId}&sectionId=${subject.sectionId}&levelCount=0`)).body.data),
    ).toEqual(["T1", "T2", "PS"]);
    expect(
      names((await get<Header[]>(`admEvalConcept/getHeader/?activityId=${subject.activityId}&sectionId=${subject.sectionId}&levelCount=1&type=2`)).body.data),
    ).toEqual(["T2", "CD"]);
  });

  it("names a missing or wrong query field, and shows another school nothing", async () => {
    const missing = await get<Refusal>("admEvalConcept/getHeader/?PageSize=40&page=1");
    expect(missing.http).toBe(422);
    expect(missing.body.data.errors.activityId).toBe("El campo Curso es requerido.");
    const wrong = await get<Refusal>(`admEvalConcept/getHeaderFinal?periodId=0&sectionId=${subject.sectionId}&levelCount=x`, admin, "en");
    expect(wrong.body.data.errors.levelCount).toBe("The Levels has a wrong type.");
    expect((await get(`admEvalConcept/getHeader/?activityId=${subject.activityId}`, northside)).http).toBe(404);
    expect((await get(`admEvalConcept/getHeader/?activityId=${subject.partId}&isPart=true`, northside)).http).toBe(404);
    expect((await get<Header[]>(`admEvalConcept/getHeaderFinal?periodId=202601&sectionId=${subject.sectionId}&levelCount=-1`, northside)).body.data).toEqual(
      [],
    );
    const theirs = await get<Header[]>(`admEvalConcept/getHeaderFinal/behavior?periodId=202601&sectionId=-1&levelCount=-1`, northside);
    expect(theirs.body.data.map((c) => c.ID)).not.toContain(ids.behavior);
    expect((await get(`admEvalConcept/get/${ids.t1}`, northside)).http).toBe(404);
    expect(await api.rows(`admEvalConcept/get?activityId=${subject.activityId}`, northside)).toEqual([]);
  });

  it("gives a section's final sheet every subject's concepts by level, and the behaviour sheet the period's behaviour concepts", async () => {
    const ofSubject = (rows: (Header & { activityId: number | null })[]) => rows.filter((c) => c.activityId === subject.activityId);
    const top = await get<(Header & { activityId: number; activityName: string })[]>(
      `admEvalConcept/getHeaderFinal?periodId=0&sectionId=${subject.sectionId}&levelCount=0&isBehavior=false`,
      teacher,
    );
    expect(top.http).toBe(200);
    expect(names(ofSubject(top.body.data))).toEqual(["T1", "T2", "PS"]);
    expect(ofSubject(top.body.data)[0]).toMatchObject({ activityName: "Robótica" });
    expect(top.body.data.every((c) => c.level === 0)).toBe(true);
    const all = await get<(Header & { activityId: number })[]>(`admEvalConcept/getHeaderFinal?periodId=202601&sectionId=${subject.sectionId}&levelCount=-1`);
    expect(names(ofSubject(all.body.data))).toEqual(["T1", "T2", "PS", "E1", "CD"]);
    const summary = await get<(Header & { activityId: number })[]>(
      `admEvalConcept/getHeaderFinal?periodId=202601&sectionId=${subject.sectionId}&levelCount=1&type=2`,
    );
    expect(names(ofSubject(summary.body.data))).toEqual(["T2", "CD"]);
    expect((await get<Header[]>(`admEvalConcept/getHeaderFinal?periodId=202601&sectionId=-1&levelCount=0`)).body.data).toEqual([]);

    const behavior = await get<(Header & { activityId: null })[]>(
      `admEvalConcept/getHeaderFinal/behavior?periodId=0&sectionId=-1&levelCount=-1&isBehavior=true`,
      teacher,
    );
    expect(behavior.body.data.find((c) => c.ID === ids.behavior)).toMatchObject({ specialType: "CPROM", calcAverage: true, activityId: null });
    expect(behavior.body.data.map((c) => c.ID)).not.toContain(ids.t1);
    expect(
      (await get<Header[]>(`admEvalConcept/getHeaderFinal?periodId=0&sectionId=${subject.sectionId}&isBehavior=true`)).body.data.map((c) => c.ID),
    ).toContain(ids.behavior);
  });

  it("lists, filters and picks concepts on the generic screen", async () => {
    const rows = await list(`admEvalConcept/get?activityId=${subject.activityId}&PageSize=100`);
    expect(rows.map((r) => r.abrev)).toEqual(expect.arrayContaining(["T1", "T2", "E1", "OC", "BO", "CD", "OA", "PS"]));
    expect(rows.find((r) => r.ID === ids.s1)).toMatchObject({ activityName: "Robótica", sectionName: expect.stringMatching(/ [A-Z]$/), parentName: null });
    // A section's concepts: its own, its subjects' shared ones and its period's shared behaviour ones.
    const ofSection = (await list(`admEvalConcept/get?sectionId=${subject.otherSectionId}&activityId=${subject.activityId}&PageSize=100`)).map((r) => r.ID);
    expect(ofSection).toContain(ids.t1);
    expect(ofSection).not.toContain(ids.s1);
    expect((await list(`admEvalConcept/get?sectionId=${subject.sectionId}&activityId=${subject.activityId}&PageSize=100`)).map((r) => r.ID)).toContain(ids.s1);
    expect((await list(`admEvalConcept/get?sectionId=${subject.otherSectionId}&isBehavior=true&PageSize=100`)).map((r) => r.ID)).toContain(ids.behavior);
    expect((await list(`admEvalConcept/get?isBehavior=true&periodId=202601&PageSize=100`)).map((r) => r.ID)).toContain(ids.behavior);
    const pickPath = `admEvalConcept/get?pick=true&activityId=${subject.activityId}&filterBy=name&filter=Trimestre`;
    // A pick list is for who may fill a field offering it; no screen of the teacher's offers concepts.
    expect((await api.call("GET", pickPath, { token: teacher })).http).toBe(403);
    const picks = await list(pickPath);
    expect(picks).toEqual([
      { ID: ids.t1, name: "Trimestre 1", desc: "Robótica" },
      { ID: ids.t2, name: "Trimestre 2", desc: "Robótica" },
    ]);
  });
});
