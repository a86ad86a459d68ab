import { z } from "zod";

/**
 * GET company/brand?school=alias: how a school's sign-in page shows it (its name, logo and colour), before anyone has
 * signed in. A school is named by its alias, as its link to the page carries it (/user/login?school=alias).
 */
export const ZSchoolBrandQuery = z.object({
  school: z
    .string()
    .trim()
    .min(1)
    .max(50)
    .regex(/^[A-Za-z0-9-]+$/),
});
export const ZSchoolBrandAnswer = z.object({
  alias: z.string(),
  name: z.string(),
  /** A link the browser can load, or null when the school has no logo. */
  logo: z.string().nullable(),
  color: z.string(),
});
export type TSchoolBrandAnswer = z.output<typeof ZSchoolBrandAnswer>;
