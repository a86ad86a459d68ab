import type { ResourceServer } from "../../resource/factory.ts";

export const FLOWS_RESOURCES: ResourceServer[] = [];
