import fs from "node:fs";
import path from "node:path";
import { UPLOAD_TYPES } from "@pizarra/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { contentKey, storage } from "../storage/storage.ts";
import { apiHarness } from "../../test-support/harness.ts";
import { RESOURCE_SERVERS } from "../resources.ts";

/** Deleting a person removes their files under every module, once the delete is committed. */
const api = apiHarness({ school: true });
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]).toString("base64");
let admin: string;
let tenant: number;

beforeAll(async () => {
  ({ admin } = await api.tokens());
  ({ tenantId: tenant } = await api.school());
});

const stored = () =>
  new Set(
    (fs.readdirSync(process.env.STORAGE_DIR!, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(process.env.STORAGE_DIR!, f)).isFile()),
  );

/** A student with an infirmary visit and a tracking entry, each holding an uploaded file, and a photo of their own. */
async function studentWithFiles(): Promise<{ id: number; files: string[] }> {
  const { db: school } = await api.school();
  // A student a delete does not refuse (no pensions: a scholarship), given a copy of one of the demo's infirmary visits
  // and of one of its tracking entries.
  const student = await school.user.findFirstOrThrow({ where: { type: 2, orders: { none: {} }, receipts: { none: {} } }, select: { id: true } });
  const { id: _visit, tenantId: _v, ...visitData } = await school.infirmaryEntry.findFirstOrThrow({ orderBy: { id: "asc" } });
  const visit = await school.infirmaryEntry.create({ data: { ...visitData, userId: student.id }, select: { id: true } });
  const { id: _tracking, tenantId: _t, ...trackingData } = await school.tracking.findFirstOrThrow({ orderBy: { id: "asc" } });
  const tracking = await school.tracking.create({ data: { ...trackingData, userId: student.id }, select: { id: true, type: true } });
  // The tracking row's own screen (behaviour, commitment, journal or tracking) and its first file field.
  const screen = RESOURCE_SERVERS.find((s) => s.model === "tracking" && (s.scope?.where as { type?: unknown } | undefined)?.type === tracking.type)!;
  const file = screen.def.fields.find((f) => UPLOAD_TYPES.has(f.type))!.name;
  const before = stored();
  const uploads = [`admStudent/face?id=${student.id}`, `admInfirmary/photo1?id=${visit.id}`, `${screen.def.id}/${file}?id=${tracking.id}`];
  for (const call of uploads) expect((await api.call("POST", call, { token: admin, body: { name: "x.png", data: PNG } })).body.status, call).toBe(0);
  return { id: student.id, files: [...stored()].filter((f) => !before.has(f)) };
}

describe("a person's files go with them", () => {
  it("removes their photo, their infirmary photos and their tracking files when they are deleted", async () => {
    const { id, files } = await studentWithFiles();
    expect(files).toHaveLength(3);
    const res = await api.call("POST", `admStudent/delete/${id}?confirm=true`, { token: admin });
    expect(res.body.status).toBe(0);
    const left = stored();
    expect(files.filter((f) => left.has(f))).toEqual([]);
  });

  it("keeps every file when the delete is refused", async () => {
    const { id, files } = await studentWithFiles();
    const { teacher } = await api.tokens();
    expect((await api.call("POST", `admStudent/delete/${id}?confirm=true`, { token: teacher })).http).toBe(403);
    const left = stored();
    expect(files.filter((f) => !left.has(f))).toEqual([]);
  });

  it("removes the memos made about them and the editor images they uploaded that no record shows, keeping one a publication shows", async () => {
    const { db: school } = await api.school();
    const { id } = await studentWithFiles();
    const place = await school.sectionMember.findFirstOrThrow({
      where: { userId: id },
      select: { section: { select: { superSection: { select: { periodId: true } } } } },
    });
    const memo = await api.call<{ url: string }>("GET", `grades/memo/${place.section.superSection.periodId}/${id}`, { token: admin });
    expect(memo.body.status, JSON.stringify(memo.body)).toBe(0);
    const memoKey = memo.body.data.url.split("?")[0]!.replace(/^\/api\/files\//, "");
    const [unused, shown] = [contentKey(tenant, id, "png"), contentKey(tenant, id, "png")];
    for (const key of [unused, shown]) await storage().put(key, Buffer.from(PNG, "base64"));
    const publication = await school.publication.findFirstOrThrow({ select: { id: true } });
    await school.publication.update({ where: { id: publication.id }, data: { body: `<p><img src="/api/files/${shown}"></p>` } });

    expect((await api.call("POST", `admStudent/delete/${id}?confirm=true`, { token: admin })).body.status).toBe(0);
    const left = stored();
    expect([memoKey, unused, shown].filter((f) => left.has(f))).toEqual([shown]);
    expect(await school.reportArtefact.count({ where: { storageKey: memoKey } })).toBe(0);
  });
});
