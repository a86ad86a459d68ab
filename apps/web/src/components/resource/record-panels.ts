import type { ComponentType } from "react";
import { RelativeChildrenPanel } from "../family/relative-children-panel.tsx";
import { StudentFamilyPanel } from "../family/student-family-panel.tsx";
import type { RecordPanelProps } from "./types.ts";

/** The panels of their own that a definition's `panels` name (ResourceDef.panels), by that name. */
export const RECORD_PANELS: Record<string, ComponentType<RecordPanelProps>> = {
  studentFamily: StudentFamilyPanel,
  relativeChildren: RelativeChildrenPanel,
};
