import { z } from "zod";

/** GET health (000 §7): the database answers (else a 503 refusal). */
export const ZHealthAnswer = z.object({ database: z.literal("up") });
export type THealthAnswer = z.output<typeof ZHealthAnswer>;
