/**
 * 001 §3 "User": what a person is to the school, in the `type` column of every person (admUser, admStudent,
 * admRelatives, admStaff), as the server filters and writes it and the forms offer it. A contact is a phone number
 * only (a communication group's member from an import).
 */
export const PERSON_TYPE = { relative: 1, student: 2, contact: 3, staff: 4, teacher: 5 } as const;
export type TPersonType = (typeof PERSON_TYPE)[keyof typeof PERSON_TYPE];

/** Every person type, in the order the forms offer them. */
export const PERSON_TYPES: readonly TPersonType[] = Object.values(PERSON_TYPE);
/** Staff and teachers: the people admStaff answers for and the owners a subject, a booking or a record may name. */
export const STAFF_PERSON_TYPES: readonly TPersonType[] = [PERSON_TYPE.staff, PERSON_TYPE.teacher];

/**
 * 002 §3 "Relative" userKind, as a family link (Kinship) carries it: the principal guardian (at most one per student),
 * another guardian, or an external contact (emergencies and pick-ups, never written to).
 */
export const LINK_KIND = { principal: 0, guardian: 1, contact: 3 } as const;
export type TLinkKind = (typeof LINK_KIND)[keyof typeof LINK_KIND];
export const LINK_KINDS: readonly TLinkKind[] = Object.values(LINK_KIND);

/** What a relative is to a student (Kinship.relation): codes, labelled in messages under `family.options.relation.*`. */
export const KINSHIP_RELATIONS = ["mother", "father", "grandmother", "grandfather", "sibling", "aunt", "uncle", "tutor", "other"] as const;
export type TKinshipRelation = (typeof KINSHIP_RELATIONS)[number];
