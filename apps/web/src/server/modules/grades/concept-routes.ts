import { authedRoute, type Route } from "../../http/route.ts";
import { CONCEPT_LABELS, getHeader, getHeaderFinal, ZFinalQuery, ZHeaderQuery } from "./concept-headers.ts";
import { MOVE_LABELS, moveConcept, ZMove, ZMoveParams } from "./concept-moves.ts";

/**
 * The concept calls beyond the generic five: moves (our path, 001 §4) and the grade sheet's headers (000 §7), which
 * whoever may read the grade sheet (or, for behaviour, the behaviour sheet) reads; their input is named with the
 * concepts' own field labels.
 */
export const CONCEPT_ROUTES: Route[] = [
  authedRoute({
    method: "POST",
    path: "admEvalConcept/move/{id}",
    auth: "user",
    module: "admEvalConcept",
    params: ZMoveParams,
    body: ZMove,
    labelKey: MOVE_LABELS,
    handler: moveConcept,
  }),
  authedRoute({
    method: "GET",
    path: "admEvalConcept/getHeader",
    auth: "user",
    module: "admGrades",
    query: ZHeaderQuery,
    labelKey: CONCEPT_LABELS,
    handler: getHeader,
  }),
  authedRoute({
    method: "GET",
    path: "admEvalConcept/getHeaderFinal",
    auth: "user",
    module: "admGrades",
    query: ZFinalQuery,
    labelKey: CONCEPT_LABELS,
    handler: (ctx) => getHeaderFinal(ctx, false),
  }),
  authedRoute({
    method: "GET",
    path: "admEvalConcept/getHeaderFinal/behavior",
    auth: "user",
    module: "admGradesBehavior",
    query: ZFinalQuery,
    labelKey: CONCEPT_LABELS,
    handler: (ctx) => getHeaderFinal(ctx, true),
  }),
];
