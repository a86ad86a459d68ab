import { beforeAll, describe, expect, it } from "vitest";
import { apiHarness } from "../../../test-support/harness.ts";
import { readXlsx } from "../../../test-support/read-xlsx.ts";

const api = apiHarness({ school: true });
type Row = Record<string, unknown>;
type Page = { Results: Row[]; RowCount: number; PageCount: number };
type Refusal = { errors: Record<string, string> };

let admin: string;
let northside: string;
let secretary: string;
let teacher: string;

beforeAll(async () => {
  ({ admin, northside, secretary, teacher } = await api.tokens());
});

const list = api.rows;
const one = api.record;
/** A student's section in the current period (they keep last year's too). */
async function placeOf(studentId: unknown) {
  const member = await api.db().sectionMember.findFirstOrThrow({
    where: { userId: Number(studentId), section: { superSection: { period: { current: true } } } },
    include: { section: true },
  });
  return { sectionId: member.sectionId };
}

describe("admDirectory: students and their guardians (001 §2, §3)", () => {
  it("lists 20 students a page with their two first guardians, main guardian first, read-only", async () => {
    const page = await api.call<Page>("GET", "admDirectory/get", { token: secretary });
    expect(page.body.data.Results).toHaveLength(20);
    const row = page.body.data.Results[0]!;
    for (const key of ["ID", "name", "last", "last2", "externalId", "rel1", "rel1Tel", "rel2", "rel2Tel", "rel1mail", "rel2mail", "depMail"])
      expect(row).toHaveProperty(key);
    const kin = await api.db().kinship.findMany({ where: { studentId: row.ID as number }, orderBy: { userKind: "asc" }, include: { relative: true } });
    expect(row.rel1mail).toBe(kin[0]!.relative.mail);
    expect(row.rel1Tel).toBe(kin[0]!.relative.cel);
    expect(row.depMail).toBe((await one(`admStudent/get/${row.ID}`)).mail);
    for (const action of [`create`, `edit/${row.ID}`, `delete/${row.ID}?confirm=true`]) {
      expect((await api.call("POST", `admDirectory/${action}`, { token: admin, body: { name: "X" } })).http).toBe(405);
    }
  });

  it("skips a deceased guardian", async () => {
    const row = (await list("admDirectory/get?PageSize=20")).find((r) => r.rel2mail)!;
    const main = await api.db().kinship.findFirstOrThrow({ where: { studentId: row.ID as number, userKind: 0 } });
    await api.db().user.update({ where: { id: main.relativeId }, data: { rip: true } });
    const after = await one(`admDirectory/get/${row.ID}`);
    expect(after.rel1mail).not.toBe(row.rel1mail);
    expect(after.rel1mail).toBe(row.rel2mail);
    await api.db().user.update({ where: { id: main.relativeId }, data: { rip: false } });
  });

  it("filters by section, finds a family by a guardian's e-mail, picks a student and shows other schools nothing", async () => {
    const sample = (await list("admDirectory/get?PageSize=1&page=3"))[0]!;
    const student = await placeOf(sample.ID);
    const bySection = await list(`admDirectory/get?sectionId=${student.sectionId}&PageSize=100`);
    expect(bySection.map((r) => r.ID)).toContain(sample.ID);
    expect(bySection.every((r) => r.sectionName === sample.sectionName)).toBe(true);
    expect((await list(`admDirectory/get?filter=${encodeURIComponent(String(sample.rel1mail))}`)).map((r) => r.ID)).toEqual([sample.ID]);
    expect((await api.call("GET", `admDirectory/get/${sample.ID}`, { token: northside })).http).toBe(404);
    expect((await list("admDirectory/get?PageSize=200", northside)).some((r) => r.ID === sample.ID)).toBe(false);
    const picks = await list(`admDirectory/get?pick=true&filter=${sample.externalId}`);
    expect(picks).toEqual([{ ID: sample.ID, name: [sample.last, sample.last2, sample.name].join(" "), desc: sample.externalId }]);
  });

  it("exports for role 100 only", async () => {
    const refused = await api.call("GET", "admDirectory/get?print=true&format=xlsx", { token: secretary, locale: "en" });
    expect(refused.http).toBe(403);
    expect(refused.body.msg).toBe("Only the school's top administrator may print or export this list.");
    expect((await api.call("GET", "admDirectory/get?print=true", { token: secretary })).http).toBe(403);

    const res = await api.raw("GET", "admDirectory/get?print=true&format=xlsx", { token: admin });
    expect(res.headers.get("content-type")).toContain("spreadsheetml");
    const [sheet] = await readXlsx(await res.arrayBuffer());
    expect(sheet!.name).toBe("Directorio");
    expect(sheet!.rows[0]![5]).toBe("Apoderado 1");
    expect(sheet!.rows.length).toBe(1 + (await api.db().user.count({ where: { type: 2, inactive: false, tenant: { alias: "colegio-demo" } } })));
  });

  it("gathers the checked rows' distinct addresses for the compose popup's bcc", async () => {
    const rows = await list("admDirectory/get?PageSize=3");
    const ids = rows.map((r) => r.ID);
    const all = await api.call<{ bcc: string[] }>("POST", "admDirectory/mail", { token: secretary, body: { ids: [...ids, ids[0]] } });
    const expected = new Set(rows.flatMap((r) => [r.rel1mail, r.rel2mail, r.depMail]).filter(Boolean));
    expect(new Set(all.body.data.bcc)).toEqual(expected);
    expect(all.body.data.bcc).toHaveLength(expected.size);
    const guardians = await api.call<{ bcc: string[] }>("POST", "admDirectory/mail", { token: secretary, body: { ids, columns: ["rel1mail"] } });
    expect(new Set(guardians.body.data.bcc)).toEqual(new Set(rows.map((r) => r.rel1mail)));

    const theirs = await api.call("POST", "admDirectory/mail", { token: northside, body: { ids } });
    expect(theirs.http).toBe(422);
    expect((await api.call<Refusal>("POST", "admDirectory/mail", { token: admin, body: { ids: [] }, locale: "en" })).http).toBe(422);
    expect((await api.call("POST", "admDirectory/mail", { token: teacher, body: { ids } })).http).toBe(403);
  });
});
