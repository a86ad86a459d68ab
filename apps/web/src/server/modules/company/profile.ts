import { randomBytes } from "node:crypto";
import {
  COMPANY_LOGO_MAX_BYTES,
  COMPANY_LOGO_TYPES,
  COMPANY_ROLE_MIN,
  companyLabel,
  minutesOf,
  timeOf,
  type TCompanyProfile,
  type TCompanyProfileSave,
} from "@pizarra/contracts";
import { tenantOf, type Prisma, type TenantDb, type TenantTx } from "@pizarra/db";
import type { z } from "zod";
import { AppError, fieldRefusal } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { audit } from "../../resource/audit.ts";
import type { ZUpload } from "../../resource/upload.ts";
import { contentMatches } from "../../storage/file-types.ts";
import { fileUrl, storage } from "../../storage/storage.ts";

/**
 * The module whose right the profile's routes need and under which its changes are audited: the spec offers the
 * profile's editing in the home screen's "Manage admin modules" mode (000 §6, 002 §6), i.e. to module management.
 */
export const COMPANY_MODULE = "admModule";

const BASE64_RE = /^[A-Za-z0-9+/]+={0,2}$/;

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
} as const satisfies Prisma.TenantSelect;

type School = Prisma.TenantGetPayload<{ select: typeof SELECT }>;

function profileOf(school: School): TCompanyProfile {
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
  };
}

/** Spec 000 §6 and §9 "Company role threshold": below it, the profile is neither shown for editing nor saved. */
function requireCompanyRole(ctx: AuthedContext): void {
  if (ctx.user.roleCode < COMPANY_ROLE_MIN) throw new AppError(-403, "company.roleRefused", 403, { min: COMPANY_ROLE_MIN });
}

/** The caller's own school, by the scoped client's tenant (Tenant is no tenant-owned model the client narrows). */
const readSchool = (db: TenantDb | TenantTx) => db.tenant.findUniqueOrThrow({ where: { id: tenantOf(db) }, select: SELECT });

/** GET company/profile (000 §7, 002 §7). */
export async function getProfile(ctx: AuthedContext): Promise<Reply<TCompanyProfile>> {
  requireCompanyRole(ctx);
  return { data: profileOf(await readSchool(ctx.db)) };
}

/** An empty text is no value (null); a field left out is not touched. */
const cleared = (value: string | undefined) => (value === undefined ? undefined : value || null);

/** POST company/profile: the school's name and contact data, theme colour, support inbox, clock and quiet hours. */
export async function saveProfile(ctx: AuthedContext & { body: TCompanyProfileSave }): Promise<Reply<TCompanyProfile>> {
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
  };
  const school = await ctx.db.$transaction(async (tx) => {
    const id = tenantOf(tx);
    await tx.tenant.update({ where: { id }, data });
    await audit(tx, ctx, COMPANY_MODULE, "edit", id);
    return readSchool(tx);
  });
  return { data: profileOf(school), msgKey: "company.saved" };
}

function refuseLogo(ctx: AuthedContext, key: string, values: Record<string, string | number> = {}): never {
  throw fieldRefusal("img", ctx.t(`validation.${key}`, { attribute: ctx.t(companyLabel("img")), ...values }));
}

/**
 * POST company/file (000 §7 upload; body {name, doc, data}): the school's logo, jpeg, jpg or png (000 §5) by its name
 * and by its bytes, stored under a name the server makes; the previous logo is removed once the new one is saved.
 * The `?id=` of the other upload routes is not read: the school is the caller's.
 */
export async function uploadLogo(ctx: AuthedContext & { body: z.infer<typeof ZUpload> }): Promise<Reply> {
  requireCompanyRole(ctx);
  const ext = ctx.body.name.includes(".") ? ctx.body.name.split(".").pop()!.toLowerCase() : "";
  // The generic "only these types" names no field; the form shows this same sentence before any upload.
  if (!(COMPANY_LOGO_TYPES as readonly string[]).includes(ext)) throw fieldRefusal("img", ctx.t("company.logoTypes"));
  const payload = ctx.body.data.replace(/^data:[^;,]*;base64,/, "").replace(/\s/g, "");
  if (!BASE64_RE.test(payload)) refuseLogo(ctx, "base64");
  const bytes = Buffer.from(payload, "base64");
  if (bytes.length > COMPANY_LOGO_MAX_BYTES) refuseLogo(ctx, "fileSize", { max: COMPANY_LOGO_MAX_BYTES / 1024 / 1024 });
  if (!contentMatches(ext, bytes)) refuseLogo(ctx, "fileContent", { values: ext });

  const id = tenantOf(ctx.db);
  const key = `t${id}/company/${id}/logo-${randomBytes(8).toString("hex")}.${ext}`;
  await storage().put(key, bytes);
  let previous: string | null;
  try {
    previous = await ctx.db.$transaction(async (tx) => {
      const { logo } = await tx.tenant.findUniqueOrThrow({ where: { id }, select: { logo: true } });
      await tx.tenant.update({ where: { id }, data: { logo: key } });
      await audit(tx, ctx, COMPANY_MODULE, "edit", id);
      return logo;
    });
  } catch (error) {
    await storage().remove(key);
    throw error;
  }
  // Only a logo stored here is removed: a value written by hand names no file of ours.
  if (previous?.startsWith(`t${id}/company/`))
    await storage()
      .remove(previous)
      .catch(() => {});
  return { data: { name: "img", value: key, url: fileUrl(key) }, msgKey: "api.uploaded" };
}
