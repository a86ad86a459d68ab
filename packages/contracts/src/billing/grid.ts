import { z } from "zod";
import { type FieldDef, GRADE_SECTION_PICKS } from "../resource/types.ts";
import { ZRecordId } from "../validation.ts";
import { CURRENCIES, GRID_FIRST_YEAR, gridLastYear, type TGridModule } from "./bulk.ts";

/**
 * GET admBilling/getGrid and admOrder/getGrid (001 §7, §9 "grid years"): the pension board of a grade or section, its
 * students by the twelve months of a year. A cell is the orders of a student due in a month.
 */

/**
 * The state of a cell: `voided` when all its orders were refunded; `paid` when every other one is paid; `overdue` when
 * one still owes and its due date has passed; `partly` when something was paid and the rest is not yet due; `pending`
 * when nothing was paid and nothing is due yet.
 */
export const GRID_STATE = { paid: "paid", partly: "partly", pending: "pending", overdue: "overdue", voided: "voided" } as const;
export const GRID_STATES = Object.values(GRID_STATE);
export type TGridState = (typeof GRID_STATES)[number];
/** 001 §9: 40 students a page, as most grids. */
export const GRID_PAGE_SIZE = 40;
const GRID_PAGE_MAX = 1000;

/**
 * The board's filters: the year (this one unless said), a grade (superSectionId) and/or a section, a state that
 * keeps the students with at least one cell in it (the debtors: `overdue`), and the currency: soles and dollars are
 * never summed together, so a board shows the orders of one currency (the one most of its orders are in unless said).
 * Without grade nor section, the students with orders in the year.
 */
export const gridQuery = (module: TGridModule) =>
  z
    .object({
      year: z.coerce.number().int().optional(),
      superSectionId: ZRecordId.optional(),
      sectionId: ZRecordId.optional(),
      status: z.enum(GRID_STATES).optional(),
      curr: z.enum(CURRENCIES).optional(),
      page: z.coerce.number().int().min(1).optional(),
      PageSize: z.coerce.number().int().min(1).max(GRID_PAGE_MAX).optional(),
    })
    .superRefine((query, ctx) => {
      if (query.year === undefined) return;
      if (query.year < GRID_FIRST_YEAR[module])
        ctx.addIssue({ code: "custom", path: ["year"], params: { key: "minValue", values: { min: GRID_FIRST_YEAR[module] } } });
      if (query.year > gridLastYear()) ctx.addIssue({ code: "custom", path: ["year"], params: { key: "maxValue", values: { max: gridLastYear() } } });
    });
export const ZBillingGridQuery = gridQuery("admBilling");
export const ZOrderGridQuery = gridQuery("admOrder");
export type TGridQuery = z.output<ReturnType<typeof gridQuery>>;

/** Amounts of a cell, a row, a column or the board, as decimal texts: balance = total − paid (voided orders left out). */
const money = { total: z.string(), paid: z.string(), balance: z.string() };

/** An order of a cell: what a click needs to register a payment (setpaymentbyorder/{ID}) or open its receipt. */
export const ZGridOrder = z.object({
  ID: z.number(),
  easyId: z.string(),
  brief: z.string(),
  /** 001 §4: -1 Anulado, 0 No pagado, 1 Pagado. */
  status: z.number(),
  dueDate: z.string(),
  curr: z.string(),
  /** The number of its latest receipt (R001-000123), none while nothing was paid: the cell's PDF is that receipt's. */
  receipt: z.string().nullable(),
  ...money,
});

export const ZGridCell = z.object({ month: z.number(), state: z.enum(GRID_STATES), orders: z.array(ZGridOrder), ...money });

export const ZGridAnswer = z.object({
  year: z.number(),
  /** The years the board's picker offers (001 §9). */
  years: z.object({ first: z.number(), last: z.number() }),
  /** The currency of every amount of this board. */
  curr: z.string(),
  /** The currencies the filtered students' orders of the year are in: the picker is offered when there are several. */
  currencies: z.array(z.string()),
  /** The school's today, against which `overdue` was judged. */
  today: z.string(),
  /** Students matching the filters (all pages). */
  count: z.number(),
  page: z.number(),
  PageSize: z.number(),
  /** A student (name fixed, their code) and only the months that have orders. */
  rows: z.array(z.object({ studentId: z.number(), name: z.string(), code: z.string().nullable(), cells: z.array(ZGridCell), ...money })),
  /** The twelve months' totals over every student matching the filters. */
  columns: z.array(z.object({ month: z.number(), ...money })),
  ...money,
});
export type TGridAnswer = z.output<typeof ZGridAnswer>;

/**
 * The pick lists the board's filters offer (grade, then its sections) and those the bulk dialog fills (students and
 * sections, several of each); pick-access.ts opens them to the board's readers and the bulk's writers.
 */
export const BOARD_PICKS = GRADE_SECTION_PICKS;
export const BULK_PICKS = {
  sections: { name: "sections", type: "select", multiple: true, options: { kind: "resource", resource: "admSection" } },
  students: { name: "students", type: "select", multiple: true, options: { kind: "resource", resource: "admStudent" } },
} as const satisfies Record<string, FieldDef>;
/** The modules whose boards and bulks these are (the spec's calls: admBilling/…, admOrder/…). */
export const GRID_MODULES = Object.keys(GRID_FIRST_YEAR) as TGridModule[];

/** The label keys of the board's filters. */
export const gridLabelKey = (field: string) => `billing.grid.fields.${field}`;
