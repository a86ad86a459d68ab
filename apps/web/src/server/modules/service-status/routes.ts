import { ZHealthAnswer, ZReadyAnswer } from "@pizarra/contracts";
import { publicRoute, type Route } from "../../http/route.ts";
import { health } from "./health.ts";
import { ready } from "./ready.ts";

/**
 * The health check (000 §7): whether the service and its database answer; and readiness: whether it can do its work
 * (its schema migrated, a worker alive).
 */
export const SERVICE_STATUS_ROUTES: Route[] = [
  publicRoute({ method: "GET", path: "health", auth: "public", answer: ZHealthAnswer, handler: health }),
  publicRoute({ method: "GET", path: "ready", auth: "public", answer: ZReadyAnswer, handler: ready }),
];
