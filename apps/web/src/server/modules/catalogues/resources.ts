import { RESOURCES, ZTagContent } from "@pizarra/contracts";
import { z } from "zod";
import type { ResourceServer } from "../../resource/factory.ts";
import { auditModuleNames } from "../../resource/audit.ts";
import { dayEnd, dayStart } from "../../resource/display.ts";
import { assignmentQuestionRules } from "./assignment-question-rules.ts";
import { datesRules } from "./dates-rules.ts";
import { withTagsContent } from "./localization-routes.ts";
import { otltRules } from "./otlt-rules.ts";

/** The school's catalogues, calendar, message templates and audit log (000 §3). */
export const CATALOGUE_RESOURCES: ResourceServer[] = [
  { def: RESOURCES.admOtlt, model: "catalogueValue", rules: otltRules },
  { def: RESOURCES.admAttendanceType, model: "attendanceType" },
  { def: RESOURCES.admInfirmaryValues, model: "infirmaryValue" },
  { def: RESOURCES.admDates, model: "calendarDate", rules: datesRules },
  { def: RESOURCES.admLocalization, model: "localizationTemplate", decorate: withTagsContent, shows: { tagsContent: z.array(ZTagContent) } },
  { def: RESOURCES.admAssignmentQst, model: "assignmentQuestion", rules: assignmentQuestionRules },
  { def: RESOURCES.admCategory, model: "category" },
  {
    def: RESOURCES.admAudit,
    model: "auditLog",
    display: (r) => ({ IP: r.ip }),
    decorate: auditModuleNames,
    filterWhere: {
      from: (value) => ({ date: { gte: dayStart(value) } }),
      to: (value) => ({ date: { lt: dayEnd(value) } }),
    },
  },
];
