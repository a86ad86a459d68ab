/**
 * Next calls register() once when the server boots, before it serves a request. Pizarra validates its environment
 * there, so that a production server with a bad configuration exits instead of answering, and starts its metrics port (see
 * instrumentation-node.ts).
 */
export async function register(): Promise<void> {
  // Next writes NEXT_RUNTIME into each build of this file, so the Edge build drops the Node-only import.
  // biome-ignore lint/style/noProcessEnv: a build-time constant Next inlines, not configuration
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { checkAtBoot } = await import("./instrumentation-node.ts");
    await checkAtBoot();
  }
}
