import type { ResourceServer } from "../../resource/factory.ts";

export const HEALTH_RESOURCES: ResourceServer[] = [];
