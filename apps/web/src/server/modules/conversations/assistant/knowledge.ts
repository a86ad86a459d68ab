import { Prisma, type TenantDb, tenantOf } from "@pizarra/db";
import { plainText } from "../../../channels/mail.ts";

export type Lang = "es" | "en";

/**
 * The school's published knowledge the assistant answers from: its FAQs (admInfo) and publications, published and in
 * date. FAQs are found by PostgreSQL full-text search in the family's language, accent-insensitive: the expressions
 * below are those of the migration's indexes Info_search_es_idx and Info_search_en_idx (conversations), so that the
 * index serves the search (pizarra_faq_document: the folded, accent-free words of the title, summary and body). Raw SQL because Prisma has no full-text search; the school is the scoped client's, named
 * in the query as every other read of a school's rows is.
 */
const FAQ_DOCUMENT = {
  es: Prisma.sql`pizarra_faq_document('spanish', i."name", i."desc", i."body")`,
  en: Prisma.sql`pizarra_faq_document('english', coalesce(i."nameEN", i."name"), coalesce(i."descEN", i."desc"), coalesce(i."bodyEN", i."body"))`,
} as const;
const CONFIG = { es: Prisma.sql`'spanish'::regconfig`, en: Prisma.sql`'english'::regconfig` } as const;

/**
 * How much of a question a FAQ must cover to answer it: the share of the question's words (stems, stop words left
 * out) found in the FAQ; more than half, so both words of a two-word question. Under it the hit is too weak
 * ("horario de atención" meeting a FAQ on the entrance "horario") and the family gets a person, not a wrong answer.
 */
export const FAQ_COVERAGE = 0.6;

export interface Faq {
  id: number;
  name: string;
  /** The FAQ's text in the family's language, as plain text. */
  text: string;
  coverage: number;
}

/**
 * The FAQs that answer a question best, most covering first (then by PostgreSQL's rank). The question's stems are
 * OR-ed (a FAQ need not hold every word asked), and each FAQ's coverage is the share of those stems its document holds.
 */
export async function searchFaqs(db: TenantDb, lang: Lang, question: string, now: Date, limit = 3): Promise<Faq[]> {
  const tenantId = tenantOf(db);
  const doc = FAQ_DOCUMENT[lang];
  const cfg = CONFIG[lang];
  const rows = await db.$queryRaw<
    {
      id: number;
      name: string;
      nameEN: string | null;
      body: string | null;
      bodyEN: string | null;
      desc: string | null;
      descEN: string | null;
      coverage: number;
    }[]
  >`
    WITH q AS (
      SELECT tsvector_to_array(to_tsvector(${cfg}, pizarra_fold(${question}))) AS stems
    ), asked AS (
      SELECT stems, cardinality(stems) AS total, array_to_string(ARRAY(SELECT quote_literal(s) FROM unnest(stems) s), ' | ')::tsquery AS query
      FROM q WHERE cardinality(stems) > 0
    ), hit AS MATERIALIZED (
      -- The FAQs found (by the indexed expression), each with its document made once for the coverage and the rank.
      SELECT i.id, i.name, i."nameEN", i.body, i."bodyEN", i."desc", i."descEN", ${doc} AS doc
      FROM "Info" i, asked
      WHERE i."tenantId" = ${tenantId} AND i.published
        AND (i."publishFrom" IS NULL OR i."publishFrom" <= ${now}) AND (i."publishTo" IS NULL OR i."publishTo" >= ${now})
        AND ${doc} @@ asked.query
    )
    SELECT hit.id, hit.name, hit."nameEN", hit.body, hit."bodyEN", hit."desc", hit."descEN",
      (SELECT count(*) FROM unnest(asked.stems) s WHERE hit.doc @@ quote_literal(s)::tsquery)::float / asked.total AS coverage
    FROM hit, asked
    ORDER BY coverage DESC, ts_rank(hit.doc, asked.query) DESC, hit.id
    LIMIT ${limit}`;
  return rows.map((r) => {
    const [name, body, desc] = lang === "en" ? [r.nameEN || r.name, r.bodyEN || r.body, r.descEN || r.desc] : [r.name, r.body, r.desc];
    return { id: r.id, name, text: plainText(body || desc || name), coverage: r.coverage };
  });
}

export interface Audience {
  sectionIds: number[];
  superSectionIds: number[];
}

/** Addressed to everyone, or to one of these sections or grades; read by guardians (accessPrincipal). */
const addressedTo = (audience: Audience) => ({
  accessPrincipal: true,
  OR: [
    { sections: { isEmpty: true }, superSections: { isEmpty: true } },
    ...(audience.sectionIds.length ? [{ sections: { hasSome: audience.sectionIds } }] : []),
    ...(audience.superSectionIds.length ? [{ superSections: { hasSome: audience.superSectionIds }, sections: { isEmpty: true } }] : []),
  ],
});

const inDate = (now: Date) => ({
  published: true,
  AND: [{ OR: [{ publishFrom: null }, { publishFrom: { lte: now } }] }, { OR: [{ publishTo: null }, { publishTo: { gte: now } }] }],
});

export interface Publication {
  id: number;
  name: string;
  text: string;
}

/**
 * The publications addressed to the family (or to everyone) and in date that hold all the words asked, newest
 * first: the school's news, which the model may quote. A school publishes a few hundred a year, so a scan of the
 * words is enough here.
 */
export async function searchPublications(db: TenantDb, lang: Lang, words: string, audience: Audience, now: Date, limit = 3): Promise<Publication[]> {
  const terms = words
    .split(/\s+/)
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ""))
    .filter((w) => w.length > 2)
    .slice(0, 6);
  const rows = await db.publication.findMany({
    where: {
      AND: [
        inDate(now),
        addressedTo(audience),
        ...terms.map((t) => ({
          OR: [
            { name: { contains: t, mode: "insensitive" as const } },
            { body: { contains: t, mode: "insensitive" as const } },
            { nameEN: { contains: t, mode: "insensitive" as const } },
            { bodyEN: { contains: t, mode: "insensitive" as const } },
          ],
        })),
      ],
    },
    orderBy: [{ publishFrom: "desc" }, { id: "desc" }],
    take: limit,
    select: { id: true, name: true, nameEN: true, desc: true, descEN: true, body: true, bodyEN: true },
  });
  return rows.map((r) => {
    const [name, body] = lang === "en" ? [r.nameEN || r.name, r.bodyEN || r.body || r.descEN || r.desc] : [r.name, r.body || r.desc];
    return { id: r.id, name, text: plainText(body ?? name).slice(0, 1500) };
  });
}

export interface CalendarEntry {
  id: number;
  name: string;
  from: Date | null;
  to: Date | null;
  place: string | null;
  noClasses?: boolean;
}

/** The school's calendar of the coming weeks: activities addressed to the family (or everyone), and days without classes. */
export async function upcomingCalendar(db: TenantDb, lang: Lang, audience: Audience, now: Date, days = 31): Promise<CalendarEntry[]> {
  const until = new Date(now.getTime() + days * 86_400_000);
  const [activities, dates] = await Promise.all([
    db.calendarActivity.findMany({
      where: {
        AND: [
          inDate(now),
          addressedTo(audience),
          { hasDate: true, startDate: { lte: until }, OR: [{ endDate: { gte: now } }, { endDate: null, startDate: { gte: now } }] },
        ],
      },
      orderBy: [{ startDate: "asc" }, { id: "asc" }],
      take: 15,
      select: { id: true, name: true, nameEN: true, startDate: true, endDate: true, locationTxt: true },
    }),
    db.calendarDate.findMany({
      where: { inactive: false, noClasses: true, from: { lte: until }, to: { gte: now } },
      orderBy: [{ from: "asc" }, { id: "asc" }],
      take: 10,
      select: { id: true, name: true, from: true, to: true },
    }),
  ]);
  return [
    ...activities.map((a) => ({ id: a.id, name: (lang === "en" && a.nameEN) || a.name, from: a.startDate, to: a.endDate, place: a.locationTxt })),
    ...dates.map((d) => ({ id: d.id, name: d.name, from: d.from, to: d.to, place: null, noClasses: true })),
  ];
}
