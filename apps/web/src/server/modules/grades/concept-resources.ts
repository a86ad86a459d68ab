import type { ResourceServer } from "../../resource/factory.ts";

export const CONCEPT_RESOURCES: ResourceServer[] = [];
