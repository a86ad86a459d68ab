import { hashPassword } from "../password.ts";
import type { Db } from "../client.ts";
import type { Prisma } from "../generated/client.ts";
import { createGroups, createTenant, type GroupSpec, type TenantFields } from "../school.ts";
import { forTenant } from "../tenant.ts";

export interface TenantSpec extends TenantFields {
  groups: GroupSpec[];
}

/**
 * A tenant with the whole module catalogue and groups of the caller's choosing (tests and the bench that need other
 * groups than a school's; schools themselves come from createSchool); the tenant id and group ids by name.
 */
export async function seedTenant(db: Db, { groups, ...fields }: TenantSpec) {
  return db.$transaction(async (tx) => {
    const { tenantId, scoped } = await createTenant(tx, fields);
    const ids = await createGroups(scoped, groups);
    return { tenantId, groupIds: Object.fromEntries(groups.map((g, i) => [g.name, ids[i]!])) as Record<string, number> };
  });
}

/**
 * A sign-in account for a seeded person, its phone their mobile so that they can sign in with a phone PIN too; left
 * without one where another account already signs in with that number (the unique index would refuse it).
 */
export async function seedAccount(tx: Prisma.TransactionClient, email: string, passwordHash: string, cel: string) {
  const account = await tx.account.create({ data: { email: email.toLowerCase(), passwordHash }, select: { id: true } });
  await tx.$executeRaw`UPDATE "Account" SET phone = ${cel} WHERE id = ${account.id} AND NOT EXISTS (SELECT 1 FROM "Account" WHERE phone = ${cel})`;
  return account;
}

export interface StaffSpec {
  email: string;
  password: string;
  /** The stored form of `password` when the caller has one already (tests make it once: testing.ts); else it is hashed. */
  passwordHash?: string;
  name: string;
  last: string;
  roleCode: number;
  /** In E.164: the same person in each school. */
  cel: string;
  type?: number;
  tag?: string;
  /** tenant id → group ids the person belongs to there. */
  memberships: { tenantId: number; groupIds: number[] }[];
}

/** Creates a sign-in account and its user in each tenant, with group memberships. */
export async function seedStaff(db: Db, spec: StaffSpec) {
  const passwordHash = spec.passwordHash ?? (await hashPassword(spec.password));
  return db.$transaction(async (tx) => {
    const account = await seedAccount(tx, spec.email, passwordHash, spec.cel);
    const userIds: Record<number, number> = {};
    for (const { tenantId, groupIds } of spec.memberships) {
      const scoped = forTenant(tx, tenantId);
      const user = await scoped.user.create({
        data: {
          accountId: account.id,
          name: spec.name,
          last: spec.last,
          mail: spec.email.toLowerCase(),
          cel: spec.cel,
          roleCode: spec.roleCode,
          type: spec.type ?? 4,
          tag: spec.tag ?? null,
        },
      });
      userIds[tenantId] = user.id;
      await scoped.userGroupMember.createMany({
        data: groupIds.map((groupId) => ({ groupId, userId: user.id })),
      });
    }
    return { accountId: account.id, userIds };
  });
}
