import { z } from "zod";

/** A description left empty is none (null); left out, it stays as it is. */
const description = z
  .string()
  .trim()
  .max(500)
  .nullable()
  .optional()
  .transform((v) => (v === "" ? null : v));

/**
 * POST admModule/edit/{id}. Spec 002 §5 lists "name, desc, sort required", but no module of a new school has a
 * description (the catalogue names modules, it does not describe them), so requiring one made every change of a
 * module's access ask for a text first: the description is optional, in both languages.
 */
export const ZModuleEdit = z
  .object({
    name: z.string().trim().min(1).max(100),
    nameEN: z.string().trim().min(1).max(100).optional(),
    desc: description,
    descEN: description,
    sort: z.coerce.number().int().min(0).max(100_000),
    icon: z.string().trim().max(50).optional(),
    hidden: z.boolean().optional(),
    setupMsg: z.string().trim().max(2000).nullable().optional(),
    /** Fields of the module's screen this school hides (names of its definition's fields). */
    inactiveFields: z
      .array(z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,60}$/))
      .max(200)
      .optional(),
    /** Group ids with read access and with modify access (the multi-selects of spec 000 §2.5). */
    userRead: z.array(z.coerce.number().int().positive()).max(500).optional(),
    userEdit: z.array(z.coerce.number().int().positive()).max(500).optional(),
  })
  .strict();
export type TModuleEdit = z.infer<typeof ZModuleEdit>;

export const ZModuleList = z.object({
  admin: z.string().optional(),
  classic: z.string().optional(),
  level: z.coerce.number().int().min(0).max(2).optional(),
  pick: z.enum(["true", "false"]).optional(),
});

export interface TGroupChoice {
  ID: number;
  name: string;
  selected: boolean;
}

/** A module as the module-management screen sees it (spec 000 §3 "Module"). */
export interface TModuleRow {
  ID: string;
  name: string;
  nameEN: string;
  desc: string | null;
  descEN: string | null;
  icon: string | null;
  parentId: string | null;
  parentName: string | null;
  sort: number;
  hidden: boolean;
  ai: boolean;
  setupMsg: string | null;
  inactiveFields: string[];
  userRead: TGroupChoice[];
  userEdit: TGroupChoice[];
}
