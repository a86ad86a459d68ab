import { RESOURCES, ZBookingExtras } from "@pizarra/contracts";
import { z } from "zod";
import type { ResourceServer } from "../../resource/factory.ts";
import { formatDateTime } from "../../resource/values.ts";
import { bookableResourceRules } from "./bookable-resources.ts";
import { bookingRules } from "./booking-rules.ts";
import { catalogueNames } from "./catalogue-values.ts";
import { CONDUCT_TYPES, conductRules, type ConductModule } from "./conduct-rules.ts";
import { hasNotice, noticeStatus } from "./notify-family.ts";
import { fullName, nameOf } from "../../resource/display.ts";

type Person = Parameters<typeof fullName>[0];

const person = { select: { name: true, last: true, last2: true } } as const;
const student = { select: { name: true, last: true, last2: true, externalId: true } } as const;

/** A conduct module: its records (one `type`) with the student, teacher, grade and section by name and its values' labels. */
function conduct(module: ConductModule): ResourceServer {
  const type = CONDUCT_TYPES[module];
  return {
    def: RESOURCES[module],
    model: "tracking",
    scope: { where: { type }, data: { type } },
    include: {
      user: student,
      master: person,
      superSection: { select: { name: true } },
      section: { select: { name: true } },
      _count: { select: { bookings: true } },
    },
    display: (r, caller) => ({
      type: r.type,
      studentName: fullName(r.user as Person, caller.givenNamesFirst),
      masterName: fullName(r.master as Person, caller.givenNamesFirst),
      gradeName: nameOf(r.superSection),
      sectionName: nameOf(r.section),
      bookings: (r._count as { bookings: number }).bookings,
    }),
    decorate: async (db, rows, ctx) => {
      await catalogueNames([
        { field: "values1", type: "trackingValues1" },
        { field: "values2", type: "trackingValues2" },
      ])(db, rows);
      if (hasNotice(type)) await noticeStatus(db, rows, ctx);
    },
    // The kind of record (tracking, behaviour, commitment, journal): which of the four modules it belongs to.
    shows: { type: z.string() },
    personSearch: { through: "user", covers: ["studentName"] },
    rules: conductRules(module),
  };
}

/** Start and end of an appointment at UTC-5, the end's day only when it is another. */
function slotOf(start: Date, end: Date): string {
  const [from, to] = [formatDateTime(start), formatDateTime(end)];
  return `${from.slice(11)} - ${to.slice(0, 10) === from.slice(0, 10) ? to.slice(11) : to}`;
}

export const CONDUCT_RESOURCES: ResourceServer[] = [
  conduct("admTracking"),
  conduct("admBehavior"),
  conduct("admCommitment"),
  conduct("admJournal"),
  {
    def: RESOURCES.admBookingList,
    model: "booking",
    include: { resource: { select: { name: true } }, user: student },
    display: (r, caller) => {
      const user = r.user as Person & { externalId: string | null };
      return {
        resourceName: nameOf(r.resource),
        userName: fullName(user, caller.givenNamesFirst),
        externalId: user.externalId,
        slot: slotOf(r.dtDate as Date, r.dtEndDate as Date),
        extras: { participants: r.participants, trackingId: r.trackingId },
      };
    },
    shows: { extras: ZBookingExtras },
    personSearch: { through: "user", covers: ["userName", "externalId"] },
    searchWhere: { resourceName: (contains) => ({ resource: { name: contains } }) },
    rules: bookingRules,
  },
  {
    def: RESOURCES.admResource,
    model: "bookingResource",
    include: { user: person },
    display: (r, caller) => ({ userName: fullName(r.user as Person, caller.givenNamesFirst) }),
    rules: bookableResourceRules,
  },
];
