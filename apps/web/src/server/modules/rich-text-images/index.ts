/** The rich-text-images domain's one door: what the composition roots and other domains may import from it. */
export { RICH_TEXT_IMAGE_ROUTES } from "./routes.ts";
