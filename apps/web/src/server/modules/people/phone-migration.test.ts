import fs from "node:fs";
import path from "node:path";
import { toE164 } from "@pizarra/contracts/phone";
import { demoTenants } from "@pizarra/db/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { apiHarness } from "../../../test-support/harness.ts";

/**
 * Migration 20261201010000_phone_numbers on a database as it was before it (its columns dropped again), with the
 * numbers schools had typed: what it can read is kept in E.164, the rest is moved aside (never matched, never sent
 * to) and listed in the school's audit; run twice, it changes nothing more.
 */
const api = apiHarness();
const MIGRATION = path.resolve(import.meta.dirname, "../../../../../../prisma/migrations/20261201010000_phone_numbers/migration.sql");

/** Typed number → what the migration keeps in `cel` (null: moved to `celUnverified`), per school's country. */
const PERU: [string, string | null][] = [
  ["987 654 321", "+51987654321"],
  ["987-654-322", "+51987654322"],
  ["+51 987 654 323", "+51987654323"],
  ["0051987654324", "+51987654324"],
  ["51987654325", "+51987654325"],
  ["(01) 234-5678", "+5112345678"],
  ["044 123456", "+5144123456"],
  ["+1 212 555 0147", "+12125550147"],
  ["+44 20 7946 0958", "+442079460958"],
  ["\u00a0900 111 001 ", "+51900111001"],
  ["+1 590 011 1001", null],
  ["+51 98765432", null],
  ["1234567", null],
  ["12345", null],
  ["987654321 mamá", null],
  ["987654321 / 987654322", null],
];
const NORTH: [string, string | null][] = [
  ["(212) 555-0147", "+12125550147"],
  ["212.555.0148", "+12125550148"],
  ["1 212 555 0149", "+12125550149"],
  ["+51 987 654 321", "+51987654321"],
  ["987654321", null],
  ["555-0100", null],
];

let tenants: { colegio: number; northside: number };
let third: number;
const run = () => api.db().$executeRawUnsafe(fs.readFileSync(MIGRATION, "utf8"));
const sample = async (tenantId: number, cel: string | null) =>
  (
    await api.db().$queryRaw<
      { id: number }[]
    >`INSERT INTO "User" ("tenantId", name, type, cel, "updatedAt") VALUES (${tenantId}, 'Muestra', 1, ${cel}, now()) RETURNING id`
  )[0]!.id;

beforeAll(async () => {
  tenants = await demoTenants(api.db());
  // The schema before the migration: its columns dropped again, the receiving numbers where schools kept them.
  await api.db().$executeRawUnsafe(`ALTER TABLE "User" DROP COLUMN "celUnverified"`);
  await api.db().$executeRawUnsafe(`ALTER TABLE "Tenant" DROP COLUMN "defaultCountry", DROP COLUMN "whatsappPhoneNumberId"`);
  await api.db().$executeRawUnsafe(`UPDATE "Tenant" SET settings = settings || '{"whatsappPhoneNumberId": "PN-SHARED"}'`);
  third = (
    await api.db().$queryRaw<{ id: number }[]>`
      INSERT INTO "Tenant" (title, alias, "defaultLocale", settings, "updatedAt")
      VALUES ('Colegio Tres', 'colegio-tres', 'es', '{"whatsappPhoneNumberId": "PN-TRES", "cpromUserId": 1}', now()) RETURNING id`
  )[0]!.id;
});

describe("migration 20261201010000_phone_numbers", () => {
  const ids = new Map<number, [string, string | null, string]>();

  it("keeps in E.164 what it can read, with the school's country, and moves the rest aside", async () => {
    for (const [raw, expected] of PERU) ids.set(await sample(tenants.colegio, raw), [raw, expected, "PE"]);
    for (const [raw, expected] of NORTH) ids.set(await sample(tenants.northside, raw), [raw, expected, "US"]);
    const blank = await sample(tenants.colegio, "  ");
    await run();

    const schools = await api.db().tenant.findMany({ select: { id: true, defaultCountry: true }, orderBy: { id: "asc" } });
    expect(schools).toEqual(
      [
        { id: tenants.colegio, defaultCountry: "PE" },
        { id: tenants.northside, defaultCountry: "US" },
        { id: third, defaultCountry: "PE" },
      ].sort((a, b) => a.id - b.id),
    );
    const people = await api.db().user.findMany({ where: { id: { in: [...ids.keys()] } }, select: { id: true, cel: true, celUnverified: true } });
    for (const person of people) {
      const [raw, expected, country] = ids.get(person.id)!;
      expect({ raw, cel: person.cel, celUnverified: person.celUnverified }).toEqual({ raw, cel: expected, celUnverified: expected ? null : raw });
      // What SQL read, the application reads the same way.
      if (expected) expect(toE164(raw, country), raw).toBe(expected);
    }
    expect(await api.db().user.findUniqueOrThrow({ where: { id: blank }, select: { cel: true, celUnverified: true } })).toEqual({
      cel: null,
      celUnverified: null,
    });
  });

  it("lists each person whose number it could not read in that school's audit", async () => {
    const unread = [...ids].filter(([, [, expected]]) => expected === null).map(([id]) => String(id));
    const audit = await api.db().auditLog.findMany({ where: { action: "phoneUnverified" }, select: { recordId: true, moduleId: true, userName: true } });
    expect(audit.map((a) => a.recordId).sort()).toEqual(unread.sort());
    expect(new Set(audit.map((a) => `${a.moduleId} ${a.userName}`))).toEqual(new Set(["admRelatives Pizarra"]));
  });

  it("gives a receiving number to the one school that named it, and to none of those that shared one", async () => {
    const schools = await api.db().tenant.findMany({ select: { id: true, whatsappPhoneNumberId: true, settings: true } });
    const of = (id: number) => schools.find((s) => s.id === id)!;
    expect(of(third)).toMatchObject({ whatsappPhoneNumberId: "PN-TRES", settings: { cpromUserId: 1 } });
    expect(of(third).settings).not.toHaveProperty("whatsappPhoneNumberId");
    for (const id of [tenants.colegio, tenants.northside]) {
      expect(of(id).whatsappPhoneNumberId).toBeNull();
      expect(of(id).settings).toMatchObject({ whatsappPhoneNumberId: "PN-SHARED" });
    }
  });

  it("changes nothing when run again", async () => {
    const read = async () => ({
      people: await api.db().user.findMany({ select: { id: true, cel: true, celUnverified: true }, orderBy: { id: "asc" } }),
      schools: await api
        .db()
        .tenant.findMany({ select: { id: true, defaultCountry: true, whatsappPhoneNumberId: true, settings: true }, orderBy: { id: "asc" } }),
      audit: await api.db().auditLog.count(),
    });
    const before = await read();
    await api.db().tenant.update({ where: { id: tenants.northside }, data: { defaultCountry: "CA" } });
    await run();
    const after = await read();
    // A school's country set since is its own.
    expect(after.schools.find((s) => s.id === tenants.northside)!.defaultCountry).toBe("CA");
    after.schools.find((s) => s.id === tenants.northside)!.defaultCountry = "US";
    expect(after).toEqual(before);
  });
});
