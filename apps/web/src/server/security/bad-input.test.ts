import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../../messages/en.json";
import es from "../../../messages/es.json";
import { translator } from "../i18n.ts";
import type { Route } from "../http/route.ts";
import { PROVIDER_ROUTES } from "../provider-routes.ts";
import { ROUTES } from "../routes.ts";
import { apiHarness } from "../../test-support/harness.ts";
import { badCases, resourceOf, type BadCase } from "../../test-support/bad-input-cases.ts";

/**
 * Every route of the table gets generated malformed input from the admin of Colegio Demo (full
 * rights, so it reaches validation and the handlers). No answer may be a 500; a refusal writes nothing (a trigger on
 * every table logs each written row, read after each request; no file appears in storage); a 422 names its fields
 * in the caller's language (labels, not raw field names or message keys; Spanish and English differ).
 */
const api = apiHarness({ school: true });
type Locale = "es" | "en";

let admin: string;
let adminId: number;
const sampleIds = new Map<string, string | null>();
const totals = { requests: 0, refusals: 0, validation: 0 };
const started = Date.now();

function leaves(node: unknown): string[] {
  return typeof node === "string" ? [node] : node && typeof node === "object" ? Object.values(node).flatMap(leaves) : [];
}
const LABELS: Record<Locale, Set<string>> = { es: new Set(leaves(es)), en: new Set(leaves(en)) };
const RAW_KEY = new RegExp(`\\b(${Object.keys(en).join("|")})\\.[A-Za-z]`);
const QUERY_REFUSED = es.api.badRequest;

beforeAll(async () => {
  ({ admin } = await api.tokens());
  adminId = (JSON.parse(Buffer.from(admin.split(".")[1]!, "base64url").toString()) as { userId: number }).userId;
  const db = api.db();
  // A worker's heartbeat that stays fresh through the walk, so that GET ready answers as it does with a worker running;
  // written before the triggers that count what requests write.
  await db.workerHeartbeat.create({ data: { id: "bad-input", beatAt: new Date(Date.now() + 3600_000) } });
  await db.$executeRawUnsafe(`CREATE TABLE bad_input_write (id bigserial PRIMARY KEY, tbl text NOT NULL, op text NOT NULL)`);
  await db.$executeRawUnsafe(
    `CREATE FUNCTION bad_input_log() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO bad_input_write (tbl, op) VALUES (TG_TABLE_NAME, TG_OP); RETURN NULL; END $$`,
  );
  await db.$executeRawUnsafe(`DO $$ DECLARE t text; BEGIN
    FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'bad_input_write' LOOP
      EXECUTE format('CREATE TRIGGER bad_input_log AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION bad_input_log()', t);
    END LOOP; END $$`);
}, 120_000);

afterAll(() => {
  console.info(
    `bad input: ${totals.requests} requests (${totals.refusals} refused, ${totals.validation} of them 422) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
});

let lastWrite = 0;
/** The tables written since the last look (one query a request). */
async function newWrites(): Promise<string[]> {
  const [row] = await api
    .db()
    .$queryRawUnsafe<{ last: bigint | null; writes: string[] | null }[]>(
      `SELECT max(id) AS last, array_agg(DISTINCT op || ' ' || tbl) AS writes FROM bad_input_write WHERE id > ${lastWrite}`,
    );
  if (row?.last) lastWrite = Number(row.last);
  return row?.writes ?? [];
}

const seenFiles = new Set<string>();
/** The stored files (uploads, report cards, zips) that appeared since the last look. */
function newFiles(): string[] {
  const dir = process.env.STORAGE_DIR!;
  const files = (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile());
  const added = files.filter((f) => !seenFiles.has(f));
  for (const f of added) seenFiles.add(f);
  return added.map((f) => `file ${f}`);
}

/** A real record of the route's resource (never the signed-in admin), so that bodies and uploads get past "not found". */
async function sampleId(resource: string | null): Promise<string | null> {
  if (!resource) return null;
  if (!sampleIds.has(resource)) {
    const res = await api.call<{ Results?: { ID: number | string }[] }>("GET", `${resource}/get?PageSize=5`, { token: admin });
    const row = res.body.data?.Results?.find((r) => r.ID !== adminId);
    sampleIds.set(resource, row ? String(row.ID) : null);
  }
  return sampleIds.get(resource)!;
}

const describeInput = (c: BadCase) => `${c.what}: ${c.path.slice(0, 200)}${c.body === undefined ? "" : ` ${JSON.stringify(c.body)?.slice(0, 200)}`}`;

/** What is wrong with a 422: no field named, a raw key or field name instead of a label, a placeholder left. */
function validationProblems(errors: unknown, locale: Locale): string[] {
  if (!errors || typeof errors !== "object" || Object.keys(errors).length === 0) return ["a 422 without data.errors naming the field"];
  return Object.entries(errors as Record<string, unknown>).flatMap(([key, msg]) => {
    const field =
      key
        .split(".")
        .filter((p) => !/^\d+$/.test(p))
        .at(-1) ?? key;
    if (typeof msg !== "string" || msg.trim() === "") return [`${key}: an empty message`];
    if (RAW_KEY.test(msg) || msg.includes(":attribute")) return [`${key}: a raw message key in "${msg}"`];
    // A label that holds the name ("E-mail" for mail) is not the raw name.
    const rest = [...LABELS[locale]].filter((label) => label.length > field.length && label.includes(field)).reduce((m, label) => m.replaceAll(label, ""), msg);
    const raw = field !== "_" && new RegExp(`(^|[^\\w])${field}([^\\w]|$)`).test(rest) && !LABELS[locale].has(field);
    return raw ? [`${key}: the raw field name instead of its ${locale} label in "${msg}"`] : [];
  });
}

/** Routes that end the caller's session when they succeed: each of their cases signs in anew. */
const ENDS_SESSION = new Set(["POST admStaff/logout"]);

/** Every route with the way it is called: the web app's table, and the providers' callbacks on the worker's port. */
const WALKED: [Route, typeof api.raw][] = [
  ...ROUTES.map((route): [Route, typeof api.raw] => [route, api.raw]),
  ...PROVIDER_ROUTES.map((route): [Route, typeof api.raw] => [route, api.rawCallback]),
];

async function send(c: BadCase, method: string, locale: Locale, raw: typeof api.raw) {
  const token = ENDS_SESSION.has(`${method} ${c.path.split("?")[0]}`) ? await api.tokenFor("admin@pizarra.demo") : admin;
  // The sign-in itself writes (its session): only what the request writes counts.
  await newWrites();
  const res = await raw(method, c.path, { token, locale, body: c.body, rawBody: c.rawBody });
  totals.requests++;
  const json = (res.headers.get("content-type") ?? "").includes("json");
  const body = json ? ((await res.json()) as { status: number; msg: string; data: { errors?: unknown } | null }) : null;
  if (!json) await res.arrayBuffer();
  const refused = res.status >= 400 || (body !== null && body.status < 0);
  const writes = [...(await newWrites()), ...newFiles()];
  return { http: res.status, body, refused, writes: refused ? writes : [] };
}

describe("bad input on every route", () => {
  WALKED.forEach(([route, raw], index) => {
    it(`${route.method} ${route.path}`, { timeout: 120_000 }, async () => {
      const problems: string[] = [];
      let languageChecked = false;
      const cases = badCases(route, index, await sampleId(resourceOf(route)));
      await newWrites();
      newFiles();
      for (const c of cases) {
        const where = `${route.method} ${describeInput(c)}`;
        const answer = await send(c, route.method, "es", raw);
        if (answer.http >= 500) problems.push(`${where} → HTTP ${answer.http} ${answer.body?.msg ?? ""}`);
        if (c.expect && answer.http !== c.expect.http) problems.push(`${where} → HTTP ${answer.http} ${answer.body?.msg ?? ""}, not ${c.expect.http}`);
        const named = (answer.body?.data?.errors ?? {}) as Record<string, unknown>;
        if (c.expect?.field && answer.http === 422 && !(c.expect.field in named))
          problems.push(`${where} → a 422 that does not name ${c.expect.field}: ${answer.body?.msg}`);
        if (c.expect?.http === 400 && answer.body?.msg !== translator("es")("api.tooDeep", { max: 32 }))
          problems.push(`${where} → "${answer.body?.msg}", not the nesting refusal`);
        if (answer.writes.length) problems.push(`${where} → refused (${answer.http} ${answer.body?.msg}) but wrote: ${answer.writes.join(", ")}`);
        if (answer.refused) totals.refusals++;
        if (answer.body?.msg && RAW_KEY.test(answer.body.msg)) problems.push(`${where} → a raw message key: ${answer.body.msg}`);
        // The wrapper's last resort (the database layer refused a query the schemas let through) names no field.
        if (answer.body?.msg === QUERY_REFUSED) problems.push(`${where} → refused by the database layer, naming no field`);
        if (answer.http !== 422) continue;
        totals.validation++;
        problems.push(...validationProblems(answer.body?.data?.errors, "es").map((p) => `${where} → ${p}`));
        if (languageChecked) continue;
        languageChecked = true;
        const enAnswer = await send(c, route.method, "en", raw);
        problems.push(...validationProblems(enAnswer.body?.data?.errors, "en").map((p) => `${where} (en) → ${p}`));
        if (enAnswer.body?.msg === answer.body?.msg) problems.push(`${where} → the same 422 message in es and en: ${answer.body?.msg}`);
      }
      expect(problems).toEqual([]);
    });
  });
});
