import { z } from "zod";

/** POST admPeriod/clone/{id}: the period copied (a code such as 202601). */
export const ZPeriodCloneParams = z.object({ id: z.string().regex(/^\d{1,12}$/) });
