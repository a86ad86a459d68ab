import { z } from "zod";

/** Every answer of the API (spec 000 §7): status ≥ 0 is success, negative is failure; msg is already translated. */
export interface TEnvelope<T = unknown> {
  status: number;
  msg: string;
  data: T;
  /** HTTP-level failures also carry the message under this name (spec 000 §7). */
  Message?: string;
}

export const ZPageQuery = z.object({
  PageSize: z.coerce.number().int().min(1).max(10_000).default(40),
  page: z.coerce.number().int().min(1).default(1),
});

export interface TPage<T> {
  Results: T[];
  RowCount: number;
  PageCount: number;
}

/** A page of an answer's rows, its row schema the route's own (answer schemas are what each screen receives). */
export const ZPage = <Row extends z.ZodType>(row: Row) => z.object({ Results: z.array(row), RowCount: z.number().int(), PageCount: z.number().int() });

/**
 * A moment as an answer carries it: a Date where the server read one, its ISO text on the wire (what JSON.stringify
 * writes of a Date, so answers read the same as before they had schemas).
 */
export const ZMoment = z.union([z.date().transform((d) => d.toISOString()), z.iso.datetime({ offset: true })]);

/** An answer of no data: a write that has nothing to say but its message. */
export const ZNoData = z.null();
