import type { Db } from "../client.ts";

export async function seedBilling(_db: Db, _tenantId: number) {}
