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
import type { ResourceDef } from "./types.ts";

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
