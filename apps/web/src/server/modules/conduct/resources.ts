import type { ResourceServer } from "../../resource/factory.ts";

export const CONDUCT_RESOURCES: ResourceServer[] = [];
