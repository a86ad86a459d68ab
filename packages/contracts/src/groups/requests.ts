import { z } from "zod";
import { ZRecordId } from "../validation.ts";

/** GET admUser/group/{id}: the group whose members are listed. */
export const ZGroupParams = z.object({ id: ZRecordId });
