import { beforeAll, describe, expect, it } from "vitest";
import { apiHarness } from "../../../test-support/harness.ts";

const api = apiHarness({ school: true });
type Page = { Results: Record<string, unknown>[]; RowCount: number };
let admin: string;

beforeAll(async () => {
  ({ admin } = await api.tokens());
});

describe("academic tools", () => {
  it("clones a period with its grades, sections, subjects and teachers, and moves the dates", async () => {
    const res = await api.call("POST", "admPeriod/clone/202601", { token: admin, body: { ID: 202701 } });
    expect(res.body).toMatchObject({ status: 0, data: { ID: 202701 }, msg: "Periodo clonado." });
    const db = api.db();
    const count = async (periodId: number) => ({
      grades: await db.superSection.count({ where: { periodId, tenant: { alias: "colegio-demo" } } }),
      sections: await db.section.count({ where: { superSection: { periodId }, tenant: { alias: "colegio-demo" } } }),
      subjects: await db.activity.count({ where: { periodId, tenant: { alias: "colegio-demo" } } }),
      parts: await db.activityPart.count({ where: { activity: { periodId }, tenant: { alias: "colegio-demo" } } }),
      members: await db.sectionMember.count({ where: { section: { superSection: { periodId } }, tenant: { alias: "colegio-demo" } } }),
    });
    const [before, after] = [await count(202601), await count(202701)];
    expect(after).toEqual({ ...before, members: 0 });
    const cloned = (await api.call<Record<string, unknown>>("GET", "admPeriod/get/202701", { token: admin })).body.data;
    expect(cloned).toMatchObject({ from: "2027-03-02", to: "2027-12-18", current: false });
    // Subjects point at the new period's grades, not the old ones.
    const subject = await db.activity.findFirstOrThrow({ where: { periodId: 202701, tenant: { alias: "colegio-demo" } } });
    const grade = await db.superSection.findFirstOrThrow({ where: { id: subject.superSections[0] } });
    expect(grade.periodId).toBe(202701);

    expect((await api.call("POST", "admPeriod/clone/202601", { token: admin, body: { ID: 202701 } })).http).toBe(409);
    const bad = await api.call("POST", "admPeriod/clone/202601", { token: admin, body: { ID: 20270 } });
    expect(bad.http).toBe(422);
  });

  it("sets canEnterEval on every subject of a period, and asks for the period first", async () => {
    const none = await api.call("POST", "admSubject/bulkedit", { token: admin, body: { canEnterEval: false } });
    expect(none.body.msg).toBe("Por favor seleccionar el periodo");
    const res = await api.call<{ count: number }>("POST", "admSubject/bulkedit?periodId=202601", { token: admin, body: { canEnterEval: false } });
    expect(res.body.data.count).toBeGreaterThan(50);
    const open = await api.db().activity.count({ where: { periodId: 202601, canEnterEval: true, tenant: { alias: "colegio-demo" } } });
    expect(open).toBe(0);
  });

  it("duplicates a subject with its sections", async () => {
    const subject = (await api.call<Page>("GET", "admSubject/get?periodId=202601&PageSize=1", { token: admin })).body.data.Results[0]!;
    const res = await api.call<{ ID: number }>("POST", "admSubject/duplicate", { token: admin, body: { newId: subject.ID, periodId: 202601 } });
    const copy = (await api.call<Record<string, unknown>>("GET", `admSubject/get/${res.body.data.ID}`, { token: admin })).body.data;
    expect(copy).toMatchObject({ name: subject.name, partCount: subject.partCount });
  });

  it("lists the demo teacher's subject sections, and moves students between sections", async () => {
    const teacher = await api.db().user.findFirstOrThrow({ where: { mail: "docente@pizarra.demo" } });
    const parts = (await api.call<Page>("GET", `admSubject/getParts?periodId=202601&masterId=${teacher.id}`, { token: admin })).body.data.Results;
    expect(parts.length).toBeGreaterThan(0);
    expect(String(parts[0]!.name)).toMatch(/ · /);

    const [from, to] = (await api.call<Page>("GET", "admSection/get?periodId=202601&PageSize=2", { token: admin })).body.data.Results;
    const students = (await api.call<Page>("GET", `admSectionMembers/get?parentId=${from!.ID}&PageSize=3`, { token: admin })).body.data.Results.map(
      (r) => r.userId,
    );
    const moved = await api.call<{ count: number }>("POST", "admSection/moveStudents", {
      token: admin,
      body: { fromSectionId: from!.ID, sectionId: to!.ID, studentIds: students },
    });
    expect(moved.body).toMatchObject({ status: 0, data: { count: 3 } });
    const nowIn = await api.db().sectionMember.findMany({ where: { userId: { in: students as number[] }, section: { superSection: { periodId: 202601 } } } });
    expect(nowIn.every((m) => m.sectionId === to!.ID)).toBe(true);
    const again = await api.call("POST", "admSection/moveStudents", {
      token: admin,
      body: { fromSectionId: from!.ID, sectionId: to!.ID, studentIds: students },
    });
    expect(again.http).toBe(404);
  });
});

describe("pick lists of the grade screen (000 §7)", () => {
  it("gives a teacher the sections they teach, and an administrator all of them", async () => {
    const { teacher } = await api.tokens();
    const me = await api.db().user.findFirstOrThrow({ where: { mail: "docente@pizarra.demo" } });
    const mine = (await api.call<Page>("GET", "admSection/get?pick=true&roleFilter=master&periodId=202601&PageSize=500", { token: teacher })).body.data.Results;
    const expected = await api.db().section.count({
      where: { tenantId: me.tenantId, superSection: { periodId: 202601 }, OR: [{ owner: me.id }, { parts: { some: { masterId: me.id } } }] },
    });
    expect(mine.length).toBe(expected);
    expect(mine.length).toBeGreaterThan(0);
    const all = (await api.call<Page>("GET", "admSection/get?pick=true&roleFilter=master&periodId=202601&PageSize=500", { token: admin })).body.data.Results;
    expect(all.length).toBeGreaterThan(mine.length);
  });

  it("lets a teacher read pick lists but not the full list nor its print", async () => {
    const { teacher } = await api.tokens();
    expect((await api.call("GET", "admSection/get?PageSize=5", { token: teacher })).http).toBe(403);
    expect((await api.call("GET", "admSection/get?pick=true&print=true", { token: teacher })).http).toBe(403);
    const picks = await api.call<Page>("GET", "admStaff/get?pick=true&PageSize=3", { token: teacher });
    expect(Object.keys(picks.body.data.Results[0]!).sort()).toEqual(["ID", "desc", "img", "name"]);
  });

  it("lists the teachers of a period and the subjects of a section", async () => {
    const teachers = (await api.call<Page>("GET", "admStaff/get?pick=true&type=5&filterBy=academic&filter=202601&PageSize=500", { token: admin })).body.data
      .Results;
    expect(teachers.length).toBeGreaterThan(5);
    expect((await api.call<Page>("GET", "admStaff/get?pick=true&type=5&filterBy=academic&filter=209901", { token: admin })).body.data.Results).toEqual([]);
    const section = (await api.call<Page>("GET", "admSection/get?periodId=202601&PageSize=1", { token: admin })).body.data.Results[0]!;
    const subjects = (await api.call<Page>("GET", `admSubject/get?periodId=202601&sectionId=${section.ID}&PageSize=50`, { token: admin })).body.data.Results;
    const parts = await api.db().activityPart.count({ where: { sectionId: section.ID as number } });
    expect(subjects.length).toBe(parts);
  });
});
