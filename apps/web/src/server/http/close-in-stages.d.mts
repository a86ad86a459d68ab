import type { Server } from "node:http";

export function closeInStages(server: Server): void;
