import { zodResolver } from "@hookform/resolvers/zod";
import { ZLoginForm } from "@pizarra/contracts";
import type { z } from "zod";

/** The sign-in form's checks: the API's own schema, with the spec's messages. Fetched apart (zod is 30 kB gzip). */
export const loginResolver = (error: z.core.$ZodErrorMap) => zodResolver(ZLoginForm, { error });
