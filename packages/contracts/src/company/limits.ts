import { ROLE } from "../roles.ts";

// The school profile's limits, apart from its zod schema: the shell shows the company entry by role on every page.

/** Spec 000 §6 and §9 "Company role threshold": the lowest role number that may see and change the school's profile. */
export const COMPANY_ROLE_MIN = ROLE.administrator;
/** Spec 000 §5 / 002 §5: the logo accepts jpeg, jpg and png. */
export const COMPANY_LOGO_TYPES = ["jpeg", "jpg", "png"] as const;
/** The logo is shown small (a card, the shell): 2 MB is the image control's limit elsewhere (000 §5). */
export const COMPANY_LOGO_MAX_BYTES = 2 * 1024 * 1024;
