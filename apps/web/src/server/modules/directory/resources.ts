import { RESOURCES, PERSON_TYPE } from "@pizarra/contracts";
import { GUARDIAN_LINK } from "../../delivery/guardians.ts";
import type { ResourceServer } from "../../resource/factory.ts";
import { PERSON_SEARCH_FIELDS, personTextContains } from "../../resource/search-text.ts";
import { currentSection, guardianColumns, inGrade, inSection, livingGuardians, sectionNameOf } from "../../resource/student-view.ts";

type Row = Record<string, unknown>;
/** A guardian found as any person is (names, e-mail … case and accents aside), whichever column shows them. */
const guardian = (_contains: Row, word: string): Row => ({ relatives: { some: { ...GUARDIAN_LINK, relative: personTextContains(word) } } });

/**
 * admDirectory: active students with their first two living guardians (no table of its own); its export is for
 * role 100 only (the definition's printRoles).
 */
export const directory: ResourceServer = {
  def: RESOURCES.admDirectory,
  model: "user",
  scope: { where: { type: PERSON_TYPE.student, inactive: false } },
  include: { sections: currentSection, relatives: livingGuardians },
  display: (r, caller) => ({ sectionName: sectionNameOf(r.sections), depMail: r.mail, ...guardianColumns(r.relatives, caller.givenNamesFirst) }),
  filterWhere: { superSectionId: inGrade, sectionId: inSection },
  // A guardian's name or e-mail is found whichever of the two columns shows it.
  personSearch: { covers: [...PERSON_SEARCH_FIELDS, "depMail"] },
  searchWhere: { rel1: guardian, rel2: guardian, rel1mail: guardian, rel2mail: guardian },
};

export const DIRECTORY_RESOURCES: ResourceServer[] = [directory];
