import { ZConceptMove, ZConceptMoveAnswer, ZConceptMoveParams, ZFinalHeaderAnswer, ZFinalQuery, ZHeaderAnswer, ZHeaderQuery } from "@pizarra/contracts";
import { authedRoute, type Route } from "../../http/route.ts";
import { CONCEPT_LABELS, getHeader, getHeaderFinal } from "./concept-headers.ts";
import { MOVE_LABELS, moveConcept } from "./concept-moves.ts";

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
    params: ZConceptMoveParams,
    body: ZConceptMove,
    labelKey: MOVE_LABELS,
    answer: ZConceptMoveAnswer,
    handler: moveConcept,
  }),
  authedRoute({
    method: "GET",
    path: "admEvalConcept/getHeader",
    auth: "user",
    module: "admGrades",
    query: ZHeaderQuery,
    labelKey: CONCEPT_LABELS,
    answer: ZHeaderAnswer,
    handler: getHeader,
  }),
  authedRoute({
    method: "GET",
    path: "admEvalConcept/getHeaderFinal",
    auth: "user",
    module: "admGrades",
    query: ZFinalQuery,
    labelKey: CONCEPT_LABELS,
    answer: ZFinalHeaderAnswer,
    handler: (ctx) => getHeaderFinal(ctx, false),
  }),
  authedRoute({
    method: "GET",
    path: "admEvalConcept/getHeaderFinal/behavior",
    auth: "user",
    module: "admGradesBehavior",
    query: ZFinalQuery,
    labelKey: CONCEPT_LABELS,
    answer: ZFinalHeaderAnswer,
    handler: (ctx) => getHeaderFinal(ctx, true),
  }),
];
