import { z } from "zod";

/** POST tenants/contact/us/: whether a copy went to the person's own e-mail (the message says so too). */
export const ZContactUsAnswer = z.object({ copy: z.boolean() });
export type TContactUsAnswer = z.output<typeof ZContactUsAnswer>;
