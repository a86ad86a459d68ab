/** The AI writing assistant's one door (000 §7 "AI assist"): its routes for the composition root. */
export { AI_ASSIST_ROUTES } from "./routes.ts";
