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

/** GET admModule/get: admin=true for module management, level=0&pick=true for the top-level headings as a pick list. */
export const ZModuleList = z.object({
  admin: z.string().optional(),
  classic: z.string().optional(),
  level: z.coerce.number().int().min(0).max(2).optional(),
  pick: z.enum(["true", "false"]).optional(),
});

/** The module of admModule/get/{id} and admModule/edit/{id}. */
export const ZModuleId = z.object({ id: z.string().regex(/^[A-Za-z][A-Za-z0-9]{1,60}$/) });
