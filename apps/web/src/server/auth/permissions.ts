export interface ModuleAccess {
  read: boolean;
  write: boolean;
}

/**
 * What a person's read selects of their rights (spec 002 §6: access is set per user group): each of their groups'
 * rights, in the same statement as the person (a statement of its own would cost every signed-in call one more round
 * trip, and processor on both sides).
 */
export const ACCESS_SELECT = {
  memberships: { select: { group: { select: { access: { select: { moduleId: true, canRead: true, canWrite: true } } } } } },
} as const;

/** A group's right on one module (a ModuleAccess row): write includes read. */
export type Right = { moduleId: string; canRead: boolean; canWrite: boolean };

/**
 * The staff right: write on admStaff, the module that makes staff and gives them their permission group. Only its
 * holders change a permission group (its rights, its members, its creation or deletion).
 */
export const STAFF_RIGHT = "admStaff";

/** The rights of `rights` that `access` does not hold (a write needs write, a read either), at the level they give. */
export function rightsBeyond(access: ReadonlyMap<string, ModuleAccess>, rights: readonly Right[]): Right[] {
  return rights.filter((r) => (r.canWrite ? !access.get(r.moduleId)?.write : r.canRead && !access.get(r.moduleId)?.read));
}

/** The union of the rights ACCESS_SELECT read, module id → read/write. */
export function accessOf(person: { memberships: { group: { access: Right[] } }[] }): Map<string, ModuleAccess> {
  const access = new Map<string, ModuleAccess>();
  for (const row of person.memberships.flatMap((m) => m.group.access)) {
    const current = access.get(row.moduleId) ?? { read: false, write: false };
    access.set(row.moduleId, {
      read: current.read || row.canRead || row.canWrite,
      write: current.write || row.canWrite,
    });
  }
  return access;
}
