import { UPLOAD_TYPES, type ResourceDef } from "@pizarra/contracts";
import type { FileHolder, ResourceServer, RowOwner } from "./resource-server.ts";

/**
 * A model several resources reach (a person is a student, a relative, staff, or just a user) obeys the stricter right:
 * each resource learns which others answer for rows of its model (those that write and say which rows they own).
 */
export function withOwners(servers: readonly ResourceServer[]): ResourceServer[] {
  const writes = (def: ResourceDef) => def.actions.some((a) => a === "create" || a === "edit" || a === "delete" || a === "import");
  const models = new Map(servers.map((s) => [s.def.id, s.model]));
  return servers.map((server) => {
    const owners = servers
      .filter((other) => other.model === server.model && other.def.module !== server.def.module && writes(other.def))
      .flatMap((other): RowOwner[] => {
        const where = other.owns ?? other.scope?.where;
        return where ? [{ module: other.def.module, where }] : [];
      });
    // Resources over one model (tracking's four) hold files in the same rows: one holder a model and field.
    const byLink = new Map<string, FileHolder>();
    for (const holder of servers.flatMap((other) => holdersOf(other, server, models))) {
      const key = `${holder.model}.${holder.field}`;
      byLink.set(key, { ...holder, uploads: [...new Set([...(byLink.get(key)?.uploads ?? []), ...holder.uploads])] });
    }
    const dependents = [...byLink.values()];
    return { ...server, ...(owners.length ? { owners } : {}), ...(dependents.length ? { dependents } : {}) };
  });
}

/**
 * Where `other` keeps files that belong with a record of `target`: the same row reached through another resource (a
 * staff member's signature when they are deleted as a user), or its rows whose fields pick one of `target`'s model.
 */
function holdersOf(other: ResourceServer, target: ResourceServer, models: ReadonlyMap<string, string>): FileHolder[] {
  const uploads = other.def.fields.filter((f) => UPLOAD_TYPES.has(f.type)).map((f) => f.name);
  if (uploads.length === 0) return [];
  if (other.model === target.model) return other === target ? [] : [{ model: other.model, field: "id", uploads }];
  return other.def.fields
    .filter(
      (f) =>
        f.options?.kind === "resource" && !f.options.path && !f.multiple && !other.virtual?.includes(f.name) && models.get(f.options.resource) === target.model,
    )
    .map((f) => ({ model: other.model, field: f.name, uploads }));
}
