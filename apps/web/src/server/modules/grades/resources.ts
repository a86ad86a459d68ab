import { RESOURCES } from "@pizarra/contracts";
import type { ResourceServer } from "../../resource/factory.ts";
import { nameOf } from "../../resource/display.ts";
import { conceptRules, RESOURCE } from "./concept-rules.ts";

type Row = Record<string, unknown>;

/** Evaluation concepts on the generic engine (admEvalConcept, 001 §3-§6), with the names of their subject, section and parent. */
export const GRADES_RESOURCES: ResourceServer[] = [
  {
    def: RESOURCES[RESOURCE],
    model: "evalConcept",
    include: {
      activity: { select: { name: true } },
      section: { select: { name: true, superSection: { select: { name: true } } } },
      parent: { select: { name: true } },
    },
    display: (r) => {
      const section = r.section as { name: string; superSection: { name: string } } | null;
      return {
        activityName: nameOf(r.activity),
        sectionName: section ? `${section.superSection.name} ${section.name}` : null,
        parentName: nameOf(r.parent),
      };
    },
    filterWhere: {
      // A section's concepts: its own, and those shared by the sections of its subjects (or of its period, for behaviour).
      sectionId: (value) => {
        const sectionId = Number(value);
        return {
          OR: [
            { sectionId },
            { sectionId: null, activity: { parts: { some: { sectionId } } } },
            { sectionId: null, activityId: null, period: { superSections: { some: { sections: { some: { id: sectionId } } } } } },
          ],
        } satisfies Row;
      },
    },
    rules: conceptRules,
  },
];
