import { type Db, forTenant } from "@pizarra/db";
import { DEMO_PASSWORD, seedStaff } from "@pizarra/db/seed";
import { demoPasswordHash } from "@pizarra/db/testing";
import { tokenFor } from "./harness.ts";

/** A signed-in staff member of a school, their user id and the one (staff) group that gives them their rights. */
export interface StaffMember {
  token: string;
  id: number;
  group: number;
}

/**
 * A staff member of `roleCode` whose one group holds exactly `rights` (module → write?; read either way), signed in.
 * The group is named after the e-mail, so each call makes a group of its own.
 */
export async function staffWith(db: Db, tenantId: number, email: string, rights: Record<string, boolean>, roleCode: number): Promise<StaffMember> {
  const school = forTenant(db, tenantId);
  const group = await school.userGroup.create({ data: { name: `Derechos ${email}`, staff: true } });
  await school.moduleAccess.createMany({
    data: Object.entries(rights).map(([moduleId, write]) => ({ groupId: group.id, moduleId, canRead: true, canWrite: write })),
  });
  const { userIds } = await seedStaff(db, {
    email,
    password: DEMO_PASSWORD,
    passwordHash: await demoPasswordHash(),
    name: "Derechos",
    last: email.split("@")[0]!,
    roleCode,
    cel: "900000000",
    memberships: [{ tenantId, groupIds: [group.id] }],
  });
  return { token: await tokenFor(email), id: userIds[tenantId]!, group: group.id };
}
