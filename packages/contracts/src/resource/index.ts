export * from "./types.ts";
export * from "./schema.ts";
import * as academic from "./defs/academic.ts";
import * as people from "./defs/people.ts";
import * as subjects from "./defs/subjects.ts";
import type { ResourceDef } from "./types.ts";

/** Every resource definition, by API resource id. */
export const RESOURCES: Readonly<Record<string, ResourceDef>> = Object.fromEntries(
  Object.values({ ...academic, ...people, ...subjects }).map((def) => [def.id, def]),
);
