import type { Db } from "../client.ts";

export async function seedHealth(_db: Db, _tenantId: number) {}
