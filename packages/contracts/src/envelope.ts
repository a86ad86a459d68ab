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
