import { z } from "zod";
import { ZPage } from "../envelope.ts";

/** POST admPeriod/clone/{id} and admSubject/duplicate: the record made (the action's dialog opens it). */
export const ZAcademicCopyAnswer = z.object({ ID: z.number() });
export type TAcademicCopyAnswer = z.output<typeof ZAcademicCopyAnswer>;

/** POST admSubject/bulkedit and admSection/moveStudents: how many subjects were changed, or students moved. */
export const ZAcademicCountAnswer = z.object({ count: z.number() });
export type TAcademicCountAnswer = z.output<typeof ZAcademicCountAnswer>;

/** A subject section as a pick list offers it ("Curso / Sección" of report 1), with the subject and section it joins. */
export const ZSubjectPart = z.object({ ID: z.number(), name: z.string(), activityId: z.number(), sectionId: z.number() });

/** GET admSubject/getParts: the subject sections a teacher teaches in a period. */
export const ZSubjectPartsAnswer = ZPage(ZSubjectPart);
export type TSubjectPartsAnswer = z.output<typeof ZSubjectPartsAnswer>;
