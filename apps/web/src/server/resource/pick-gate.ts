import { pickRights, RESOURCES } from "@pizarra/contracts";
import type { ModuleAccess } from "../auth/permissions.ts";

const PICK_RIGHTS = pickRights(Object.values(RESOURCES));

/**
 * The second way into an option list (its module's readers are the first): whoever may fill a field that offers it
 * (000 §7 "Option lists"). A resource's own list opens this way only as a pick list (`pick=true`, never a print).
 */
export function mayPick(list: string, { pickOnly }: { pickOnly: boolean }) {
  const offeredTo = PICK_RIGHTS.get(list) ?? [];
  const gate = (query: URLSearchParams, access: ReadonlyMap<string, ModuleAccess>) =>
    (!pickOnly || (query.get("pick") === "true" && query.get("print") !== "true")) && offeredTo.some((o) => access.get(o.module)?.[o.right] === true);
  // What the gate opens, for the permission matrix to walk.
  return Object.assign(gate, { list, pickOnly, offeredTo });
}

export type PickGate = ReturnType<typeof mayPick>;
