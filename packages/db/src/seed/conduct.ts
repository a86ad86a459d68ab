import type { Db } from "../client.ts";

export async function seedConduct(_db: Db, _tenantId: number) {}
