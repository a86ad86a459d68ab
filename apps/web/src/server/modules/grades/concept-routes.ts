import { z } from "zod";
import { authedRoute, type Route } from "../../http/route.ts";
import { getHeader, getHeaderFinal } from "./concept-headers.ts";
import { moveConcept, ZMoveParams } from "./concept-moves.ts";

/**
 * The concept calls beyond the generic five: moves (our path, 001 §4) and the grade sheet's headers (000 §7), which
 * whoever may read the grade sheet (or, for behaviour, the behaviour sheet) reads; the queries are checked inside,
 * with the concepts' own field labels in the messages.
 */
export const CONCEPT_ROUTES: Route[] = [
  authedRoute({ method: "POST", path: "admEvalConcept/move/{id}", auth: "user", module: "admEvalConcept", params: ZMoveParams, body: z.record(z.string(), z.unknown()), handler: moveConcept }),
  authedRoute({ method: "GET", path: "admEvalConcept/getHeader", auth: "user", module: "admGrades", handler: getHeader }),
  authedRoute({ method: "GET", path: "admEvalConcept/getHeaderFinal", auth: "user", module: "admGrades", handler: (ctx) => getHeaderFinal(ctx, false) }),
  authedRoute({ method: "GET", path: "admEvalConcept/getHeaderFinal/behavior", auth: "user", module: "admGradesBehavior", handler: (ctx) => getHeaderFinal(ctx, true) }),
];
