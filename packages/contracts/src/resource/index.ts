export * from "./types.ts";
export * from "./schema.ts";
export * from "./answers.ts";
export * from "./requests.ts";
export * from "./pick-access.ts";
export { RESOURCES, resourceDef, type ResourceId } from "./definitions.ts";
import { RESOURCES, resourceDef } from "./definitions.ts";
import { PRESENTATIONAL_TYPES, type ResourceDef } from "./types.ts";

export {
  ZGroupImport,
  ZMoveStudents,
  ZNumberImport,
  ZPeriodClone,
  ZPeriodQuery,
  ZSubjectBulkEdit,
  ZSubjectDuplicate,
  ZSubjectParts,
  type TGroupImport,
  type TNumberImport,
} from "./action-bodies.ts";
export { GROUP_TYPE, GROUP_TYPES } from "./defs/communities.ts";

/**
 * The definition a module's screen shows: the one named after the module, else its first top-level one, else a
 * sub-grid it guards (admFlowInput's questions of every flow, filtered by flow).
 */
export function screenDefinitionOf(moduleId: string): ResourceDef | undefined {
  const all = Object.values(RESOURCES);
  return resourceDef(moduleId) ?? all.find((def) => def.module === moduleId && !def.parent) ?? all.find((def) => def.module === moduleId);
}

/** The fields a school may switch off on a module's screen (spec 000 §2.7): optional ones that carry a value. */
export function switchableFields(moduleId: string): string[] {
  const def = screenDefinitionOf(moduleId);
  return def?.fields.filter((f) => !f.rules?.required && f.type !== "hidden" && !PRESENTATIONAL_TYPES.has(f.type)).map((f) => f.name) ?? [];
}
