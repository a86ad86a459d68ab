import { RESOURCES } from "@pizarra/contracts";
import type { ResourceServer } from "../../resource/factory.ts";
import { formatDate, parseDate } from "../../resource/values.ts";
import { infirmaryRules } from "./infirmary-rules.ts";
import { medicalRules } from "./medical-rules.ts";
import { currentSection, guardianColumns, inGrade, inSection, sectionNameOf, studentSelect } from "../../resource/student-view.ts";
import { fullName, nameOf } from "../../resource/display.ts";

type Row = Record<string, unknown>;
/** admInfirmary: each visit with its student's code, name and current section, and the names of its symptom and outcome. */
const infirmary: ResourceServer = {
  def: RESOURCES.admInfirmary,
  model: "infirmaryEntry",
  include: {
    user: { select: { externalId: true, name: true, last: true, last2: true, sections: currentSection } },
    symptom: { select: { name: true } },
    outcome: { select: { name: true } },
  },
  display: (r, caller) => {
    const user = r.user as Row & { name: string };
    return {
      externalId: user.externalId,
      studentName: fullName(user, caller.givenNamesFirst),
      sectionName: sectionNameOf(user.sections),
      symptomName: nameOf(r.symptom),
      outcomeName: nameOf(r.outcome),
    };
  },
  filterWhere: {
    from: (value) => ({ date: { gte: parseDate(String(value)) } }),
    to: (value) => ({ date: { lte: parseDate(String(value)) } }),
    superSectionId: (value) => ({ user: inGrade(value) }),
    sectionId: (value) => ({ user: inSection(value) }),
  },
  personSearch: { through: "user", covers: ["studentName", "externalId"] },
  rules: infirmaryRules,
};

/** admMedical (API admInfirmary/patients): a medical record with its student's profile and guardians, read-only. */
const medical: ResourceServer = {
  def: RESOURCES["admInfirmary/patients"],
  model: "medicalRecord",
  include: { student: { select: studentSelect } },
  display: (r, caller) => {
    const s = r.student as Row & { name: string; birthday: Date | null };
    return {
      externalId: s.externalId,
      name: s.name,
      last: s.last,
      last2: s.last2,
      birthday: s.birthday ? formatDate(s.birthday) : null,
      gender: s.gender,
      documentnumber: s.documentnumber,
      sectionName: sectionNameOf(s.sections),
      ...guardianColumns(s.relatives, caller.givenNamesFirst),
    };
  },
  filterWhere: {
    studentId: (value) => ({ id: Number(value) }),
    superSectionId: (value) => ({ student: inGrade(value) }),
    sectionId: (value) => ({ student: inSection(value) }),
  },
  personSearch: { through: "student", covers: ["name", "last", "last2", "externalId"] },
  rules: medicalRules,
};

export const HEALTH_RESOURCES: ResourceServer[] = [infirmary, medical];
