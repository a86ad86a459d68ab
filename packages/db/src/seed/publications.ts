import type { Db } from "../client.ts";

export async function seedPublications(_db: Db, _tenantId: number) {}
