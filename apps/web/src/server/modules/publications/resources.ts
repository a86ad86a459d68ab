import type { ResourceServer } from "../../resource/factory.ts";

export const PUBLICATIONS_RESOURCES: ResourceServer[] = [];
