import type { FieldDef } from "../resource/types.ts";

/** The grade screen's filters (000 §2.9), as the screen's selects and the server's pick-list rights both read them. */
export type GradeFilterName = "periodId" | "masterId" | "activityPartId" | "superSectionId" | "sectionId" | "activityId" | "groupId";

/** The modules whose screen is the grade screen: reading one of them lets a person fill its filters. */
export const GRADE_SCREEN_MODULES = ["admGrades", "admGradesBehavior", "admGradesRep", "admGradesMaster"] as const;

/**
 * The pick list behind each filter (000 §6, §7 "Option lists"): the course-section list also needs the period; the
 * course follows the section, the grade (report 5) or the group (reports 8, 9); the section always lists the grade's.
 */
export function gradeFilterFields(periodId: number | null, courseParent: GradeFilterName | null): Record<GradeFilterName, FieldDef> {
  const period: Record<string, string> = periodId === null ? {} : { periodId: String(periodId) };
  return {
    periodId: { name: "periodId", type: "select", options: { kind: "resource", resource: "admPeriod" } },
    masterId: {
      name: "masterId",
      type: "select",
      options: { kind: "resource", resource: "admStaff", query: { filterBy: "academic" }, dependsOn: "periodId", dependsParam: "filter" },
    },
    activityPartId: {
      name: "activityPartId",
      type: "select",
      options: { kind: "resource", resource: "admActivityParts", path: "admSubject/getParts", query: period, dependsOn: "masterId", dependsParam: "masterId" },
    },
    superSectionId: {
      name: "superSectionId",
      type: "select",
      options: { kind: "resource", resource: "admSuperSection", dependsOn: "periodId", dependsParam: "periodId" },
    },
    sectionId: {
      name: "sectionId",
      type: "select",
      options: { kind: "resource", resource: "admSection", query: { roleFilter: "master" }, dependsOn: "superSectionId", dependsParam: "parentId" },
    },
    groupId: { name: "groupId", type: "select", options: { kind: "resource", resource: "admGroup", query: { staff: "0" } } },
    activityId: {
      name: "activityId",
      type: "select",
      options: { kind: "resource", resource: "admSubject", query: period, dependsOn: courseParent ?? "sectionId", dependsParam: courseParent ?? "sectionId" },
    },
  };
}
