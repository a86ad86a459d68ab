import { ZPinCode } from "@pizarra/contracts";
import { z } from "zod";

/**
 * The phone tab of the login page (spec 000 §5): country code required; mobile number required, digits only, at most
 * 9; the PIN is required once it has been sent. Page-only: the API's own schemas live in packages/contracts.
 */
export function phoneLoginSchema(pinSent: boolean) {
  return z.object({
    countryCode: z.string().min(1),
    mobile: z.string().trim().min(1).max(9).regex(/^\d+$/),
    pin: pinSent ? ZPinCode : z.string().optional(),
  });
}

export type TPhoneLogin = z.infer<ReturnType<typeof phoneLoginSchema>>;
