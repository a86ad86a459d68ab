import fs from "node:fs";
import path from "node:path";
import type { TenantDb } from "@pizarra/db";
import { beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../http/app-error.ts";
import type { AuthedContext } from "../../http/context.ts";
import { translator, type Locale } from "../../i18n.ts";
import { apiHarness } from "../../../test-support/harness.ts";
import { artefact } from "./artefacts.ts";

/** Report artefacts are reused while their inputs are unchanged, superseded, expired and limited per person. */
const api = apiHarness();
let db: TenantDb;
let tenantId: number;
let people: number[];

beforeAll(async () => {
  ({ tenantId, db } = await api.school());
  people = (await db.user.findMany({ orderBy: { id: "asc" }, take: 3, select: { id: true } })).map((u) => u.id);
});

/** The context a request of this person carries, as the wrapper makes it. */
const as = (userId: number, locale: Locale = "es"): AuthedContext => ({
  locale,
  t: translator(locale),
  system: api.db(),
  address: null,
  headers: new Headers(),
  db,
  user: { id: userId, tenantId, accountId: 0, sessionId: "", roleCode: 100, name: "test", access: new Map(), givenNamesFirst: false },
});

const keyOf = (url: string) => url.split("?")[0]!.replace(/^\/api\/files\//, "");
const onDisk = (key: string) => fs.existsSync(path.join(process.env.STORAGE_DIR!, key));

/** Asks for a memo-kind artefact about `subject`, counting how often it is drawn. */
function asker(subject: string) {
  const drawn = { count: 0 };
  const ask = async (ctx: AuthedContext, inputs: unknown) => {
    const reply = await artefact(ctx, {
      kind: "memos",
      subject,
      inputs,
      filename: "memo-x-202601.pdf",
      build: async () => {
        drawn.count++;
        return Buffer.from(`%PDF-1.4 ${JSON.stringify(inputs)}`);
      },
    });
    return reply.data as { url: string; filename: string };
  };
  return { ask, drawn };
}

describe("report artefacts", () => {
  it("answers the stored file without drawing while the inputs are the same, and a new one (the old file removed) once they change", async () => {
    const { ask, drawn } = asker("p202601s900001");
    const first = await ask(as(people[0]!), { grades: 1 });
    expect(first).toEqual({ url: expect.stringMatching(/^\/api\/files\/t\d+\/memos\/p202601s900001\//), filename: "memo-x-202601.pdf" });
    const again = await ask(as(people[1]!), { grades: 1 });
    expect(keyOf(again.url)).toBe(keyOf(first.url));
    expect(drawn.count).toBe(1);
    // The same data in another language is another file.
    expect(keyOf((await ask(as(people[0]!, "en"), { grades: 1 })).url)).not.toBe(keyOf(first.url));
    const changed = await ask(as(people[0]!), { grades: 2 });
    expect(drawn.count).toBe(3);
    expect(onDisk(keyOf(changed.url))).toBe(true);
    expect(onDisk(keyOf(first.url))).toBe(false);
    expect(await db.reportArtefact.count({ where: { subject: "p202601s900001", storageKey: { not: null } } })).toBe(1);
  });

  it("removes artefacts past their lifetime, row and file, when the school next asks for one", async () => {
    const { ask } = asker("p202601s900002");
    const old = keyOf((await ask(as(people[0]!), { grades: 1 })).url);
    await db.reportArtefact.updateMany({ where: { storageKey: old }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await asker("p202601s900003").ask(as(people[0]!), { grades: 1 });
    expect(await db.reportArtefact.count({ where: { subject: "p202601s900002" } })).toBe(0);
    expect(onDisk(old)).toBe(false);
  });

  it("holds one person to 60 new memos in ten minutes even when they ask in parallel, and says when to try again", async () => {
    const me = as(people[2]!, "en");
    const subjects = Array.from({ length: 70 }, (_, i) => `p202601s91${String(i).padStart(4, "0")}`);
    const results = await Promise.allSettled(subjects.map((subject, i) => asker(subject).ask(me, { i })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(60);
    const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason as AppError] : []));
    expect(refused).toHaveLength(10);
    expect(refused.every((e) => e instanceof AppError && e.httpStatus === 429 && e.messageKey === "grades.artefactLimit")).toBe(true);
    expect(me.t(refused[0]!.messageKey, refused[0]!.values)).toMatch(
      /^You have had 60 of these files made in the last 10 minutes, the most allowed\. Try again in (10|9) min\.$/,
    );
    // Asking again for one already made is free; another person is not held back.
    const made = results.findIndex((r) => r.status === "fulfilled");
    const again = asker(subjects[made]!);
    expect((await again.ask(me, { i: made })).filename).toBe("memo-x-202601.pdf");
    expect(again.drawn.count).toBe(0);
    expect((await asker("p202601s920000").ask(as(people[0]!), { i: 0 })).filename).toBe("memo-x-202601.pdf");
  });

  it("does not hold a failed build against the person, nor keep anything of it", async () => {
    const rows = await db.reportArtefact.count();
    const failing = artefact(as(people[1]!), {
      kind: "reportcards",
      subject: "p202601g900001",
      inputs: {},
      filename: "x.zip",
      build: () => Promise.reject(new Error("drawing failed")),
    });
    await expect(failing).rejects.toThrow("drawing failed");
    expect(await db.reportArtefact.count()).toBe(rows);
    expect(fs.existsSync(path.join(process.env.STORAGE_DIR!, `t${tenantId}`, "reportcards", "p202601g900001"))).toBe(false);
  });
});
