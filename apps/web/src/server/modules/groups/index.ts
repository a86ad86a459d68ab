/** The groups domain's one door: what the composition roots and other domains may import from it. */
export { groupRoutes } from "./routes.ts";
export { GROUPS_RESOURCES } from "./resources.ts";
export { moveToGroup, setModuleGroups } from "./group-changes.ts";
