import type { ComponentType } from "react";
import { GradeImportDialog } from "../grades/grade-import-dialog.tsx";
import { StudentGradesDialog } from "../grades/student-grades-dialog.tsx";
import type { OwnDialogProps } from "./types.ts";

/** The dialogs of their own that an action's `dialog` names (ActionDef), by that name. */
export const ACTION_DIALOGS: Record<string, ComponentType<OwnDialogProps>> = {
  gradeImport: GradeImportDialog,
  studentGrades: StudentGradesDialog,
};
