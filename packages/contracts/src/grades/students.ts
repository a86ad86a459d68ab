/**
 * A student's grades (001 §2 "Student screen for grades", §7): GET admGrades/getByStudent/{id} and admGrades/group,
 * their requests and answers.
 */
import { z } from "zod";
import { ZRecordId } from "../validation.ts";

const INT = z.number().int();
/** A period of the query: 0, "" or none is the current one. */
export const ZPeriodQueryId = z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(0).max(999_999).optional());

export const ZStudentParams = z.object({ id: ZRecordId });
export const ZStudentQuery = z.object({ periodId: ZPeriodQueryId });
export const ZGroupQuery = z.object({ studentId: ZRecordId, periodId: ZPeriodQueryId, isBehavior: z.enum(["true", "false", ""]).optional() });
export type TStudentParams = z.infer<typeof ZStudentParams>;
export type TStudentQuery = z.infer<typeof ZStudentQuery>;
export type TGroupQuery = z.infer<typeof ZGroupQuery>;

/** A concept with a student's grade, as GET admGrades/getByStudent and admGrades/group answer it. */
const ZGradedConcept = z.object({
  ID: INT,
  parentId: INT.nullable(),
  level: INT,
  abrev: z.string(),
  name: z.string(),
  type: INT,
  calcAverage: z.boolean(),
  locked: z.boolean(),
  canEdit: z.boolean(),
  qualifications: z.string(),
  gradeNum: z.number().nullable(),
  gradeTxt: z.string().nullable(),
  /** Behaviour concepts only: whether the student screen types it in (CONDF, TUTR). */
  editable: z.boolean().optional(),
});
export type TGradedConcept = z.output<typeof ZGradedConcept>;

/** GET admGrades/getByStudent/{id} (001 §7): one student's grades in a period. */
export const ZStudentGradesAnswer = z.object({
  student: z.object({ ID: INT, name: z.string(), sectionName: z.string().nullable(), gradeName: z.string().nullable() }),
  periodId: INT,
  /** Whether families see these grades online, from when ('YYYY-MM-DD HH:mm' at UTC-5), and the period's message. */
  online: z.object({ online: z.boolean(), from: z.string().nullable(), msg: z.string().nullable() }).nullable(),
  subjects: z.array(z.object({ activityId: INT, name: z.string(), concepts: z.array(ZGradedConcept) })),
  behavior: z.array(ZGradedConcept),
});
export type TStudentGradesAnswer = z.output<typeof ZStudentGradesAnswer>;

/** GET admGrades/group (001 §7): a student's grades by group, a subject's or (activityId null) the behaviour's. */
export const ZStudentGradeGroupsAnswer = z.array(z.object({ activityId: INT.nullable(), activityName: z.string(), concepts: z.array(ZGradedConcept) }));
export type TStudentGradeGroupsAnswer = z.output<typeof ZStudentGradeGroupsAnswer>;
