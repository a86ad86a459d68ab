import { RESOURCES } from "@pizarra/contracts";
import type { Route } from "../http/route.ts";
import { periodRules } from "../modules/academic/period-rules.ts";
import { createResource, type ResourceServer } from "./factory.ts";

type Row = Record<string, unknown>;
const nameOf = (relation: unknown) => (relation as { name?: string } | null)?.name ?? null;
const countOf = (record: Row, relation: string) => ((record._count as Row | undefined)?.[relation] as number | undefined) ?? 0;

/** Every resource served by the generic factory: a definition from contracts plus its Prisma model. */
export const RESOURCE_SERVERS: ResourceServer[] = [
  { def: RESOURCES.admPeriod!, model: "period", rules: periodRules },
  {
    def: RESOURCES.admPeriodException!,
    model: "periodException",
    include: { superSection: { select: { name: true } } },
    display: (r) => ({ superSectionName: nameOf(r.superSection), periodId: r.periodId }),
  },
  {
    def: RESOURCES.admSuperSection!,
    model: "superSection",
    include: { _count: { select: { sections: true } } },
    display: (r) => ({ count: countOf(r, "sections") }),
  },
  {
    def: RESOURCES.admSection!,
    model: "section",
    include: { superSection: { select: { name: true, periodId: true } } },
    display: (r) => ({ parentName: nameOf(r.superSection), periodId: (r.superSection as Row | null)?.periodId ?? null, count: 0 }),
    filterWhere: { periodId: (value) => ({ superSection: { periodId: Number(value) } }) },
  },
];

export const RESOURCE_ROUTES: Route[] = RESOURCE_SERVERS.flatMap(createResource);
