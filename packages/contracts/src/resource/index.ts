export * from "./types.ts";
export * from "./schema.ts";
export * from "./pick-access.ts";
import { registerIntKeyed } from "./schema.ts";
import * as academic from "./defs/academic.ts";
import * as billing from "./defs/billing.ts";
import * as catalogues from "./defs/catalogues.ts";
import * as communities from "./defs/communities.ts";
import * as conduct from "./defs/conduct.ts";
import * as flows from "./defs/flows.ts";
import * as grades from "./defs/grades.ts";
import * as health from "./defs/health.ts";
import * as people from "./defs/people.ts";
import * as publications from "./defs/publications.ts";
import * as subjects from "./defs/subjects.ts";
import { PRESENTATIONAL_TYPES, type ResourceDef } from "./types.ts";

export { ZPeriodClone } from "./defs/academic.ts";
export { GROUP_TYPES, ZGroupImport, ZNumberImport, type TGroupImport, type TNumberImport } from "./defs/communities.ts";
export { ZMoveStudents, ZPeriodQuery, ZSubjectBulkEdit, ZSubjectDuplicate, ZSubjectParts } from "./defs/subjects.ts";

const isDefinition = (value: unknown): value is ResourceDef => typeof value === "object" && value !== null && "fields" in value && "columns" in value;

const DEFINITIONS = {
  ...academic,
  ...people,
  ...subjects,
  ...catalogues,
  ...communities,
  ...conduct,
  ...health,
  ...publications,
  ...flows,
  ...billing,
  ...grades,
};
type Definition = Extract<(typeof DEFINITIONS)[keyof typeof DEFINITIONS], ResourceDef>;
/** The API id of every defined resource (`admStudent`, `admOrder/detail` …). */
export type ResourceId = Definition["id"];

/** Every resource definition, by API resource id: `RESOURCES.admStudent` is known to exist. */
export const RESOURCES = Object.fromEntries((Object.values(DEFINITIONS) as unknown[]).filter(isDefinition).map((def) => [def.id, def])) as Readonly<
  Record<ResourceId, ResourceDef>
>;

/** The definition of a resource named at run time (a field's option source, a path), if there is one. */
export function resourceDef(id: string): ResourceDef | undefined {
  return Object.hasOwn(RESOURCES, id) ? RESOURCES[id as ResourceId] : undefined;
}
registerIntKeyed(
  Object.values(RESOURCES)
    .filter((def) => def.keyType === "int")
    .map((def) => def.id),
);

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
