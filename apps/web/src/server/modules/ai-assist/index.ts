/** The AI writing assistant's one door (000 §7 "AI assist"): its routes for the composition root, and the provider's
 * failures as refusals, for the other calls that write with it (a staff reply translated). */
export { AI_ASSIST_ROUTES } from "./routes.ts";
export { withProvider } from "./assist.ts";
