import { aiAssistAnswer, aiAssistRequest, RESOURCES, type ResourceDef } from "@pizarra/contracts";
import { authedRoute, type Route } from "../../http/route.ts";
import { type AssistBody, assist, assistLabel } from "./assist.ts";

/** A form's values are small but for its rich text; what the model reads is capped again (AI_TEXT_MAX) per text. */
const MAX_BYTES = 256 * 1024;

/** The assistant's route of a definition that has one (ResourceDef.aiAssist), under its module's write right. */
function assistRoute(def: ResourceDef): Route {
  return authedRoute({
    method: "POST",
    path: def.aiAssist!.path,
    auth: "user",
    module: def.module,
    body: aiAssistRequest(def),
    maxBytes: MAX_BYTES,
    labelKey: assistLabel(def),
    answer: aiAssistAnswer(def),
    // The schema is built from the definition, so its output is typed loosely: read as what it is.
    handler: (ctx) => assist(def, ctx, ctx.body as AssistBody),
  });
}

/** 001 §7 and 002 §7: `POST admPublication/AiAssist`, the editor's writing assistant of publications. */
export const AI_ASSIST_ROUTES: Route[] = [assistRoute(RESOURCES.admPublication)];
