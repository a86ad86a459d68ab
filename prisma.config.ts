import path from "node:path";
import { defineConfig } from "prisma/config";

// Prisma's CLI downloads a native schema engine from its own host, which offline machines cannot reach.
// The stand-in speaks the same protocol and runs Prisma's official WASM engine; a machine that has the
// real binary can still point PRISMA_SCHEMA_ENGINE_BINARY at it.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.join(import.meta.dirname, "prisma/engine/schema-engine.mjs");

export default defineConfig({
  schema: "prisma/schema",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost/pizarra" },
});
