import { z } from "zod";
import { MESSAGE_CHANNELS } from "../notifications/delivery.ts";

/** The path of unsubscribe/{token}: a family link's JWT (a few hundred characters); anything else in it is a link that is not genuine. */
export const ZUnsubscribeToken = z.object({ token: z.string().max(4_000) });
export type TUnsubscribeToken = z.infer<typeof ZUnsubscribeToken>;

/**
 * GET and POST unsubscribe/{token}: what the page shows of the link, as the GET finds it or as the POST leaves it: the
 * school, whom the link is for (the given name only: the e-mail already greets them by it), the channel it stops and
 * whether they have opted out of it.
 */
export const ZUnsubscribeAnswer = z.object({
  school: z.string(),
  firstName: z.string(),
  channel: z.enum(MESSAGE_CHANNELS),
  unsubscribed: z.boolean(),
});
export type TUnsubscribeAnswer = z.output<typeof ZUnsubscribeAnswer>;
