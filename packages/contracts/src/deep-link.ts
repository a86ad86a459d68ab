import { RECORD_ID_MAX } from "./validation.ts";
import { z } from "zod";

const ID = z.number().int().positive().max(RECORD_ID_MAX);

/**
 * A deep link (000 §2.1): the JSON object the `deepLink` query parameter carries in base64. Types 0 and 1 navigate
 * to `module`; type 0 is the one a URL carries. The other keys are the module's filters: admGrades opens report 5
 * (grade plus course, then section) on `superSectionId` and `activityId` of `periodId` (the current period when
 * absent); a subject taught in no grade leaves the grade to choose.
 */
export const ZDeepLink = z.object({
  type: z.union([z.literal(0), z.literal(1)]),
  module: z.string().regex(/^\w{1,60}$/),
  superSectionId: ID.nullable().optional(),
  activityId: ID.optional(),
  periodId: z.number().int().min(0).max(999_999).optional(),
});
export type TDeepLink = z.infer<typeof ZDeepLink>;

/** The base64 text of a deep link (UTF-8 JSON), to be put in a URL with encodeURIComponent. */
export function encodeDeepLink(link: TDeepLink): string {
  const bytes = new TextEncoder().encode(JSON.stringify(ZDeepLink.parse(link)));
  return btoa(String.fromCharCode(...bytes));
}

/** A deep link read back from its base64 text (standard or URL-safe); text that is not one is null. */
export function decodeDeepLink(text: string | null | undefined): TDeepLink | null {
  if (!text) return null;
  const base64 = text.trim().replace(/-/g, "+").replace(/_/g, "/");
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return null;
  try {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const parsed = ZDeepLink.safeParse(JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The screen a deep link opens: `/app/<module>?deepLink=<base64>`. */
export const deepLinkHref = (link: TDeepLink): string => `/app/${link.module}?deepLink=${encodeURIComponent(encodeDeepLink(link))}`;
