import type { ResourceServer } from "../../resource/factory.ts";

export const BILLING_RESOURCES: ResourceServer[] = [];
