// The bodies and queries of the resources' own actions and tools, as zod schemas: apart from the definitions, which
// pages that only list or pick records load without zod.
import { z } from "zod";
import { ZRecordId } from "../validation.ts";
import { admPeriod } from "./defs/academic.ts";
import { admSubject } from "./defs/subjects.ts";
import { actionSchema, findAction } from "./schema.ts";
import { FILE_DATA_MAX } from "./requests.ts";

/** POST admPeriod/clone/{id} (path of our design; 001 §4 "Period clone creates a new period and opens it"). */
export const ZPeriodClone = actionSchema(findAction(admPeriod, "clone")) as unknown as z.ZodType<{ ID: number; name?: string | null }>;

/** POST admSubject/duplicate: copies subject `newId` (the spec's name for the source) with its sections and teachers into `periodId`. */
export const ZSubjectDuplicate = actionSchema(findAction(admSubject, "duplicate")) as unknown as z.ZodType<{ newId: number; periodId: number }>;

/** POST admSubject/bulkedit?periodId=: sets canEnterEval on every subject of the period (001 §7). */
export const ZSubjectBulkEdit = actionSchema(findAction(admSubject, "bulkEdit")) as unknown as z.ZodType<{ canEnterEval: boolean }>;

export const ZPeriodQuery = z.object({ periodId: z.coerce.number().int().positive().optional() });

/** GET admSubject/getParts?periodId&masterId: a teacher's subject sections, as a pick list (000 §7). */
export const ZSubjectParts = z.object({ periodId: ZRecordId.optional(), masterId: ZRecordId.optional() });

/** POST admSection/moveStudents (spec README: the section-transfer tool's path). */
export const ZMoveStudents = z.object({
  fromSectionId: z.coerce.number().int().positive(),
  sectionId: z.coerce.number().int().positive(),
  studentIds: z.array(z.coerce.number().int().positive()).min(1).max(2000),
});

/**
 * POST admGroup/importAttach (002 §7; admUserGroup/importAttach for its per-row import): members from a CSV file
 * (base64, first column) or from `idsList` (one per line), as user ids or, with useExternalIds, external ids.
 */
export const ZGroupImport = z.object({
  data: z.string().max(FILE_DATA_MAX).optional(),
  idsList: z.string().max(1_000_000).optional(),
  useExternalIds: z.union([z.boolean(), z.enum(["true", "false", "0", "1"])]).optional(),
  groupId: ZRecordId,
});
export type TGroupImport = z.infer<typeof ZGroupImport>;

/** POST admUser/importAttach (002 §5 "Number import"): mobile numbers with country code, one per line, into a group. */
export const ZNumberImport = z.object({
  data: z.string().max(FILE_DATA_MAX).optional(),
  phoneList: z.string().max(1_000_000).optional(),
  groupId: z.union([ZRecordId, z.literal(""), z.null()]).optional(),
  groupName: z.string().trim().max(100).nullable().optional(),
});
export type TNumberImport = z.infer<typeof ZNumberImport>;
