// The registration figures of `pnpm bench`: POST company/setup timed one registration after another (target p95 < 1 s),
// then the big school's sign-in and grade sheet measured before, with 100 schools registered beside it, and again once
// they are removed (multi-tenancy must not slow the big school): the two measures without them tell the run's own
// drift from what the schools cost. The number each registration proves is given by a registration token
// signed here with the server's secret: the PIN before it is measured by no figure, and sending it needs the worker.
import type pg from "pg";
import { percentile } from "./config.ts";

export const REGISTRATIONS = 100;
/** How many of the first registrations the company/setup figure is taken over. */
export const TIMED = 30;
export const SETUP_TARGET_MS = 1000;
const PREFIX = "bench-reg-";

export interface RegistrationFigures {
  setupP95: number;
  setupP50: number;
  registered: number;
  before: { signIn: number; gradeSheet: number };
  after: { signIn: number; gradeSheet: number };
  /** Measured again once the registered schools are removed. */
  without: { signIn: number; gradeSheet: number };
}

interface Options {
  base: string;
  pool: pg.Pool;
  /** The server's AUTH_SECRET and database, for the registration tokens. */
  env: { AUTH_SECRET: string; DATABASE_URL: string };
  /** The p95 (ms) of the bench school's sign-in and grade sheet, measured as their own rows of the bench measure them. */
  signInP95: () => Promise<number>;
  gradeSheetP95: () => Promise<number>;
  settle: () => Promise<void>;
}

/** Removes the schools and accounts an earlier run registered, so that each run starts from the bench school alone. */
async function forget(pool: pg.Pool): Promise<void> {
  await pool.query(`DELETE FROM "Tenant" WHERE alias LIKE $1`, [`${PREFIX}%`]);
  await pool.query(`DELETE FROM "Account" WHERE email LIKE $1`, [`${PREFIX}%`]);
  await pool.query(`DELETE FROM "RateWindow" WHERE key LIKE 'setup:%'`);
}

export async function registrationFigures({ base, pool, env, signInP95, gradeSheetP95, settle }: Options): Promise<RegistrationFigures> {
  await forget(pool);
  // The token module reads the server's secret through env.ts, as the server does.
  Object.assign(process.env, env);
  const { signRegistration } = await import("../apps/web/src/server/modules/registration/token.ts");
  await settle();
  const before = { signIn: await signInP95(), gradeSheet: await gradeSheetP95() };
  const run = Date.now().toString(36);
  const times: number[] = [];
  for (let i = 0; i < REGISTRATIONS; i++) {
    // The limits per address and per number are the product's; the bench registers from one address on purpose.
    await pool.query(`DELETE FROM "RateWindow" WHERE key LIKE 'setup:%'`);
    const { token } = await signRegistration(`+51${String(955_000_000 + i)}`);
    const body = {
      token,
      name: `Colegio de prueba ${i}`,
      email: `${PREFIX}${run}-${i}@colegios.bench`,
      countryCode2: "51",
      cel: String(944_000_000 + i),
      alias: `${PREFIX}${run}-${i}`,
      plan: "Starter",
      adminName: "Directora",
      adminLast: `Prueba ${i}`,
      password: "registro2026",
    };
    const started = performance.now();
    const res = await fetch(`${base}/api/company/setup`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-locale": "es" },
      body: JSON.stringify(body),
    });
    const envelope = (await res.json()) as { status: number; msg: string };
    if (envelope.status < 0) throw new Error(`company/setup ${i}: HTTP ${res.status} ${envelope.msg}`);
    times.push(performance.now() - started);
  }
  await settle();
  const after = { signIn: await signInP95(), gradeSheet: await gradeSheetP95() };
  const timed = times.slice(0, TIMED).sort((a, b) => a - b);
  const registered = Number((await pool.query(`SELECT count(*) FROM "Tenant" WHERE alias LIKE $1`, [`${PREFIX}${run}-%`])).rows[0].count);
  await forget(pool);
  await settle();
  const without = { signIn: await signInP95(), gradeSheet: await gradeSheetP95() };
  return { setupP95: percentile(timed, 95), setupP50: percentile(timed, 50), registered, before, after, without };
}
