import { ZHealthAnswer } from "@pizarra/contracts";
import { publicRoute, type Route } from "../../http/route.ts";
import { health } from "./health.ts";

/** The health check (000 §7): whether the service and its database answer. */
export const SERVICE_STATUS_ROUTES: Route[] = [publicRoute({ method: "GET", path: "health", auth: "public", answer: ZHealthAnswer, handler: health })];
