import type { z } from "zod";
import { admPeriod } from "./defs/academic.ts";
import { admSubject } from "./defs/subjects.ts";
import { actionSchema, findAction } from "./schema.ts";

/** POST admPeriod/clone/{id} (path of our design; 001 §4 "Period clone creates a new period and opens it"). */
export const ZPeriodClone = actionSchema(findAction(admPeriod, "clone")) as unknown as z.ZodType<{ ID: number; name?: string | null }>;

/** POST admSubject/duplicate: copies subject `newId` (the spec's name for the source) with its sections and teachers into `periodId`. */
export const ZSubjectDuplicate = actionSchema(findAction(admSubject, "duplicate")) as unknown as z.ZodType<{ newId: number; periodId: number }>;

/** POST admSubject/bulkedit?periodId=: sets canEnterEval on every subject of the period (001 §7). */
export const ZSubjectBulkEdit = actionSchema(findAction(admSubject, "bulkEdit")) as unknown as z.ZodType<{ canEnterEval: boolean }>;
