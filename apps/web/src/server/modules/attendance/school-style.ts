import { givenNamesFirstIn } from "@pizarra/contracts";
import type { TenantDb, TenantTx } from "@pizarra/db";
import type { Locale } from "../../i18n.ts";
import { fullName } from "../../resource/display.ts";

/**
 * How a school writes to its families: its name, language, clock and the order it writes people's names in. The
 * lists show surnames first (resource/display.ts); a school whose families read given names first says so in its
 * settings (`givenNamesFirst`), and what it sends them (alerts, review notices, the justification page) follows it.
 */
export interface SchoolStyle {
  title: string;
  locale: Locale;
  timeZone: string;
  givenNamesFirst: boolean;
}

export async function schoolStyle(db: TenantDb | TenantTx, tenantId: number): Promise<SchoolStyle> {
  const school = await db.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { title: true, defaultLocale: true, timeZone: true, settings: true } });
  return {
    title: school.title,
    locale: school.defaultLocale === "en" ? "en" : "es",
    timeZone: school.timeZone,
    givenNamesFirst: givenNamesFirstIn(school.settings),
  };
}

type Person = { name?: string | null; last?: string | null; last2?: string | null };

/** A person's name as the school writes it to families. */
export const nameAs = (style: SchoolStyle, p: Person): string => fullName(p, style.givenNamesFirst);

const TAG = { es: "es-ES", en: "en-US" } as const;

/** A moment's time on the school's clock, as the reader's language writes it ("8:15", "8:15 AM"). */
export const timeAs = (style: SchoolStyle, at: Date, locale: Locale): string =>
  new Intl.DateTimeFormat(TAG[locale], { timeStyle: "short", timeZone: style.timeZone }).format(at);

/** A stored DATE as the reader's language writes it ("lunes, 15 de junio", "Monday, June 15"). */
export const dayAs = (day: Date, locale: Locale): string =>
  new Intl.DateTimeFormat(TAG[locale], { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(day);
