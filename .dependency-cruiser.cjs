// How the server's files may import each other (ARCHITECTURE.md, "Layout"), checked by `pnpm lint`: imports run down
// the layers, a domain reaches another only through that domain's index.ts, and nothing imports itself in a circle.
// Test files stand outside these rules (a test may open any file it checks); the helpers of tests live outside the
// server, in apps/web/src/test-support, and scripts/lint.ts keeps them there.

/** The server's files, as a pattern on their paths from the repository root. */
const SERVER = "^apps/web/src/server/";
const TESTS = "\\.test\\.ts$";

/**
 * The server's layers, lowest first: a folder (or root file) imports only from its own rank or below. The composition
 * roots sit on top: plain lists of what the domains export. A new top folder or root file is given a rank here.
 */
const LAYERS = [
  ["env.ts", "log.mjs", "log.ts", "metrics.ts", "i18n.ts", "processor.ts", "net/"],
  ["auth/", "storage/", "channels/"],
  ["http/"],
  ["resource/", "delivery/"],
  ["modules/"],
  ["routes.ts", "resources.ts", "provider-routes.ts", "worker.ts", "callback-thread.ts", "jobs.ts"],
];

const literal = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A pattern for the files of some units: a folder's files, or a root file itself. */
const unitsPattern = (units) => `${SERVER}(${units.map((unit) => (unit.endsWith("/") ? literal(unit) : `${literal(unit)}$`)).join("|")})`;

const layerRules = LAYERS.slice(0, -1).map((units, rank) => ({
  name: `layer-${rank}-imports-upward`,
  comment: `${units.join(" ")} import only from their own rank or below (${LAYERS.slice(rank + 1)
    .flat()
    .join(" ")} are above): move the code down, or receive it from a composition root`,
  severity: "error",
  from: { path: unitsPattern(units), pathNot: TESTS },
  to: { path: unitsPattern(LAYERS.slice(rank + 1).flat()) },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: "server-file-without-layer",
      comment: "every server file belongs to a layer: give its folder or root file a rank in LAYERS (.dependency-cruiser.cjs)",
      severity: "error",
      from: { path: SERVER, pathNot: [unitsPattern(LAYERS.flat()), TESTS] },
      to: {},
    },
    {
      name: "domain-through-its-door",
      comment:
        "a domain imports another only through that domain's index.ts (its door): export the service from there, or have the other domain register a hook",
      severity: "error",
      from: { path: `${SERVER}modules/([^/]+)/`, pathNot: TESTS },
      to: {
        path: `${SERVER}modules/[^/]+/`,
        pathNot: [`${SERVER}modules/$1/`, `${SERVER}modules/[^/]+/index\\.ts$`],
      },
    },
    {
      name: "no-circular",
      comment: "an import cycle: a domain that must hear of another's event registers a hook rather than importing it back",
      severity: "error",
      from: {},
      // A type-only import is gone at run time, so it closes no cycle (the storage interface and its S3 implementation).
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
  ],
  options: {
    // The server only: the packages are checked by their own rules and would only make the run longer.
    includeOnly: SERVER,
    exclude: { path: "(^|/)(node_modules|generated)/" },
    // A type-only import ties the layers as much as a value import does.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".mjs", ".js"] },
  },
};
