/**
 * The conversations domain's one door: the inbox's routes and jobs, and for the WhatsApp webhook the sender's person
 * and the queuing of a family's message into the inbox.
 */
export { CONVERSATION_ROUTES } from "./routes.ts";
export { CONVERSATION_JOBS } from "./jobs.ts";
export { personOfNumber } from "./contact.ts";
export { fileSoon, type Handed, handAtOnce, queueInbound, sharedBacklog, takesAtOnce } from "./inbound.ts";
export { answerAtOnce } from "./jobs.ts";
