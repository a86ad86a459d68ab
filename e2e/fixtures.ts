import AxeBuilder from "@axe-core/playwright";
import { expect, test as base, type APIRequestContext, type Page } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { type ParsedMail, simpleParser } from "mailparser";
import pg from "pg";
import type { TLoginAnswer } from "../packages/contracts/src/session/answers.ts";

export const PASSWORD = "pizarra";
export const ADMIN = "admin@pizarra.demo";
export const TEACHER = "docente@pizarra.demo";
export const SECRETARY = "secretaria@pizarra.demo";

/** What a sign-in answers: the contract's login answer. */
export type LoginAnswer = TLoginAnswer;

export async function apiLogin(request: APIRequestContext, email: string): Promise<LoginAnswer> {
  const res = await request.post("/api/admStaff/login?adm=true", { data: { ext: "", user: email, pass: PASSWORD } });
  expect(res.status()).toBe(200);
  const body = await res.json();
  expect(body.status).toBeGreaterThanOrEqual(0);
  return body.data as LoginAnswer;
}

/** Signs in through the API and writes the session where the pages keep it (spec 000 §3 local storage keys). */
/** Picks an option of one of the app's searchable selects by its record id. */
export async function pickOption(page: Page, testId: string, id: number) {
  await page.getByTestId(testId).click();
  await page.getByTestId(`option-${id}`).click();
}

export async function signInAs(page: Page, email: string, locale: "es" | "en" = "es"): Promise<LoginAnswer> {
  const answer = await apiLogin(page.request, email);
  const tenants = answer.multiTenant
    ? (await (await page.request.get("/api/admStaff/tenants", { headers: { authorization: `Bearer ${answer.token}` } })).json()).data
    : [];
  await page.context().addCookies([{ name: "NEXT_LOCALE", value: locale, url: baseUrl() }]);
  // Any document of the app's origin gives its local storage; the health check's JSON loads no scripts, where a page
  // would boot the whole client first.
  await page.goto("/api/health");
  await page.evaluate(
    ({ answer, tenants, locale }) => {
      localStorage.setItem("id_token", answer.token);
      localStorage.setItem("user_admin", JSON.stringify(answer.user));
      localStorage.setItem("menu_items", JSON.stringify(answer.menu));
      localStorage.setItem("current_tenant", String(answer.companyID));
      localStorage.setItem("tenants", JSON.stringify(tenants));
      localStorage.setItem("__current_locale", locale);
    },
    { answer, tenants, locale },
  );
  return answer;
}

/** Today on the school's clock (000 §9: a fixed UTC-5), 'YYYY-MM-DD'. */
export const schoolToday = () => new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);

/** A call of the API as `token`'s holder, expected to succeed: its data. */
export async function apiCall<T>(request: APIRequestContext, token: string, method: "GET" | "POST", route: string, body?: unknown): Promise<T> {
  const headers = { authorization: `Bearer ${token}` };
  const res = method === "GET" ? await request.get(`/api/${route}`, { headers }) : await request.post(`/api/${route}`, { headers, data: body ?? {} });
  const json = (await res.json()) as { status: number; msg: string; data: T };
  expect(json.status, `${method} ${route}: ${json.msg}`).toBeGreaterThanOrEqual(0);
  return json.data;
}

/** The first attendance type of a status is the one a mark of that status gets: made to alert the family at once. */
export async function alertingType(request: APIRequestContext, token: string, status: number): Promise<number> {
  const types = await apiCall<{ Results: { ID: number; name: string; type: number }[] }>(request, token, "GET", "admAttendanceType/get?PageSize=100");
  const first = types.Results.filter((t) => Number(t.type) === status).sort((a, b) => a.ID - b.ID)[0];
  const body = { name: first?.name ?? `Tipo ${status} (e2e)`, type: status, notify: true, notifyDelay: 0, showInReports: true };
  if (first) {
    await apiCall(request, token, "POST", `admAttendanceType/edit/${first.ID}`, body);
    return first.ID;
  }
  return (await apiCall<{ ID: number }>(request, token, "POST", "admAttendanceType/create", body)).ID;
}

/** A row's extra action of the generic grid: inline when the row has room for it, else in the row's menu. */
export async function rowAction(page: Page, name: string, id: string | number): Promise<void> {
  const button = page.getByTestId(`action-${name}-${id}`);
  if ((await button.count()) === 0) await page.getByTestId(`row-more-${id}`).click();
  await button.click();
}

export function baseUrl(): string {
  return process.env.BASE_URL ?? "http://127.0.0.1:3100";
}

/**
 * Puts the app in a theme ("dark.blue", "light.blue", …) as the theme picker keeps it: in local storage, which the
 * pages read, and in the cookie the server renders the first paint by. The page must be on a document of the app's
 * origin; the theme shows from the next page loaded.
 */
export async function setTheme(page: Page, theme: string): Promise<void> {
  await page.evaluate((value) => localStorage.setItem("__theme_color", value), theme);
  await page.context().addCookies([{ name: "theme_color", value: theme, url: baseUrl() }]);
}

export const test = base;
export { expect };

/**
 * An axe check of the page as it stands (rule 8), or of the parts of it named by CSS selectors: no serious or critical
 * violation, each one named if there is.
 */
export async function expectAccessible(page: Page, ...parts: string[]): Promise<void> {
  // Colours caught mid-transition (a theme applied as the page loads, a button's colour fading in) are no colours a
  // person reads: the finite animations and transitions running now are let finish first; spinners run on.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const { violations } = await parts.reduce((axe, part) => axe.include(part), new AxeBuilder({ page })).analyze();
  const grave = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(grave.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** A connection to the database the server under test uses (TEST_DATABASE_URL), for the work given, then closed. */
export async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The addresses a caught mail went to, lower-cased. */
export const mailRecipients = (mail: ParsedMail): string[] =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) => a.value.map((v) => (v.address ?? "").toLowerCase()));

/**
 * Each caught mail parsed once per worker (by name and size, so that one still being written is read again): every
 * poll of every spec reads the whole catcher, which holds the run's mail.
 */
const parsed = new Map<string, ParsedMail>();
async function parsedMail(file: string): Promise<ParsedMail> {
  const key = `${file}:${fs.statSync(file).size}`;
  const known = parsed.get(key);
  if (known) return known;
  const mail = await simpleParser(fs.readFileSync(file));
  parsed.set(key, mail);
  return mail;
}

/**
 * What `find` answers of the mail the server under test sent, once the worker has sent it: every e-mail the SMTP
 * catcher holds (OUTSIDE_DIR/mail) is read until one answers, the last such answer kept.
 */
export async function caughtMail<T>(find: (mail: ParsedMail) => T | null, timeout = 90_000): Promise<T> {
  const dir = path.join(process.env.OUTSIDE_DIR ?? "", "mail");
  let found: T | null = null;
  await expect
    .poll(
      async () => {
        const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".eml")) : [];
        for (const file of files) found = find(await parsedMail(path.join(dir, file))) ?? found;
        return found;
      },
      { timeout, intervals: [250] },
    )
    .not.toBeNull();
  return found!;
}
