import { z } from "zod";
import { ZPage } from "../envelope.ts";

/** A group of the school, and whether it has the right in question (the multi-selects of spec 000 §2.5). */
export const ZGroupChoice = z.object({ ID: z.number(), name: z.string(), selected: z.boolean() });
export type TGroupChoice = z.output<typeof ZGroupChoice>;

/** A module as the module-management screen sees it (spec 000 §3 "Module"): GET admModule/get/{id}, and admModule/get's rows. */
export const ZModuleRow = z.object({
  ID: z.string(),
  name: z.string(),
  nameEN: z.string(),
  desc: z.string().nullable(),
  descEN: z.string().nullable(),
  icon: z.string().nullable(),
  parentId: z.string().nullable(),
  parentName: z.string().nullable(),
  sort: z.number(),
  hidden: z.boolean(),
  ai: z.boolean(),
  setupMsg: z.string().nullable(),
  inactiveFields: z.array(z.string()),
  userRead: z.array(ZGroupChoice),
  userEdit: z.array(ZGroupChoice),
});
export type TModuleRow = z.output<typeof ZModuleRow>;

/**
 * GET admModule/get: the modules, or with ?pick=true the pick list (ID and name, in the caller's language). One row
 * schema for both, whose other fields a pick row leaves out: a union would let a whole row that fails its own schema
 * through as a pick row, quietly stripped, where this refuses it.
 */
export const ZModuleListAnswer = ZPage(ZModuleRow.partial().extend({ ID: z.string(), name: z.string() }));
export type TModuleListAnswer = z.output<typeof ZModuleListAnswer>;

/** POST admModule/edit/{id}: the module saved. */
export const ZModuleEditAnswer = z.object({ ID: z.string() });
export type TModuleEditAnswer = z.output<typeof ZModuleEditAnswer>;
