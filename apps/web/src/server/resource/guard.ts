import type { TenantTx } from "@pizarra/db";
import { forbidden } from "../http/app-error.ts";
import type { AuthedContext } from "../http/context.ts";
import { delegateOf, type ResourceServer, type Row } from "./resource-server.ts";

export type Guard = (tx: TenantTx, id: number | string, ctx: AuthedContext) => Promise<void>;

/** Side doors obey the front door: a row another resource answers for needs that resource's write right too. */
export function guardOf(server: ResourceServer, scoped: (where: Row) => Row): Guard {
  return async (tx, id, ctx) => {
    for (const owner of server.owners ?? []) {
      if (ctx.user.access.get(owner.module)?.write) continue;
      if (await delegateOf(tx, server.model).count({ where: scoped({ AND: [{ id }, owner.where] }) })) throw forbidden(owner.module);
    }
    await server.rules?.guard?.(tx, id, ctx);
  };
}
