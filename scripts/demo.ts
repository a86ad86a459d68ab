// `pnpm demo`: database (embedded unless DATABASE_URL is set) → migrations → demo school when empty → build when
// needed → the local mail and WhatsApp stand-ins → serve on http://127.0.0.1:3000, with the worker that sends.
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "@pizarra/db/seed";
import path from "node:path";
import { demoDatabase, ROOT } from "./lib/database.ts";
import { startOutside, startWorker } from "./lib/outside.ts";
import { demoGuardians } from "./lib/demo-guardians.ts";
import { mustRun } from "./lib/run.ts";
import { buildIfNeeded, demoAuthSecret, startWeb } from "./lib/web.ts";

const port = Number(process.env.PORT ?? 3000);
const db = await demoDatabase();
let shuttingDown = false;
let web: Awaited<ReturnType<typeof startWeb>> | undefined;
let worker: ReturnType<typeof startWorker> | undefined;
let outside: Awaited<ReturnType<typeof startOutside>> | undefined;
const exited = (child: { exitCode: number | null; once: (event: "exit", listener: () => void) => void } | undefined) =>
  new Promise<void>((resolve) => (child && child.exitCode === null ? child.once("exit", resolve) : resolve()));
const shutdown = async (code: number) => {
  if (shuttingDown) return;
  shuttingDown = true;
  web?.kill("SIGTERM");
  worker?.kill("SIGTERM");
  await Promise.all([exited(web), exited(worker)]);
  await outside?.close().catch(() => {});
  await db.stop().catch(() => {});
  process.exit(code);
};
process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));

try {
  await mustRun("prisma", ["migrate", "deploy"], { DATABASE_URL: db.url });
  await mustRun("tsx", ["prisma/seed/index.ts"], { DATABASE_URL: db.url });
  await buildIfNeeded();
  outside = await startOutside(port, { dir: path.join(ROOT, ".data"), fixedPorts: true, contacts: () => demoGuardians(db.url) });
  // The app's JSON logs only for what goes wrong, unless LOG_LEVEL asks for more: the demo's terminal is for people.
  // Its metrics are served as a deployment serves them, on loopback.
  const metrics = { web: process.env.METRICS_PORT ?? "9464", worker: process.env.WORKER_METRICS_PORT ?? "9465" };
  const env = {
    DATABASE_URL: db.url,
    AUTH_SECRET: demoAuthSecret(),
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
    METRICS_PORT: metrics.web,
    WORKER_METRICS_PORT: metrics.worker,
    ...outside.env,
  };
  web = await startWeb(port, env);
  web.on("exit", (code) => void shutdown(code ?? 1));
  worker = startWorker(env);
  worker.on("exit", (code) => void shutdown(code ?? 1));
  console.log(`\nPizarra is running at http://127.0.0.1:${port}  (Ctrl+C stops it, its worker and its database)`);
  console.log(`Its worker sends what the app queues, and answers Meta's webhook on http://127.0.0.1:${outside.env.WORKER_CALLBACK_PORT}.`);
  console.log(`Readiness: http://127.0.0.1:${port}/api/ready; metrics: http://127.0.0.1:${metrics.web}/metrics (web), :${metrics.worker}/metrics (worker).`);
  console.log(`Mail it sends lands in .data/mail (SMTP on ${outside.env.SMTP_URL}); WhatsApp in .data/whatsapp/whatsapp.jsonl.`);
  console.log(
    `Online payments go through a Stripe sandbox on http://127.0.0.1:${outside.payments.port} (admOrder's request2pay link opens its checkout page).`,
  );
  console.log(`Write to the school as a parent (the assistant answers, or hands over to staff): http://127.0.0.1:${outside.whatsapp.port}/parent\n`);
  console.log(`Demo accounts, password "${DEMO_PASSWORD}":`);
  for (const a of DEMO_ACCOUNTS) console.log(`  ${a.email.padEnd(26)} ${a.role}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await shutdown(1);
}
