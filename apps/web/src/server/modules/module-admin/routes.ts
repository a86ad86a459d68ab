import { ZModuleEdit, ZModuleEditAnswer, ZModuleId, ZModuleList, ZModuleListAnswer, ZModuleRow } from "@pizarra/contracts";
import { authedRoute, type Route } from "../../http/route.ts";
import { editModule, getModule, listModules } from "./modules.ts";

/** The modules of a school and their settings (000 §2.7). */
export const MODULE_ROUTES: Route[] = [
  authedRoute({ method: "GET", path: "admModule/get", auth: "user", module: "admModule", query: ZModuleList, answer: ZModuleListAnswer, handler: listModules }),
  authedRoute({ method: "GET", path: "admModule/get/{id}", auth: "user", module: "admModule", params: ZModuleId, answer: ZModuleRow, handler: getModule }),
  authedRoute({
    method: "POST",
    path: "admModule/edit/{id}",
    auth: "user",
    module: "admModule",
    params: ZModuleId,
    body: ZModuleEdit,
    answer: ZModuleEditAnswer,
    handler: editModule,
  }),
];
