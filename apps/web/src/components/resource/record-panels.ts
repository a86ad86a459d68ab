import type { ComponentType } from "react";
import { StudentPayersPanel } from "../billing/statement-dialog.tsx";
import { RelativeChildrenPanel } from "../family/relative-children-panel.tsx";
import { StudentFamilyPanel } from "../family/student-family-panel.tsx";
import type { RecordPanelProps } from "./types.ts";

/** The panels of their own that a definition's `panels` name (ResourceDef.panels), by that name. */
export const RECORD_PANELS: Record<string, ComponentType<RecordPanelProps>> = {
  studentFamily: StudentFamilyPanel,
  studentPayers: StudentPayersPanel,
  relativeChildren: RelativeChildrenPanel,
};
