import { beforeAll, describe, expect, it } from "vitest";
import { apiHarness } from "../../../test-support/harness.ts";

// A notice to the family is refused on a server without e-mail; these records are queued, never sent, from here.
process.env.SMTP_URL ??= "smtp://127.0.0.1:2525";

const api = apiHarness({ school: true });
type Row = Record<string, unknown>;
type Refusal = { errors: Record<string, string> };
type Locale = "es" | "en";

let admin: string;
let northside: string;
let secretary: string;
let teacher: string;
let teacherId: number;
/** A section of the current period with its grade and two of its students. */
let place: { periodId: number; superSectionId: number; sectionId: number; userId: number; otherId: number };
let masterId: number;

const list = api.rows;
const getRow = api.record;
const post = <T = { ID: number }>(path: string, body: Row, token = admin, locale: Locale = "es") => api.call<T>("POST", path, { token, body, locale });
const trackingCount = () => api.db().tracking.count();

beforeAll(async () => {
  ({ admin, northside, secretary, teacher } = await api.tokens());
  const section = (await list("admSection/get?periodId=202601&PageSize=1"))[0]!;
  const students = await list(`admStudent/get?sectionId=${section.ID}&PageSize=2`);
  place = {
    periodId: 202601,
    superSectionId: section.parentId as number,
    sectionId: section.ID as number,
    userId: students[0]!.ID as number,
    otherId: students[1]!.ID as number,
  };
  masterId = (await list("admStaff/get?type=5&PageSize=1"))[0]!.ID as number;
  ({ teacherId } = await api.school());
});

/** A complete tracking record of the first student, as the form sends it. */
const record = (extra: Row = {}): Row => ({
  ...place,
  otherId: undefined,
  masterId,
  dateFrom: "2026-05-12",
  values1: ["RESP"],
  note1: "Interrumpe la clase.",
  note2: "Se conversó con el alumno.",
  ...extra,
});

describe("spec rules, refused in the user's language naming the field, writing nothing", () => {
  it.each([
    ["admTracking", "es", { note2: "" }, "note2", "El campo Acciones tomadas es requerido."],
    ["admTracking", "en", { values1: ["NOPE"] }, "values1", "The Reasons is not one of the allowed options."],
    ["admTracking", "es", { masterId: null }, "masterId", "El campo Profesor es requerido."],
    ["admTracking", "es", { status: 7 }, "status", "El campo Estado no es una de las opciones permitidas."],
    ["admBehavior", "en", { sectionId: -1 }, "sectionId", "The Section is not one of the allowed options."],
    // The first user is an administrator, no student of any section.
    ["admBehavior", "es", { userId: 1 }, "userId", "El alumno no pertenece a la sección elegida."],
    ["admBehavior", "en", { dateFrom: "2026-02-30x" }, "dateFrom", "The Date is not a valid date (YYYY-MM-DD)."],
    ["admCommitment", "es", { dateTo: "2026-05-01" }, "dateTo", "La fecha final no puede ser anterior a la inicial."],
    ["admCommitment", "en", { dueDate: "2026-05-11" }, "dueDate", "The end date must not be before the start date."],
    ["admJournal", "en", { note1: "" }, "note1", "The What happened field is required."],
  ])("%s in %s", async (resource, locale, change, field, message) => {
    const before = await trackingCount();
    const res = await post<Refusal>(`${resource}/create`, record(change), admin, locale as Locale);
    expect(res.http).toBe(422);
    expect(res.body.msg).toBe(message);
    expect(res.body.data.errors[field]).toBe(message);
    expect(await trackingCount()).toBe(before);
  });
});

describe("conduct records", () => {
  it("shows a record with its student, grade, section, teacher and reason labels, stamped with who recorded it", async () => {
    const created = await post("admTracking/create", record({ values1: ["RESP", "PUNT"], createdByName: "Otro", notify: true }));
    expect(created.body).toMatchObject({ status: 0, msg: "Registro creado." });
    const row = await getRow(`admTracking/get/${created.body.data.ID}`);
    expect(row).toMatchObject({
      type: "tracking",
      status: 0,
      userId: place.userId,
      masterId,
      createdByName: "Ana Administradora",
      values1Names: "Falta de respeto, Impuntualidad",
      bookings: 0,
    });
    expect(row.studentName).toEqual(expect.any(String));
    expect(row.gradeName).toEqual(expect.any(String));
    expect(row.sectionName).toMatch(/^[ABC]$/);
    // A notice without a date goes now.
    expect(row.notifOn).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);

    await post(`admTracking/edit/${created.body.data.ID}`, { status: 2, createdByName: "Otro" });
    expect(await getRow(`admTracking/get/${created.body.data.ID}`)).toMatchObject({ status: 2, createdByName: "Ana Administradora" });
    const trail = await api.db().auditLog.findMany({ where: { moduleId: "admTracking", recordId: String(created.body.data.ID) }, orderBy: { id: "asc" } });
    expect(trail.map((a) => a.action)).toEqual(["create", "edit"]);
  });

  it("keeps each module to its own records", async () => {
    const created = await post("admBehavior/create", record({ note1: "Conducta de prueba única" }));
    const id = created.body.data.ID;
    expect((await list(`admBehavior/get?filter=${encodeURIComponent("prueba única")}`)).map((r) => r.ID)).toEqual([id]);
    expect(await list(`admTracking/get?filter=${encodeURIComponent("prueba única")}`)).toEqual([]);
    expect((await api.call("GET", `admTracking/get/${id}`, { token: admin })).http).toBe(404);
    expect((await post(`admJournal/edit/${id}`, { note1: "x" })).http).toBe(404);
    expect((await api.call("POST", `admCommitment/delete/${id}?confirm=true`, { token: admin })).http).toBe(404);
    expect((await getRow(`admBehavior/get/${id}`)).type).toBe("behavior");
  });

  it("filters by section, status and teacher and searches by the student's surname", async () => {
    const student = await getRow(`admStudent/get/${place.userId}`);
    await post("admTracking/create", record({ status: 1 }));
    const bySection = await list(`admTracking/get?sectionId=${place.sectionId}&PageSize=100`);
    expect(bySection.length).toBeGreaterThan(0);
    expect(bySection.every((r) => r.sectionId === place.sectionId)).toBe(true);
    const inProgress = await list(`admTracking/get?status=1&masterId=${masterId}&PageSize=100`);
    expect(inProgress.length).toBeGreaterThan(0);
    expect(inProgress.every((r) => r.status === 1 && r.masterId === masterId)).toBe(true);
    const found = await list(`admTracking/get?filter=${encodeURIComponent(String(student.last))}&PageSize=100`);
    expect(found.some((r) => r.userId === place.userId)).toBe(true);
  });

  it("keeps a commitment's dates and a journal entry's actions", async () => {
    const commitment = await post("admCommitment/create", record({ dateTo: "2026-07-12", dueDate: "2026-06-12", note6: "Cumplió." }));
    expect(await getRow(`admCommitment/get/${commitment.body.data.ID}`)).toMatchObject({
      dateFrom: "2026-05-12",
      dateTo: "2026-07-12",
      dueDate: "2026-06-12",
      note6: "Cumplió.",
    });
    const journal = await post("admJournal/create", record({ values1: ["COLAB"], values2: ["ENTREV"], negative: false }));
    expect(await getRow(`admJournal/get/${journal.body.data.ID}`)).toMatchObject({
      negative: false,
      values1: ["COLAB"],
      values2: ["ENTREV"],
      values1Names: "Colabora con sus compañeros",
    });
  });

  it("takes files through POST admTracking/file?id=, checked by content", async () => {
    const { body } = await post("admTracking/create", record());
    const pdf = Buffer.from("%PDF-1.4\n%âãÏÓ\n").toString("base64");
    const res = await post<{ name: string; url: string }>(`admTracking/file?id=${body.data.ID}`, { name: "file2.pdf", doc: true, data: pdf });
    expect(res.body.status).toBe(0);
    expect(res.body.data.name).toBe("file2");
    expect((await getRow(`admTracking/get/${body.data.ID}`)).file2Url).toEqual(expect.any(String));
    const fake = await post<Refusal>(
      `admTracking/file?id=${body.data.ID}`,
      { name: "file1.pdf", doc: true, data: Buffer.from("MZ not a pdf").toString("base64") },
      admin,
      "en",
    );
    expect(fake.http).toBe(422);
    expect(fake.body.data.errors.file1).toBe("The File 1 file is not really a pdf file.");
  });
});

describe("who records what", () => {
  it("records a teacher's entries in their own name, whatever teacher the form names", async () => {
    const mine = await post("admJournal/create", record({ masterId: undefined, values1: ["PART"] }), teacher);
    expect(mine.body.status).toBe(0);
    expect(await getRow(`admJournal/get/${mine.body.data.ID}`, teacher)).toMatchObject({ masterId: teacherId, createdByName: "Diego Docente" });
    const named = await post("admTracking/create", record({ masterId }), teacher);
    expect((await getRow(`admTracking/get/${named.body.data.ID}`, teacher)).masterId).toBe(teacherId);
    expect((await post(`admTracking/edit/${named.body.data.ID}`, { status: 1, masterId }, teacher)).body.status).toBe(0);
    expect((await getRow(`admTracking/get/${named.body.data.ID}`)).masterId).toBe(teacherId);
  });

  it("lets a teacher change only their own records", async () => {
    const theirs = await post("admBehavior/create", record({ note1: "Registrado por la dirección" }));
    const refused = await post(`admBehavior/edit/${theirs.body.data.ID}`, { note1: "Cambiado" }, teacher);
    expect(refused.http).toBe(403);
    expect(refused.body.msg).toBe("Solo puede modificar sus propios registros.");
    expect((await getRow(`admBehavior/get/${theirs.body.data.ID}`)).note1).toBe("Registrado por la dirección");
    expect((await post(`admBehavior/delete/${theirs.body.data.ID}?confirm=true`, {}, teacher)).http).toBe(403);
    const mine = await post("admBehavior/create", record({ note1: "Registrado por el docente" }), teacher);
    expect((await post(`admBehavior/delete/${mine.body.data.ID}?confirm=true`, {}, teacher)).body.status).toBe(0);
    expect((await getRow(`admBehavior/get/${theirs.body.data.ID}`)).note1).toBe("Registrado por la dirección");
  });

  it("lets only roles 100 and 20 notify the parents", async () => {
    const before = await trackingCount();
    const refused = await post<Refusal>("admTracking/create", record({ notify: true }), teacher, "en");
    expect(refused.http).toBe(422);
    expect(refused.body.data.errors.notify).toBe("You may not notify the parents.");
    expect(await trackingCount()).toBe(before);

    const quiet = await post("admTracking/create", record(), teacher);
    const id = quiet.body.data.ID;
    expect((await post(`admTracking/edit/${id}`, { notify: true, notifOn: "2026-05-13 08:00" })).body.status).toBe(0);
    // The teacher may still edit the record, leaving the notice as it is, but not move or cancel it.
    expect((await post(`admTracking/edit/${id}`, { note3: "Acuerdo", notify: true, notifOn: "2026-05-13 08:00" }, teacher)).body.status).toBe(0);
    expect((await post(`admTracking/edit/${id}`, { notify: false }, teacher)).http).toBe(422);
    expect(await getRow(`admTracking/get/${id}`)).toMatchObject({ note3: "Acuerdo", notify: true, notifOn: "2026-05-13 08:00" });
    // Without a notice there is no notice date.
    await post(`admTracking/edit/${id}`, { notify: false });
    expect((await getRow(`admTracking/get/${id}`)).notifOn).toBeNull();
  });

  it("needs the module's rights: the secretary has none here, another school sees none of these rows", async () => {
    expect((await api.call("GET", "admTracking/get", { token: secretary })).http).toBe(403);
    expect((await post("admJournal/create", record(), secretary)).http).toBe(403);
    const ours = await list("admTracking/get?PageSize=1000&print=true");
    const theirs = await list("admTracking/get?PageSize=1000&print=true", northside);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.some((r) => ours.some((o) => o.ID === r.ID))).toBe(false);
  });
});

describe("catalogue values of the tracking forms (general/getlist/{type})", () => {
  it("lists a type's active values by label, this school's only, and keeps a value switched off later on the records that hold it", async () => {
    const values = await list("general/getlist/trackingValues2");
    expect(values).toEqual([
      { ID: "PSICO", name: "Derivación a psicología" },
      { ID: "ENTREV", name: "Entrevista con los apoderados" },
    ]);
    expect((await list("general/getlist/trackingValues2", northside)).map((v) => v.ID)).toEqual(["MEET", "COUNS"]);
    expect(await list("general/getlist/trackingValues1?filter=impun")).toEqual([{ ID: "PUNT", name: "Impuntualidad" }]);

    const held = await post("admTracking/create", record({ values1: ["UNIF"] }));
    const unif = await api.db().catalogueValue.findFirstOrThrow({ where: { type: "trackingValues1", value: "UNIF", tenantId: (await api.school()).tenantId } });
    await post(`admOtlt/edit/${unif.id}`, { inactive: true });
    expect((await list("general/getlist/trackingValues1")).some((v) => v.ID === "UNIF")).toBe(false);
    expect((await post(`admTracking/edit/${held.body.data.ID}`, { values1: ["UNIF", "RESP"], note5: "Sigue" })).body.status).toBe(0);
    expect((await post<Refusal>("admTracking/create", record({ values1: ["UNIF"] }))).http).toBe(422);
    expect((await getRow(`admTracking/get/${held.body.data.ID}`)).values1Names).toBe("Uniforme incompleto, Falta de respeto");
  });
});

describe("bookable resources and appointments", () => {
  const ownResource = async () => (await list("admResource/get?PageSize=100")).find((r) => r.userId === teacherId)!;

  it("lists active resources for any signed-in user and keeps one agenda per person, of staff", async () => {
    const active = await list("admResource/active", teacher);
    const all = await list("admResource/get?PageSize=100");
    expect(active.length).toBe(all.filter((r) => !r.inactive).length);
    expect(active[0]).toEqual({ ID: expect.any(Number), name: expect.any(String), desc: expect.anything() });
    expect((await list("admResource/get?pick=true&inactive=false", teacher)).length).toBe(active.length);
    expect((await api.call("GET", "admResource/get", { token: teacher })).http).toBe(403);

    const again = await post<Refusal>("admResource/create", { name: "Otra agenda", userId: teacherId }, admin, "en");
    expect(again.body.data.errors.userId).toBe("This person already has a resource.");
    const student = await post<Refusal>("admResource/create", { name: "Agenda de alumno", userId: place.userId });
    expect(student.body.data.errors.userId).toBe("El campo Responsable no es una de las opciones permitidas.");
    const room = await post<Refusal>("admResource/create", { name: "Aula 3", duration: 0 }, admin, "en");
    expect(room.body.data.errors.duration).toBe("The Appointment length (minutes) must be at least 5.");
  });

  it("books a teacher's appointment in their own agenda, one appointment long, with the student's family", async () => {
    const family = await list(`me/family?studentId=${place.userId}`, teacher);
    expect(family.length).toBeGreaterThan(0);
    expect(await list("me/family", teacher)).toEqual([]);
    const tracking = await post("admTracking/create", record(), teacher);
    const booked = await post(
      "admBookingList/create",
      {
        userId: place.userId,
        dtDate: "2027-01-14 10:00",
        participants: family.map((f) => String(f.ID)),
        trackingId: tracking.body.data.ID,
        notes: "Revisar avances",
      },
      teacher,
    );
    expect(booked.body.status).toBe(0);
    const row = await getRow(`admBookingList/get/${booked.body.data.ID}`, teacher);
    const own = await ownResource();
    expect(row).toMatchObject({
      resourceId: own.ID,
      resourceName: own.name,
      dtEndDate: "2027-01-14 10:20",
      slot: "10:00 - 10:20",
      status: 0,
      completed: false,
      createdByName: "Diego Docente",
    });
    expect(row.extras).toEqual({ participants: family.map((f) => f.ID), trackingId: tracking.body.data.ID });
    expect((await getRow(`admTracking/get/${tracking.body.data.ID}`)).bookings).toBe(1);

    // A failed slot check stops the booking.
    const clash = await post<Refusal>("admBookingList/create", { userId: place.otherId, dtDate: "2027-01-14 10:10" }, teacher);
    expect(clash.body.data.errors.dtDate).toBe("El recurso ya tiene una cita en ese horario.");
    expect((await post("admBookingList/create", { userId: place.otherId, dtDate: "2027-01-14 10:20" }, teacher)).body.status).toBe(0);
  });

  it("refuses someone else's relatives, another student's tracking record, an end before the start and a completed future appointment", async () => {
    const resourceId = (await ownResource()).ID;
    const stranger = (await list(`me/family?studentId=${place.otherId}`))[0]!.ID;
    const otherCase = await post("admTracking/create", record({ userId: place.otherId }));
    const base = { resourceId, userId: place.userId, dtDate: "2027-02-01 09:00" };
    for (const [change, field, message] of [
      [{ participants: [stranger] }, "participants", "The Participants is not one of the allowed options."],
      [{ trackingId: otherCase.body.data.ID }, "trackingId", "The Tracking record is not one of the allowed options."],
      [{ dtEndDate: "2027-02-01 08:30" }, "dtEndDate", "The end must be after the start."],
      [{ completed: true }, "completed", "An appointment in the future cannot be completed."],
      [{ notes: "x".repeat(1501) }, "notes", "The Notes may not be greater than 1500 characters."],
      [{ resourceId: null }, "resourceId", "The Resource field is required."],
    ] as const) {
      const before = await api.db().booking.count();
      const res = await post<Refusal>("admBookingList/create", { ...base, ...change }, admin, "en");
      expect(res.http).toBe(422);
      expect(res.body.data.errors[field]).toBe(message);
      expect(await api.db().booking.count()).toBe(before);
    }
  });

  it("tells a teacher without a resource to be registered as one", async () => {
    const own = await ownResource();
    await post(`admResource/edit/${own.ID}`, { inactive: true });
    const refused = await post<Refusal>("admBookingList/create", { userId: place.userId, dtDate: "2027-03-01 09:00" }, teacher);
    expect(refused.body.data.errors.resourceId).toBe("Antes de registrar una cita debe de registrar al profesor como un recurso.");
    expect((await list("admResource/active")).some((r) => r.ID === own.ID)).toBe(false);
    await post(`admResource/edit/${own.ID}`, { inactive: false });
  });

  it("moves an appointment from reserved to confirmed to completed, and keeps teachers to their own agenda", async () => {
    const counsellor = (await list("admResource/active")).find((r) => r.name === "Psicología")!;
    const { body } = await post("admBookingList/create", {
      resourceId: counsellor.ID,
      userId: place.userId,
      dtDate: "2026-10-21 09:00",
      dtEndDate: "2026-10-21 09:30",
    });
    const id = body.data.ID;
    expect((await getRow(`admBookingList/get/${id}`)).status).toBe(0);
    expect((await post(`admBookingList/confirm/${id}`, {})).body).toMatchObject({ status: 0, msg: "Cita confirmada." });
    expect((await getRow(`admBookingList/get/${id}`)).status).toBe(1);
    expect((await post(`admBookingList/confirm/${id}`, {}, admin, "en")).body.msg).toBe("Only a reserved appointment can be confirmed.");
    await post(`admBookingList/edit/${id}`, { completed: true, notesCompleted: "Se acordó una nueva reunión." });
    expect(await getRow(`admBookingList/get/${id}`)).toMatchObject({ status: 2, completed: true, notesCompleted: "Se acordó una nueva reunión." });
    await post(`admBookingList/edit/${id}`, { completed: false, status: 0 });
    expect((await getRow(`admBookingList/get/${id}`)).status).toBe(1);

    expect((await post(`admBookingList/edit/${id}`, { notes: "x" }, teacher)).http).toBe(403);
    expect((await post(`admBookingList/confirm/${id}`, {}, teacher)).http).toBe(403);
    expect((await post(`admBookingList/delete/${id}?confirm=true`, {}, teacher)).http).toBe(403);
    expect((await getRow(`admBookingList/get/${id}`)).status).toBe(1);
  });
});
