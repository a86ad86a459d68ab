/** The rich-text-images domain's one door: what the composition roots and other domains may import from it. */
export { richTextImageRoutes } from "./routes.ts";
