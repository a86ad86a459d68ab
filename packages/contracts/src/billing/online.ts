import { z } from "zod";

/** The online payment providers (request2pay): whose hosted checkout an order is paid on. */
export const PAYMENT_PROVIDER = { stripe: "stripe" } as const;

/**
 * GET admOrder/request2pay/{id} (001 §7): the hosted checkout of what an unpaid order still owes. The same link is
 * answered while it is open and the balance has not changed; `amount` is decimal text to the cent.
 */
export const ZRequest2PayAnswer = z.object({
  url: z.string(),
  provider: z.string(),
  amount: z.string(),
  curr: z.string(),
});
export type TRequest2PayAnswer = z.output<typeof ZRequest2PayAnswer>;
