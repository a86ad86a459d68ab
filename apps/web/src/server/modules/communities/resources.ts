import { RESOURCES } from "@pizarra/contracts";
import type { ResourceServer } from "../../resource/factory.ts";
import { nameOf } from "../../resource/display.ts";
import { SECTION_SELECT } from "../people/index.ts";
import { infoRules } from "./info-rules.ts";
import { pickupNames } from "./transport.ts";

type Row = Record<string, unknown>;

/** Pick-up exceptions and the school's information pages (001 §3). */
export const COMMUNITY_RESOURCES: ResourceServer[] = [
  {
    def: RESOURCES.admTransport,
    model: "pickupException",
    // The grade and section of the current period (a student also keeps last year's).
    include: {
      user: {
        select: {
          externalId: true,
          name: true,
          last: true,
          sections: {
            where: { section: { superSection: { period: { current: true } } } },
            orderBy: { id: "desc" },
            take: 1,
            select: { section: { select: SECTION_SELECT } },
          },
        },
      },
    },
    display: (r) => {
      const user = r.user as Row & { sections: { section: { name: string; superSection: { name: string } } }[] };
      const section = user.sections[0]?.section;
      return {
        externalId: user.externalId,
        last: user.last,
        name: user.name,
        supersectionName: section?.superSection.name ?? null,
        sectionName: section?.name ?? null,
        pickupType: r.pickupType,
        pickupExcepType: r.pickupExcepType,
      };
    },
    decorate: pickupNames,
    filterWhere: {
      superSectionId: (value) => ({ user: { sections: { some: { section: { parentId: Number(value) } } } } }),
      sectionId: (value) => ({ user: { sections: { some: { sectionId: Number(value) } } } }),
    },
    personSearch: { through: "user", covers: ["last", "name", "externalId"] },
  },
  {
    def: RESOURCES.admInfo,
    model: "info",
    include: { category: { select: { name: true } } },
    display: (r) => ({ categoryName: nameOf(r.category) }),
    rules: infoRules,
  },
];
