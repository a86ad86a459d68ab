import type { Db } from "../client.ts";

export async function seedGrades(_db: Db, _tenantId: number) {}
