import { z } from "zod";

/** GET health (000 §7): the database answers (else a 503 refusal). */
export const ZHealthAnswer = z.object({ database: z.literal("up") });
export type THealthAnswer = z.output<typeof ZHealthAnswer>;

/**
 * GET ready: what a load balancer or an orchestrator asks before sending traffic. The same fields come as the data of
 * the 503 refusal when a check fails: the database answers, every migration the app ships is applied (`pending`: how
 * many are not), and a worker wrote its heartbeat lately (`workerSeconds`: how long ago the latest did; null: never).
 */
export const ZReadyAnswer = z.object({
  database: z.enum(["up", "down"]),
  migrations: z.enum(["applied", "pending", "unknown"]),
  pending: z.number().int().nullable(),
  worker: z.enum(["fresh", "stale", "none", "unknown"]),
  workerSeconds: z.number().int().nullable(),
});
export type TReadyAnswer = z.output<typeof ZReadyAnswer>;
