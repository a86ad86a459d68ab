/** The invitations domain's one door: what the composition roots and other domains may import from it. */
export { INVITATION_ROUTES } from "./routes.ts";
export { INVITATION_SOURCE } from "./invite.ts";
