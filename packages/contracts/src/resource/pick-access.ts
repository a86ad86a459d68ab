import { JUSTIFICATION_PICKS } from "../attendance/justifications.ts";
import { BOARD_PICKS, BULK_PICKS, GRID_MODULES } from "../billing/grid.ts";
import { JUSTIFICATION_MODULE } from "../attendance/vocabulary.ts";
import { CONVERSATION_PICKS, CONVERSATIONS_MODULE } from "../conversations/picks.ts";
import { GRADE_SCREEN_MODULES, gradeFilterFields } from "../grades/filters.ts";
import type { FieldDef, ResourceDef } from "./types.ts";

/** A right that lets a person read another resource's pick list: they may fill a field that offers it. */
export interface PickRight {
  module: string;
  right: "read" | "write";
}

/** The list a field's options come from: a resource's `{id}/get` (with pick=true), or a call of its own (`admSubject/getParts`). */
export const optionsList = (field: FieldDef) => (field.options?.kind === "resource" ? (field.options.path ?? `${field.options.resource}/get`) : null);

/**
 * Who may read each option list (by its path, e.g. `admStaff/get`) besides the readers of the module that owns it (000 §7 "Option lists"): whoever may write
 * a form (or an action's dialog) with a field that offers it, whoever may read a list whose filter offers it, and
 * whoever opens a special screen whose own filters offer it (the grade screen). Derived from the definitions, so a
 * new field that offers a list opens it to exactly the people who see that field.
 */
export function pickRights(resources: readonly ResourceDef[]): Map<string, PickRight[]> {
  const rights = new Map<string, PickRight[]>();
  const add = (field: FieldDef, module: string, right: PickRight["right"]) => {
    const path = optionsList(field);
    if (!path) return;
    const list = rights.get(path) ?? [];
    if (!list.some((r) => r.module === module && r.right === right)) list.push({ module, right });
    rights.set(path, list);
  };
  for (const def of resources) {
    for (const field of def.fields) add(field, field.module ?? def.module, "write");
    for (const field of def.filters ?? []) add(field, def.module, "read");
    for (const action of def.extraActions ?? []) for (const field of action.fields ?? []) add(field, def.module, action.write === false ? "read" : "write");
  }
  for (const field of Object.values(gradeFilterFields(null, null))) for (const module of GRADE_SCREEN_MODULES) add(field, module, "read");
  // The justification screen's filters (read) and its form (write).
  for (const field of Object.values(JUSTIFICATION_PICKS)) for (const right of ["read", "write"] as const) add(field, JUSTIFICATION_MODULE, right);
  // The pension board's filters (read) and its bulk dialog (write), under the module whose calls they are.
  for (const module of GRID_MODULES) {
    for (const field of Object.values(BOARD_PICKS)) add(field, module, "read");
    for (const field of Object.values(BULK_PICKS)) add(field, module, "write");
  }
  // The inbox's sidebar assigns a conversation: its writers pick the staff member. Linking a number to a guardian
  // searches every family of the school, so that pick list stays admRelatives' own (its readers: the office).
  add(CONVERSATION_PICKS.userId, CONVERSATIONS_MODULE, "write");
  return rights;
}

/** The most rows one page of a pick list carries: a select shows a searchable page, never a whole table. */
export const PICK_PAGE_MAX = 100;
