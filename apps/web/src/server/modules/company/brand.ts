import type { TSchoolBrandAnswer } from "@pizarra/contracts";
import type { BaseContext, Reply } from "../../http/context.ts";
import { notFound } from "../../http/app-error.ts";
import { fileUrl } from "../../storage/storage.ts";

/**
 * GET company/brand: a school's name, logo and colour for its sign-in page. What it answers is what the school shows
 * to anyone (its public face); an unknown alias is a plain "not found", as an unknown page is.
 */
export async function schoolBrand(ctx: BaseContext & { query: { school: string } }): Promise<Reply<TSchoolBrandAnswer>> {
  const school = await ctx.system.tenant.findUnique({
    where: { alias: ctx.query.school.toLowerCase() },
    select: { alias: true, title: true, logo: true, themeColor: true },
  });
  if (!school) throw notFound();
  return { data: { alias: school.alias, name: school.title, logo: fileUrl(school.logo), color: school.themeColor } };
}
