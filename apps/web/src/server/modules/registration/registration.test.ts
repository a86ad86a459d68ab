import type { TCompanySetupAnswer, TPinVerifyAnswer } from "@pizarra/contracts";
import { forTenant, hashPassword } from "@pizarra/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWhatsAppSink, type WhatsAppSink } from "../../../../../../scripts/lib/whatsapp-sink.ts";
import { apiHarness } from "../../../test-support/harness.ts";
import { sendPin } from "../session/pin-job.ts";

/**
 * A school registers itself (002 §2, §3 "Registration", §4, §7 company/setup) against a real database and the WhatsApp
 * stand-in: the PIN is read from what the stand-in received, as the person reads it on their phone.
 */
const api = apiHarness();
let sink: WhatsAppSink;
type Refusal = { errors?: Record<string, string> };

beforeAll(async () => {
  sink = await startWhatsAppSink({ port: 0, webhookUrl: null, appSecret: "unused" });
  process.env.WHATSAPP_API_URL = sink.url;
  process.env.WHATSAPP_TOKEN = "test-token";
  process.env.WHATSAPP_PHONE_NUMBER_ID = "deployment-number";
});
afterAll(() => sink.close());

let next = 0;
/** A fresh mobile of Peru for each registration. */
const freshPhone = () => `51988${String(100000 + next++).slice(-6)}`;

/** Asks for a registration PIN and reads it from the stand-in. */
async function registrationPin(user: string, locale: "es" | "en" = "es"): Promise<string> {
  await api.db().rateWindow.deleteMany();
  const asked = await api.call("POST", "user/mauthpin", { body: { user, purpose: "register" }, locale });
  expect(asked.body.status).toBe(0);
  const row = await api.db().phonePin.findUniqueOrThrow({ where: { phone_purpose: { phone: `+${user}`, purpose: "register" } } });
  const before = sink.messages().length;
  expect(await sendPin(api.db(), row.id)).toBe("done");
  const [sent] = sink.messages().slice(before);
  expect(sent).toMatchObject({ to: `+${user}`, phoneNumberId: "deployment-number", template: { language: locale } });
  return sent!.template!.params[0]!;
}

const verify = (user: string, code: string, locale: "es" | "en" = "es") =>
  api.call<TPinVerifyAnswer & Refusal>("POST", "user/mauthpin/verify", { body: { user, code, purpose: "register" }, locale });

async function registrationToken(): Promise<{ token: string; user: string }> {
  const user = freshPhone();
  const res = await verify(user, await registrationPin(user));
  expect(res.body.status).toBe(0);
  return { token: res.body.data.token, user };
}

const company = (over: Record<string, unknown> = {}) => ({
  name: "Colegio Los Andes",
  email: `direccion${next}@losandes.example`,
  countryCode2: "51",
  cel: "987123456",
  alias: `los-andes-${next}`,
  plan: "Starter",
  adminName: "Lucía",
  adminLast: "Mendoza",
  password: "clave2026",
  ...over,
});
const setup = (body: Record<string, unknown>, locale: "es" | "en" = "es") => api.call<TCompanySetupAnswer & Refusal>("POST", "company/setup", { body, locale });
const schools = () => api.db().tenant.count();

describe("registration PIN", () => {
  it("refuses a wrong, an expired, a used PIN and one past its tries, each with its message in Spanish and English", async () => {
    const user = freshPhone();
    const code = await registrationPin(user);
    const wrong = code === "000000" ? "000001" : "000000";
    expect((await verify(user, wrong)).body).toMatchObject({
      status: -422,
      msg: "El PIN no es correcto.",
      data: { errors: { code: "El PIN no es correcto." } },
    });
    expect((await verify(user, wrong, "en")).body.msg).toBe("The PIN is not correct.");
    expect((await verify(user, "12a", "en")).body.msg).toBe("The PIN must be a number of only 6 digits.");
    expect((await verify(user, code)).body.status).toBe(0);
    expect((await verify(user, code)).body.msg).toBe("Este PIN ya fue usado. Pide uno nuevo.");
    expect((await verify(user, code, "en")).body.msg).toBe("This PIN was already used. Ask for a new one.");

    const late = await registrationPin(user);
    await api.db().phonePin.updateMany({ where: { phone: `+${user}` }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await verify(user, late)).body.msg).toBe("El PIN ha vencido. Pide uno nuevo.");
    expect((await verify(user, late, "en")).body.msg).toBe("The PIN has expired. Ask for a new one.");

    const guessed = await registrationPin(user, "en");
    const bad = guessed === "000000" ? "000001" : "000000";
    for (let i = 0; i < 5; i++) await verify(user, bad);
    expect((await verify(user, guessed)).body.msg).toBe("Demasiados intentos fallidos: este PIN ya no sirve. Pide uno nuevo.");
    expect((await verify(user, guessed, "en")).body.msg).toBe("Too many wrong tries: this PIN no longer works. Ask for a new one.");
  });

  it("refuses more than five registration PINs an hour for one number", async () => {
    const user = freshPhone();
    await api.db().rateWindow.deleteMany();
    for (let i = 0; i < 5; i++) {
      await api.db().rateWindow.updateMany({ where: { key: { startsWith: "pin:wait:" } }, data: { resetAt: new Date(0) } });
      expect((await api.call("POST", "user/mauthpin", { body: { user, purpose: "register" } })).body.status).toBe(0);
    }
    await api.db().rateWindow.updateMany({ where: { key: { startsWith: "pin:wait:" } }, data: { resetAt: new Date(0) } });
    const refused = await api.call("POST", "user/mauthpin", { body: { user, purpose: "register" }, locale: "en" });
    expect(refused.http).toBe(429);
    expect(refused.body.msg).toMatch(/^Too many PINs were asked for\. Try again in [\d,]+ seconds\.$/);
  });
});

describe("company/setup", () => {
  it("creates the school with the demo's structure and signs its first administrator in, who sees only their school", async () => {
    const { token, user } = await registrationToken();
    const body = company({ alias: "Los-Andes", plan: "Empower" });
    const res = await setup({ ...body, token });
    expect(res.body.status).toBe(0);
    expect(res.body.msg).toBe("Tu colegio quedó registrado.");
    expect(res.body.data.alias).toBe("los-andes");
    const login = res.body.data.login;
    expect(login).toMatchObject({ companyName: "Colegio Los Andes", multiTenant: false, user: { roleCode: 100 } });
    expect(JSON.stringify(login.menu)).toContain('"admPeriod"');

    const tenant = await api.db().tenant.findUniqueOrThrow({ where: { alias: "los-andes" } });
    expect(tenant).toMatchObject({ plan: "Empower", cel: "+51987123456", email: body.email, defaultCountry: "PE", defaultLocale: "es" });
    const school = forTenant(api.db(), tenant.id);
    expect(await school.period.count({ where: { current: true } })).toBe(1);
    expect(await school.attendanceType.count()).toBeGreaterThan(0);
    expect(await school.localizationTemplate.count()).toBeGreaterThan(0);
    const account = await api.db().account.findUniqueOrThrow({ where: { email: body.email } });
    expect(account.phone).toBe(`+${user}`);

    // The e-mail tab signs in with the password set; the new admin's token reads its own school only.
    const again = await api.call<{ token: string; companyName: string }>("POST", "user/login", { body: { user: body.email, pass: "clave2026" } });
    expect(again.body.data.companyName).toBe("Colegio Los Andes");
    const students = await api.call<{ Results: unknown[] }>("GET", "admStudent/get", { token: login.token });
    expect(students.body.data.Results).toEqual([]);
    const demo = await api.db().tenant.findUniqueOrThrow({ where: { alias: "colegio-demo" } });
    const other = await api.call("GET", `admStaff/tenants/${demo.id}/menu`, { token: login.token });
    expect(other.http).toBe(403);
  });

  it("refuses every bad field in Spanish and English and creates nothing", async () => {
    const { token } = await registrationToken();
    const before = await schools();
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ name: "" }, "name", "El campo nombre de la empresa es requerido.", "The company name field is required."],
      [{ email: "nope" }, "email", "El campo correo de la empresa no es un correo válido", "The company e-mail must be a valid email address."],
      [{ cel: "" }, "cel", "El campo teléfono de la empresa es requerido.", "The company phone field is required."],
      [{ cel: "9871234567" }, "cel", "teléfono de la empresa no debe ser mayor a 9 caracteres.", "The company phone may not be greater than 9 characters."],
      [
        { cel: "12" },
        "cel",
        "El campo teléfono de la empresa no es un celular válido para ese código de país.",
        "The company phone is not a valid mobile number for that country code.",
      ],
      [{ countryCode2: "" }, "countryCode2", "El campo código de país de la empresa es requerido.", "The company country code field is required."],
      [{ alias: "" }, "alias", "El campo alias es requerido.", "The alias field is required."],
      [{ alias: "abc" }, "alias", "alias no debe ser menor a 4 caracteres.", "The alias must be at least 4 characters."],
      [{ alias: "los andes!" }, "alias", "El campo alias solo admite letras, números y guiones.", "The alias may only hold letters, digits and dashes."],
      [
        { alias: "admin" },
        "alias",
        "El campo alias es una palabra que el sistema reserva; elige otra.",
        "The alias is a word the product keeps for itself; choose another.",
      ],
      [{ alias: "colegio-demo" }, "alias", "Este alias ya está en uso", "This alias has already been taken"],
      [{ password: "corta1" }, "password", "contraseña no debe ser menor a 8 caracteres.", "The password must be at least 8 characters."],
      [
        { password: "sinnumeros" },
        "password",
        "El campo contraseña debe tener al menos una letra y un número.",
        "The password must hold at least one letter and one digit.",
      ],
      [{ token: "forged" }, "token", "Primero verifica tu número con un PIN.", "Verify your number with a PIN first."],
    ];
    const wrong: string[] = [];
    for (const [over, field, es, en] of cases) {
      for (const [locale, message] of [
        ["es", es],
        ["en", en],
      ] as const) {
        await api.db().rateWindow.deleteMany();
        const res = await setup({ ...company(), token, ...over }, locale);
        if (res.body.status >= 0 || res.body.data?.errors?.[field] !== message) wrong.push(`${field} ${locale}: ${res.body.msg}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await schools()).toBe(before);
  });

  it("joins an existing account only with its password, and refuses otherwise without saying whether it exists", async () => {
    const { token } = await registrationToken();
    const wrong = await setup({ ...company({ email: "secretaria@pizarra.demo", password: "otraclave1" }), token });
    expect(wrong.body).toMatchObject({ status: -1, msg: expect.stringMatching(/^No se pudo registrar con este correo y contraseña/) });
    // The password rules hold for a joining account's password too (the demo's "pizarra" would not pass them).
    await api.db().account.update({ where: { email: "secretaria@pizarra.demo" }, data: { passwordHash: await hashPassword("secreta2026") } });
    const joined = await setup({ ...company({ email: "secretaria@pizarra.demo", password: "secreta2026" }), token });
    expect(joined.body.status).toBe(0);
    expect(joined.body.data.login.multiTenant).toBe(true);
    const account = await api.db().account.findUniqueOrThrow({ where: { email: "secretaria@pizarra.demo" }, select: { _count: { select: { users: true } } } });
    expect(account._count.users).toBe(2);
  });

  it("lets one of two registrations racing for one alias win, and tells the other", async () => {
    const [a, b] = [await registrationToken(), await registrationToken()];
    const before = await schools();
    const results = await Promise.all([
      setup({ ...company({ alias: "carrera", email: "a@carrera.example" }), token: a.token }),
      setup({ ...company({ alias: "carrera", email: "b@carrera.example" }), token: b.token }),
    ]);
    expect(results.map((r) => r.body.status).sort()).toEqual([-422, 0]);
    expect(results.find((r) => r.body.status < 0)!.body.msg).toBe("Este alias ya está en uso");
    expect(await schools()).toBe(before + 1);
  });

  it("leaves nothing of a registration that fails halfway", async () => {
    const { token } = await registrationToken();
    const body = company({ alias: "a-medias" });
    const before = { schools: await schools(), users: await api.db().user.count(), accounts: await api.db().account.count() };
    // A real failure inside the transaction, after the school, its modules, groups and administrator were written.
    await api.db().$executeRawUnsafe(`CREATE FUNCTION refuse_period() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$`);
    await api.db().$executeRawUnsafe(`CREATE TRIGGER refuse_period BEFORE INSERT ON "Period" FOR EACH ROW EXECUTE FUNCTION refuse_period()`);
    try {
      const res = await setup({ ...body, token });
      expect(res.body.status).toBeLessThan(0);
    } finally {
      await api.db().$executeRawUnsafe(`DROP TRIGGER refuse_period ON "Period"`);
      await api.db().$executeRawUnsafe("DROP FUNCTION refuse_period()");
    }
    expect({ schools: await schools(), users: await api.db().user.count(), accounts: await api.db().account.count() }).toEqual(before);
    expect(await api.db().tenant.findUnique({ where: { alias: "a-medias" } })).toBeNull();
  });
});
