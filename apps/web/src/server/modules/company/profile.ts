import {
  COMPANY_LOGO_MAX_BYTES,
  COMPANY_LOGO_TYPES,
  COMPANY_ROLE_MIN,
  companyLabel,
  givenNamesFirstIn,
  minutesOf,
  timeOf,
  type TUpload,
  type TUploadAnswer,
  type TCompanyProfileAnswer,
  type TCompanyProfileSave,
} from "@pizarra/contracts";
import { Prisma, tenantOf, type TenantDb, type TenantTx } from "@pizarra/db";
import { AppError, fieldRefusal } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { audit } from "../../resource/audit.ts";
import { storeUpload } from "../../resource/upload.ts";
import { fileUrl } from "../../storage/storage.ts";

/**
 * The module whose right the profile's routes need and under which its changes are audited: the spec offers the
 * profile's editing in the home screen's "Manage admin modules" mode (000 §6, 002 §6), i.e. to module management.
 */
export const COMPANY_MODULE = "admModule";

const SELECT = {
  id: true,
  title: true,
  email: true,
  domain: true,
  tel: true,
  cel: true,
  themeColor: true,
  logo: true,
  supportEmail: true,
  timeZone: true,
  quietFrom: true,
  quietTo: true,
  settings: true,
  mailFrom: true,
  mailFromName: true,
  defaultCountry: true,
  whatsappPhoneNumberId: true,
} as const satisfies Prisma.TenantSelect;

type School = Prisma.TenantGetPayload<{ select: typeof SELECT }>;

function profileOf(school: School): TCompanyProfileAnswer {
  // Quiet hours are both set or both none; a row with one end alone (written by hand) has none, as the worker reads it.
  const quiet = school.quietFrom !== null && school.quietTo !== null;
  return {
    id: school.id,
    name: school.title,
    email: school.email,
    domain: school.domain,
    tel: school.tel,
    cel: school.cel,
    color: school.themeColor,
    img: fileUrl(school.logo),
    supportEmail: school.supportEmail,
    timeZone: school.timeZone,
    quietFrom: quiet ? timeOf(school.quietFrom) : "",
    quietTo: quiet ? timeOf(school.quietTo) : "",
    givenNamesFirst: givenNamesFirstIn(school.settings),
    mailFrom: school.mailFrom,
    mailFromName: school.mailFromName,
    defaultCountry: school.defaultCountry,
    whatsappPhoneNumberId: school.whatsappPhoneNumberId,
  };
}

/** Tenant.settings as an object (a row written by hand may hold anything). */
export const settingsOf = (settings: Prisma.JsonValue): Prisma.JsonObject =>
  typeof settings === "object" && settings !== null && !Array.isArray(settings) ? settings : {};

/** Spec 000 §6 and §9 "Company role threshold": below it, the profile is neither shown for editing nor saved. */
export function requireCompanyRole(ctx: AuthedContext): void {
  if (ctx.user.roleCode < COMPANY_ROLE_MIN) throw new AppError(-403, "company.roleRefused", 403, { min: COMPANY_ROLE_MIN });
}

/** The caller's own school, by the scoped client's tenant (Tenant is no tenant-owned model the client narrows). */
const readSchool = (db: TenantDb | TenantTx) => db.tenant.findUniqueOrThrow({ where: { id: tenantOf(db) }, select: SELECT });

/** GET company/profile (000 §7, 002 §7). */
export async function getProfile(ctx: AuthedContext): Promise<Reply<TCompanyProfileAnswer>> {
  requireCompanyRole(ctx);
  return { data: profileOf(await readSchool(ctx.db)) };
}

/** An empty text is no value (null); a field left out is not touched. */
const cleared = (value: string | undefined) => (value === undefined ? undefined : value || null);

/**
 * POST company/profile: the school's name and contact data, theme colour, support inbox, clock, quiet hours, name
 * order, mail sender, country and WhatsApp number, in one transaction with its audit row. The name order is merged
 * into Tenant.settings read inside that transaction, so the school's other switches stay as they are.
 */
export async function saveProfile(ctx: AuthedContext & { body: TCompanyProfileSave }): Promise<Reply<TCompanyProfileAnswer>> {
  requireCompanyRole(ctx);
  const body = ctx.body;
  const data: Prisma.TenantUpdateInput = {
    title: body.name,
    email: cleared(body.email),
    domain: cleared(body.domain),
    tel: cleared(body.tel),
    cel: cleared(body.cel),
    themeColor: body.color,
    supportEmail: cleared(body.supportEmail),
    timeZone: body.timeZone,
    // The schema lets both ends through or neither.
    ...(body.quietFrom !== undefined && body.quietTo !== undefined ? { quietFrom: minutesOf(body.quietFrom), quietTo: minutesOf(body.quietTo) } : {}),
    mailFrom: cleared(body.mailFrom),
    mailFromName: cleared(body.mailFromName),
    defaultCountry: body.defaultCountry,
    whatsappPhoneNumberId: cleared(body.whatsappPhoneNumberId),
  };
  const school = await ctx.db.$transaction(async (tx) => {
    const id = tenantOf(tx);
    if (body.givenNamesFirst !== undefined) {
      const { settings } = await tx.tenant.findUniqueOrThrow({ where: { id }, select: { settings: true } });
      data.settings = { ...settingsOf(settings), givenNamesFirst: body.givenNamesFirst };
    }
    await tx.tenant.update({ where: { id }, data }).catch((error: unknown) => {
      // The number's id routes Meta's callbacks to one school (a unique column): another school's is refused by name.
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")
        throw fieldRefusal("whatsappPhoneNumberId", ctx.t("validation.unique", { attribute: ctx.t(companyLabel("whatsappPhoneNumberId")) }));
      throw error;
    });
    await audit(tx, ctx, COMPANY_MODULE, "edit", id);
    return readSchool(tx);
  });
  return { data: profileOf(school), msgKey: "company.saved" };
}

/**
 * POST company/file (000 §7 upload; body {name, doc, data}): the school's logo, jpeg, jpg or png (000 §5), through the
 * uploads' one mechanism. The `?id=` of the other upload routes is not read: the school is the caller's. Only a logo
 * stored here is removed when replaced: a value written by hand names no file of ours.
 */
export function uploadLogo(ctx: AuthedContext & { body: TUpload }): Promise<Reply<TUploadAnswer>> {
  requireCompanyRole(ctx);
  const id = tenantOf(ctx.db);
  return storeUpload(
    ctx,
    {
      field: "img",
      label: companyLabel("img"),
      allowed: COMPANY_LOGO_TYPES,
      maxBytes: COMPANY_LOGO_MAX_BYTES,
      // The generic "only these types" would list them bare; the form shows this same sentence before any upload.
      extMessage: "company.logoTypes",
      keyPrefix: `t${id}/company/${id}/logo`,
      module: COMPANY_MODULE,
      auditId: id,
      current: async () => {
        const { logo } = await ctx.db.tenant.findUniqueOrThrow({ where: { id }, select: { logo: true } });
        return { previous: logo?.startsWith(`t${id}/company/`) ? logo : null };
      },
      save: async (tx, key) => {
        await tx.tenant.update({ where: { id }, data: { logo: key } });
      },
    },
    ctx.body,
  );
}
