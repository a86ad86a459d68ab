import type { TDirectoryMail, TDirectoryMailAnswer } from "@pizarra/contracts";
import { z } from "zod";
import { AppError } from "../../http/app-error.ts";
import type { AuthedContext, Reply } from "../../http/context.ts";
import { directory } from "./resources.ts";
import { guardianColumns, livingGuardians } from "../../resource/student-view.ts";

export const isAddress = (value: unknown): value is string => typeof value === "string" && z.email().safeParse(value).success;

/**
 * The send-mail action (001 §2 "Directory"): the distinct addresses of the checked rows, which the compose popup
 * (800x600) puts in bcc. Rows of other schools, or outside the directory, give nothing.
 */
export async function directoryMail(ctx: AuthedContext & { body: TDirectoryMail }): Promise<Reply<TDirectoryMailAnswer>> {
  const rows = await ctx.db.user.findMany({
    where: { AND: [directory.scope!.where, { id: { in: ctx.body.ids } }] },
    select: { mail: true, relatives: livingGuardians },
  });
  const seen = new Map<string, string>();
  for (const row of rows) {
    const addresses: Record<string, unknown> = { ...guardianColumns(row.relatives, ctx.user.givenNamesFirst), depMail: row.mail };
    for (const column of ctx.body.columns) {
      const address = addresses[column];
      if (isAddress(address)) seen.set(address.toLowerCase(), address);
    }
  }
  if (seen.size === 0) throw new AppError(-422, "api.directoryNoMail", 422);
  return { data: { bcc: [...seen.values()] } };
}
