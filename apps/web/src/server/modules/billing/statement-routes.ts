import {
  payerLabelKey,
  statementLinkLabelKey,
  ZPayerSplitBody,
  ZPayersAnswer,
  ZRequest2PayAnswer,
  ZStatementAnswer,
  ZStatementLinkAnswer,
  ZStatementParams,
  ZStatementPayParams,
  ZStatementTokenParams,
} from "@pizarra/contracts";
import { authedRoute, publicRoute, type Route } from "../../http/route.ts";
import { listPayers, savePayers } from "./payer-split.ts";
import { linkStatementPdf, payFromStatement, showStatement, staffStatementPdf, statementLink } from "./statement-link.ts";

const MODULE = "admBilling";

/**
 * Who pays a student's fees and the family's statement of account (001 §3 "Order"; 002 §2's family balance). The
 * spec names no path for them: ours are admBilling/payers/{studentId}, admBilling/statement/{guardianId} (the PDF)
 * and …/link, beside the spec's admBilling/receipt/{orderId}/{bool}; the family's page is statement/{token}, like
 * the absence link's justify/{token}.
 */
export const STATEMENT_ROUTES: Route[] = [
  authedRoute({
    method: "GET",
    path: "admBilling/payers/{id}",
    auth: "user",
    module: MODULE,
    params: ZStatementParams,
    answer: ZPayersAnswer,
    handler: listPayers,
  }),
  authedRoute({
    method: "POST",
    path: "admBilling/payers/{id}",
    auth: "user",
    module: MODULE,
    params: ZStatementParams,
    body: ZPayerSplitBody,
    labelKey: payerLabelKey,
    answer: ZPayersAnswer,
    handler: savePayers,
  }),
  authedRoute({
    method: "GET",
    path: "admBilling/statement/{id}",
    auth: "user",
    module: MODULE,
    params: ZStatementParams,
    answer: "response",
    handler: staffStatementPdf,
  }),
  authedRoute({
    method: "POST",
    path: "admBilling/statement/{id}/link",
    auth: "user",
    module: MODULE,
    params: ZStatementParams,
    answer: ZStatementLinkAnswer,
    handler: statementLink,
  }),
  publicRoute({
    method: "GET",
    path: "statement/{token}",
    auth: "public",
    params: ZStatementTokenParams,
    labelKey: statementLinkLabelKey,
    answer: ZStatementAnswer,
    handler: showStatement,
  }),
  publicRoute({
    method: "GET",
    path: "statement/{token}/pdf",
    auth: "public",
    params: ZStatementTokenParams,
    labelKey: statementLinkLabelKey,
    answer: "response",
    handler: linkStatementPdf,
  }),
  publicRoute({
    method: "POST",
    path: "statement/{token}/pay/{orderId}",
    auth: "public",
    params: ZStatementPayParams,
    labelKey: statementLinkLabelKey,
    answer: ZRequest2PayAnswer,
    handler: payFromStatement,
  }),
];
