import { ZModuleEdit, ZModuleList } from "@pizarra/contracts";
import { z } from "zod";
import { authedRoute, type Route } from "../../http/route.ts";
import { editModule, getModule, listModules } from "./modules.ts";

const ZModuleId = z.object({ id: z.string().regex(/^[A-Za-z][A-Za-z0-9]{1,60}$/) });

/** The modules of a school and their settings (000 §2.7). */
export const MODULE_ROUTES: Route[] = [
  authedRoute({ method: "GET", path: "admModule/get", auth: "user", module: "admModule", query: ZModuleList, handler: listModules }),
  authedRoute({ method: "GET", path: "admModule/get/{id}", auth: "user", module: "admModule", params: ZModuleId, handler: getModule }),
  authedRoute({ method: "POST", path: "admModule/edit/{id}", auth: "user", module: "admModule", params: ZModuleId, body: ZModuleEdit, handler: editModule }),
];
