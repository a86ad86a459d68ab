import { beforeAll, describe, expect, it } from "vitest";
import { formatDateTime } from "../../resource/values.ts";
import { apiHarness } from "../../../test-support/harness.ts";

const api = apiHarness({ school: true });
type Row = Record<string, unknown>;
type Refusal = { errors: Record<string, string> };
type Locale = "es" | "en";
// A real 1×1 PNG.
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

let admin: string;
let northside: string;
let secretary: string;
let teacher: string;

beforeAll(async () => {
  ({ admin, northside, secretary, teacher } = await api.tokens());
});

const list = api.rows;
const one = api.record;
const values = async (type: "SYM" | "OUT") => list(`admInfirmaryValues/get?pick=true&type=${type}&PageSize=20`);
const aStudent = async (skip = 0) => (await list(`admStudent/get?PageSize=1&page=${skip + 1}`))[0]!;
/** A student's grade and section in the current period (they keep last year's too). */
async function placeOf(studentId: unknown) {
  const member = await api.db().sectionMember.findFirstOrThrow({
    where: { userId: Number(studentId), section: { superSection: { period: { current: true } } } },
    include: { section: { include: { superSection: true } } },
  });
  return { sectionId: member.sectionId, superSectionId: member.section.parentId, sectionName: `${member.section.superSection.name} ${member.section.name}` };
}

describe("admInfirmary: the infirmary log (001 §3, §5)", () => {
  it.each([
    ["es", { timeOut: "10:20" }, "timeIn", "El campo Hora de ingreso es requerido."],
    ["en", { timeIn: "25:10", timeOut: "10:20" }, "timeIn", "The Time in is not a valid time (HH:mm)."],
    ["en", { timeIn: "10:05", timeOut: "9:30" }, "timeOut", "The Time out is not a valid time (HH:mm)."],
    ["es", { timeIn: "10:05", timeOut: "09:50" }, "timeOut", "La hora de salida no puede ser anterior a la de ingreso."],
    ["en", { timeIn: "10:05", timeOut: "10:20", symptomId: "OUT" }, "symptomId", "The Symptom is not one of the allowed options."],
    ["es", { timeIn: "10:05", timeOut: "10:20", outcomeId: "SYM" }, "outcomeId", "El campo Salida no es una de las opciones permitidas."],
    ["es", { timeIn: "10:05", timeOut: "10:20", userId: "guardian" }, "userId", "El campo Alumno no es una de las opciones permitidas."],
  ])("refuses in %s naming the field, writing nothing", async (locale, body, field, message) => {
    const input: Row = { userId: (await aStudent()).ID, ...body };
    // A symptom where a departure goes (and the other way round), a guardian where a student goes.
    if (input.symptomId === "OUT") input.symptomId = (await values("OUT"))[0]!.ID;
    if (input.outcomeId === "SYM") input.outcomeId = (await values("SYM"))[0]!.ID;
    if (input.userId === "guardian") input.userId = (await list("admRelatives/get?PageSize=1"))[0]!.ID;
    const before = await api.db().infirmaryEntry.count();
    const res = await api.call<Refusal>("POST", "admInfirmary/create", { token: admin, body: input, locale: locale as Locale });
    expect(res.http).toBe(422);
    expect(res.body.msg).toBe(message);
    expect(res.body.data.errors[field]).toBe(message);
    expect(await api.db().infirmaryEntry.count()).toBe(before);
  });

  it("logs a visit (today unless a day is given) with the student's section and the names of symptom and outcome", async () => {
    const student = await aStudent(3);
    const [symptom] = await values("SYM");
    const [outcome] = await values("OUT");
    const body = {
      userId: student.ID,
      timeIn: "10:05",
      timeOut: "10:25",
      symptomId: symptom!.ID,
      outcomeId: outcome!.ID,
      desc: "Reposo 15 minutos",
      arrivedFrom: "Patio",
    };
    const created = await api.call<{ ID: number }>("POST", "admInfirmary/create", { token: secretary, body });
    expect(created.body.status).toBe(0);
    const row = await one(`admInfirmary/get/${created.body.data.ID}`);
    expect(row).toMatchObject({
      ...body,
      date: formatDateTime(new Date()).slice(0, 10),
      externalId: student.externalId,
      studentName: [student.last, student.last2, student.name].join(" "),
      sectionName: (await placeOf(student.ID)).sectionName,
      symptomName: symptom!.name,
      outcomeName: outcome!.name,
    });

    // A partial edit is checked against the stored entry time.
    const early = await api.call<Refusal>("POST", `admInfirmary/edit/${created.body.data.ID}`, { token: admin, body: { timeOut: "09:00" }, locale: "en" });
    expect(early.body.data.errors.timeOut).toBe("The exit time must not be before the entry time.");
    expect(
      (await api.call("POST", `admInfirmary/edit/${created.body.data.ID}`, { token: admin, body: { date: "2026-03-09", timeOut: "10:40" } })).body.status,
    ).toBe(0);
    expect(await one(`admInfirmary/get/${created.body.data.ID}`)).toMatchObject({ date: "2026-03-09", timeIn: "10:05", timeOut: "10:40" });
  });

  it("filters by days, grade, section, student and symptom, and searches by the student's name", async () => {
    const rows = await list("admInfirmary/get?PageSize=100");
    expect(rows.length).toBeGreaterThanOrEqual(40);
    const sample = rows.find((r) => r.date !== formatDateTime(new Date()).slice(0, 10))!;
    const march = await list("admInfirmary/get?from=2026-03-01&to=2026-03-31&PageSize=100");
    expect(march.length).toBeGreaterThan(5);
    expect(march.every((r) => String(r.date) >= "2026-03-01" && String(r.date) <= "2026-03-31")).toBe(true);
    const day = await list(`admInfirmary/get?from=${sample.date}&to=${sample.date}&PageSize=100`);
    expect(day.map((r) => r.ID)).toContain(sample.ID);
    expect(day.every((r) => r.date === sample.date)).toBe(true);

    const student: Row = { ...(await one(`admStudent/get/${sample.userId}`)), ...(await placeOf(sample.userId)) };
    const filtered = async (query: string, same: string) => {
      const found = await list(`admInfirmary/get?${query}&PageSize=100`);
      expect(found.map((r) => r.ID)).toContain(sample.ID);
      expect(found.every((r) => r[same] === sample[same])).toBe(true);
    };
    await filtered(`sectionId=${student.sectionId}`, "sectionName");
    await filtered(`userId=${sample.userId}`, "userId");
    await filtered(`symptomId=${sample.symptomId}`, "symptomName");
    const grade = await list(`admInfirmary/get?superSectionId=${student.superSectionId}&PageSize=100`);
    expect(grade.map((r) => r.ID)).toContain(sample.ID);
    expect(grade.every((r) => String(r.sectionName).startsWith(String(sample.sectionName).slice(0, -2)))).toBe(true);
    const found = await list(`admInfirmary/get?filter=${encodeURIComponent(String(student.last))}&PageSize=100`);
    expect(found.map((r) => r.ID)).toContain(sample.ID);
    expect(await list("admInfirmary/get?filter=zzzz-nadie")).toEqual([]);
  });

  it("keeps up to three photos (jpeg, jpg, png) through admInfirmary/file", async () => {
    const row = (await list("admInfirmary/get?PageSize=1"))[0]!;
    const res = await api.call<{ value: string }>("POST", `admInfirmary/file?id=${row.ID}`, {
      token: secretary,
      body: { name: "photo2.png", doc: false, data: PNG },
    });
    expect(res.body.status).toBe(0);
    const saved = await one(`admInfirmary/get/${row.ID}`);
    expect(saved.photo2).toBe(res.body.data.value);
    expect(saved.photo2Url).toMatch(/^\/api\/files\/t\d+\/admInfirmary\/\d+\/photo2-/);
    const pdf = await api.call("POST", `admInfirmary/file?id=${row.ID}`, { token: secretary, body: { name: "photo1.pdf", doc: true, data: PNG } });
    expect(pdf.http).toBe(422);
    expect(pdf.body.msg).toBe("Solo se permiten los siguientes tipos de archivos: jpeg, jpg, png.");
    expect((await api.call("POST", `admInfirmary/file?id=${row.ID}`, { token: northside, body: { name: "photo1.png", data: PNG } })).http).toBe(404);
  });

  it("is closed to whoever lacks the module (the teacher)", async () => {
    expect((await api.call("GET", "admInfirmary/get", { token: teacher })).http).toBe(403);
  });
});

describe("admMedical: medical records through admInfirmary/patients (002 §2, §3, §5)", () => {
  const complete = {
    med_height: 131.5,
    med_weight: 29.4,
    med_blood: "A+",
    med_insurance: "Rímac EPS",
    med_policy: "7788990",
    med_prefHospital: "Clínica San Felipe",
    med_physicalCharacteristics: "Contextura media",
  };
  /** A student without a record: records are seeded for three students in five. */
  async function studentWithoutRecord(): Promise<Row> {
    const withRecord = new Set((await api.db().medicalRecord.findMany({ select: { id: true } })).map((r) => r.id));
    const students = await list("admStudent/get?PageSize=20");
    return students.find((s) => !withRecord.has(s.ID as number))!;
  }

  it("lists patients with their profile, current section and guardians, read-only", async () => {
    const rows = await list("admInfirmary/patients/get?PageSize=100");
    expect(rows.length).toBeGreaterThan(50);
    const row = await one(`admInfirmary/patients/get/${rows[0]!.ID}`);
    const student = await one(`admStudent/get/${row.ID}`);
    expect(row).toMatchObject({
      externalId: student.externalId,
      name: student.name,
      last: student.last,
      last2: student.last2,
      birthday: student.birthday,
      gender: student.gender,
      sectionName: (await placeOf(row.ID)).sectionName,
    });
    expect(typeof row.rel1).toBe("string");
    expect(typeof row.med_height).toBe("number");
    // Profile fields are shown, never written through this screen.
    await api.call("POST", `admInfirmary/patients/edit/${row.ID}`, { token: admin, body: { name: "Cambiado", externalId: "X" } });
    expect(await one(`admStudent/get/${row.ID}`)).toMatchObject({ name: student.name, externalId: student.externalId });
  });

  it("filters by student, grade and section, and searches by name", async () => {
    const sample = (await list("admInfirmary/patients/get?PageSize=1&page=200"))[0]!;
    const student: Row = { ...(await one(`admStudent/get/${sample.ID}`)), ...(await placeOf(sample.ID)) };
    expect((await list(`admInfirmary/patients/get?studentId=${sample.ID}`)).map((r) => r.ID)).toEqual([sample.ID]);
    for (const query of [`superSectionId=${student.superSectionId}`, `sectionId=${student.sectionId}`, `filter=${encodeURIComponent(String(student.last))}`]) {
      expect((await list(`admInfirmary/patients/get?${query}&PageSize=200`)).map((r) => r.ID)).toContain(sample.ID);
    }
    expect((await list(`admInfirmary/patients/get?sectionId=${student.sectionId}&PageSize=200`)).every((r) => r.sectionName === sample.sectionName)).toBe(true);
  });

  it.each([
    ["es", { med_height: "alto" }, "med_height", "El campo Talla (cm) tiene un tipo incorrecto."],
    ["en", { med_weight: "" }, "med_weight", "The Weight (kg) field is required."],
    ["es", { med_insurance: "  " }, "med_insurance", "El campo Seguro médico es requerido."],
    ["en", { med_blood: "Z+" }, "med_blood", "The Blood group is not one of the allowed options."],
    ["en", { med_allergies: true, med_allergiesList: "" }, "med_allergiesList", "The Allergies field is required."],
  ])("refuses in %s naming the field, changing nothing", async (locale, body, field, message) => {
    const row = (await list("admInfirmary/patients/get?PageSize=1"))[0]!;
    const before = await api.db().medicalRecord.findUniqueOrThrow({ where: { id: row.ID as number } });
    const res = await api.call<Refusal>("POST", `admInfirmary/patients/edit/${row.ID}`, { token: admin, body, locale: locale as Locale });
    expect(res.http).toBe(422);
    expect(res.body.data.errors[field]).toBe(message);
    expect(await api.db().medicalRecord.findUniqueOrThrow({ where: { id: row.ID as number } })).toEqual(before);
  });

  it("wants the allergy list of an allergic student even on a partial edit, and drops lists that no longer apply", async () => {
    const row = (await list("admInfirmary/patients/get?PageSize=1"))[0]!;
    await api.call("POST", `admInfirmary/patients/edit/${row.ID}`, { token: admin, body: { med_allergies: false, med_vaccines: true } });
    const allergic = await api.call<Refusal>("POST", `admInfirmary/patients/edit/${row.ID}`, { token: admin, body: { med_allergies: true } });
    expect(allergic.body.data.errors.med_allergiesList).toBe("El campo Alergias es requerido.");
    const body = { med_allergies: true, med_allergiesList: "Penicilina", med_vaccines: false, med_vaccinesNo: "Influenza" };
    expect((await api.call("POST", `admInfirmary/patients/edit/${row.ID}`, { token: secretary, body })).body.status).toBe(0);
    expect(await one(`admInfirmary/patients/get/${row.ID}`)).toMatchObject(body);
    await api.call("POST", `admInfirmary/patients/edit/${row.ID}`, { token: admin, body: { med_allergies: false, med_vaccines: true } });
    expect(await one(`admInfirmary/patients/get/${row.ID}`)).toMatchObject({
      med_allergies: false,
      med_allergiesList: null,
      med_vaccines: true,
      med_vaccinesNo: null,
    });
  });

  it("opens a student's record on the first edit, which must bring every required value; delete removes the record only", async () => {
    const student = await studentWithoutRecord();
    expect((await api.call("GET", `admInfirmary/patients/get/${student.ID}`, { token: admin })).http).toBe(404);
    const partial = await api.call<Refusal>("POST", `admInfirmary/patients/edit/${student.ID}`, { token: admin, body: { med_height: 120 }, locale: "en" });
    expect(partial.http).toBe(422);
    expect(Object.keys(partial.body.data.errors).sort()).toEqual([
      "med_blood",
      "med_insurance",
      "med_physicalCharacteristics",
      "med_policy",
      "med_prefHospital",
      "med_weight",
    ]);
    expect(partial.body.data.errors.med_policy).toBe("The Policy number field is required.");
    expect(await api.db().medicalRecord.count({ where: { id: student.ID as number } })).toBe(0);

    expect((await api.call("POST", `admInfirmary/patients/edit/${student.ID}`, { token: admin, body: complete })).body.status).toBe(0);
    expect(await one(`admInfirmary/patients/get/${student.ID}`)).toMatchObject({ ...complete, externalId: student.externalId, med_allergies: false });
    expect((await api.call("POST", `admInfirmary/patients/delete/${student.ID}?confirm=true`, { token: admin })).body.status).toBe(0);
    expect((await api.call("GET", `admInfirmary/patients/get/${student.ID}`, { token: admin })).http).toBe(404);
    expect((await api.call("GET", `admStudent/get/${student.ID}`, { token: admin })).http).toBe(200);
  });

  it("gives a record to students only, of this school, and has no create call", async () => {
    const guardian = (await list("admRelatives/get?PageSize=1"))[0]!;
    expect((await api.call("POST", `admInfirmary/patients/edit/${guardian.ID}`, { token: admin, body: complete })).http).toBe(404);
    const student = await studentWithoutRecord();
    expect((await api.call("POST", `admInfirmary/patients/edit/${student.ID}`, { token: northside, body: complete })).http).toBe(404);
    expect(await api.db().medicalRecord.count({ where: { id: { in: [guardian.ID as number, student.ID as number] } } })).toBe(0);
    expect((await api.call("POST", "admInfirmary/patients/create", { token: admin, body: complete })).http).toBe(405);
    expect((await api.call("GET", "admInfirmary/patients/get", { token: teacher })).http).toBe(403);
  });
});
