import { hashPassword } from "../password.ts";
import type { Db } from "../client.ts";
import { forTenant } from "../tenant.ts";
import { flattenCatalogue } from "@pizarra/contracts";

export interface GroupSpec {
  name: string;
  /** Module ids with read access; `"*"` means every screen module. */
  read: string[] | "*";
  /** Module ids with write access (implies read); `"*"` means every screen module. */
  write: string[] | "*";
}

export interface TenantSpec {
  title: string;
  alias: string;
  defaultLocale: "es" | "en";
  /** Where the school is (ISO 3166 alpha-2; Peru unless said): its numbers typed without a country code are of it. */
  defaultCountry?: string;
  /** The WhatsApp number (Meta's phone_number_id) the school receives its families' messages on. */
  whatsappPhoneNumberId?: string;
  themeColor?: string;
  plan?: string;
  /** Where the school's support form writes to (tenants/contact/us). */
  supportEmail?: string;
  groups: GroupSpec[];
}

/** Creates a tenant with the whole module catalogue and its groups; returns the tenant id and group ids by name. */
export async function seedTenant(db: Db, spec: TenantSpec) {
  const modules = flattenCatalogue();
  const screens = modules.filter((m) => !m.isHeading).map((m) => m.id);
  return db.$transaction(async (tx) => {
    const tenant = await tx.tenant.create({
      data: {
        title: spec.title,
        alias: spec.alias,
        defaultLocale: spec.defaultLocale,
        defaultCountry: spec.defaultCountry,
        whatsappPhoneNumberId: spec.whatsappPhoneNumberId ?? null,
        themeColor: spec.themeColor ?? "light.blue",
        plan: spec.plan ?? "Starter",
        supportEmail: spec.supportEmail ?? null,
      },
    });
    const scoped = forTenant(tx, tenant.id);
    // Parents come before their children in the flattened list, so one ordered insert satisfies the tree's key.
    await scoped.module.createMany({
      data: modules.map(({ isHeading: _h, ...m }) => ({ ...m, hidden: m.hidden ?? false, ai: m.ai ?? false })),
    });
    const groupIds: Record<string, number> = {};
    for (const g of spec.groups) {
      const group = await scoped.userGroup.create({ data: { name: g.name } });
      groupIds[g.name] = group.id;
      const write = new Set(g.write === "*" ? screens : g.write);
      const read = new Set([...(g.read === "*" ? screens : g.read), ...write]);
      await scoped.moduleAccess.createMany({
        data: [...read].map((moduleId) => ({
          groupId: group.id,
          moduleId,
          canRead: true,
          canWrite: write.has(moduleId),
        })),
      });
    }
    return { tenantId: tenant.id, groupIds };
  });
}

export interface StaffSpec {
  email: string;
  password: string;
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
  const passwordHash = await hashPassword(spec.password);
  return db.$transaction(async (tx) => {
    const account = await tx.account.create({ data: { email: spec.email.toLowerCase(), passwordHash } });
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
