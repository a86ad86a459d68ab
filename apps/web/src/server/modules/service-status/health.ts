import type { THealthAnswer } from "@pizarra/contracts";
import { AppError } from "../../http/app-error.ts";
import type { BaseContext, Reply } from "../../http/context.ts";

/** GET health: 200 when PostgreSQL answers, 503 otherwise (for load balancers and the demo script). */
export async function health(ctx: BaseContext): Promise<Reply<THealthAnswer>> {
  try {
    await ctx.system.$queryRaw`SELECT 1`;
  } catch {
    throw new AppError(-503, "api.unavailable", 503);
  }
  return { data: { database: "up" } };
}
