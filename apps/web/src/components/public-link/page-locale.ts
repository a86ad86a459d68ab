import type { TLocale } from "@pizarra/contracts";
import { isLocale } from "@/client/preferences.ts";

/**
 * The language of the family's page: their own earlier choice (the NEXT_LOCALE cookie the switch writes), else the
 * first of Spanish or English their browser asks for (Accept-Language, by quality), else Spanish.
 */
export function pageLocale(cookie: string | undefined, acceptLanguage: string | null): TLocale {
  if (isLocale(cookie)) return cookie;
  const asked = (acceptLanguage ?? "")
    .split(",")
    .map((part, order) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { language: tag.trim().toLowerCase().split("-")[0], quality: q ? Number(q.slice(2)) : 1, order };
    })
    .filter((a) => Number.isFinite(a.quality) && a.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.order - b.order);
  return asked.map((a) => a.language).find(isLocale) ?? "es";
}
