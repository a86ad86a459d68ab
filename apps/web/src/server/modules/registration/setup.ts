import type { TCompanySetupAnswer, ZCompanySetup } from "@pizarra/contracts";
import { countryOfNumber, toE164 } from "@pizarra/contracts/phone";
import { createSchool, hashPassword, passwordMatches, Prisma, schoolLocale } from "@pizarra/db";
import type { z } from "zod";
import { AppError, fieldRefusal } from "../../http/app-error.ts";
import type { BaseContext, Reply } from "../../http/context.ts";
import { log } from "../../log.ts";
import { addressBlock } from "../../net/client-address.ts";
import { loginAnswer, type RateRule, takeRates } from "../session/index.ts";
import { verifyRegistration } from "./token.ts";

/** Registrations per client address an hour, and per verified number a day. */
const PER_ADDRESS_HOUR = 10;
const PER_NUMBER_DAY = 3;

type Body = z.output<typeof ZCompanySetup>;

const label = (ctx: BaseContext, field: string) => ctx.t(`register.fields.${field}`);

/**
 * POST company/setup (002 §7 → data.alias): a new school from the one definition the demo's are made from
 * (createSchool: modules, menu, groups, first administrator with role 100 in the administrators' group, a current
 * period, attendance types and message templates), in one transaction with the administrator's account, so that a
 * failure anywhere leaves nothing. The number comes from the registration token (the verified PIN); the alias is held
 * by its unique index (two registrations racing for one: the second one's insert fails, and it gets the alias message).
 * An e-mail that already has an account (a person of another school) joins that account, if the password is that
 * account's; otherwise the one refusal does not say whether the e-mail is known. The answer carries the new
 * administrator's login answer, so that the page's dialog signs them in.
 */
export async function companySetup(ctx: BaseContext & { body: Body }): Promise<Reply<TCompanySetupAnswer>> {
  const { body, system } = ctx;
  const phone = await verifyRegistration(body.token);
  if (!phone) throw fieldRefusal("token", ctx.t(phone === "expired" ? "api.registrationExpired" : "api.registrationInvalid"));
  const block = ctx.address ? addressBlock(ctx.address) : null;
  const rules: RateRule[] = [
    { key: `setup:number:${phone}`, max: PER_NUMBER_DAY, seconds: 86_400, messageKey: "api.registrationThrottled" },
    ...(block ? [{ key: `setup:address:${block}`, max: PER_ADDRESS_HOUR, seconds: 3600, messageKey: "api.registrationThrottled" }] : []),
  ];
  await takeRates(system, rules);
  const companyPhone = toE164(`+${body.countryCode2}${body.cel}`);
  if (!companyPhone) throw fieldRefusal("cel", ctx.t("register.phoneInvalid", { attribute: label(ctx, "cel") }));
  const email = body.email.toLowerCase();
  const existing = await system.account.findUnique({ where: { email }, select: { id: true, passwordHash: true } });
  // Compared, or a hash made, either way: a known e-mail costs the same time as a new one.
  const [matches, passwordHash] = existing ? [await passwordMatches(body.password, existing.passwordHash), null] : [false, await hashPassword(body.password)];
  if (existing && !matches) throw new AppError(-1, "api.registrationRefused", 200);
  const locale = schoolLocale(ctx.locale);
  try {
    const created = await system.$transaction(async (tx) => {
      const phoneFree = (await tx.account.count({ where: { phone, ...(existing ? { NOT: { id: existing.id } } : {}) } })) === 0;
      const account = existing
        ? await tx.account.update({ where: { id: existing.id }, data: phoneFree ? { phone } : {}, select: { id: true, phone: true } })
        : await tx.account.create({ data: { email, passwordHash: passwordHash!, phone: phoneFree ? phone : null }, select: { id: true, phone: true } });
      const school = await createSchool(tx, {
        title: body.name,
        alias: body.alias,
        defaultLocale: locale,
        defaultCountry: countryOfNumber(companyPhone) ?? countryOfNumber(phone) ?? undefined,
        plan: body.plan,
        email,
        cel: companyPhone,
        admin: { accountId: account.id, name: body.adminName, last: body.adminLast, mail: email, cel: phone },
      });
      return { tenantId: school.tenantId, accountId: account.id };
    });
    log().info({ tenantId: created.tenantId }, "school registered");
    return { data: { alias: body.alias, login: await loginAnswer(system, created.accountId, created.tenantId) }, msgKey: "api.registered" };
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      const said = JSON.stringify(error.meta ?? {}) + error.message;
      if (said.includes("alias")) throw fieldRefusal("alias", ctx.t("register.aliasTaken"));
      // Another registration made the same account or claimed the same number at the same moment.
      throw new AppError(-1, "api.registrationRefused", 200);
    }
    throw error;
  }
}
