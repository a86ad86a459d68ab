import type { Db } from "../client.ts";

export async function seedFlows(_db: Db, _tenantId: number) {}
