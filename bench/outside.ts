// The outside world of the bench in a process of its own: the SMTP catcher and the WhatsApp stand-in stand for
// servers that are not on the school's machine, so they must not share an event loop with the load that times the
// teachers' calls (a callback being signed there would be counted as a teacher's wait), and they take only the
// processor nothing on the school's side wants (lowest priority, in a session of their own: run.ts spawns them
// detached). Run as a child of run.ts: it prints the variables the app needs as one line of JSON and serves until it
// is stopped.
import { yieldProcessor } from "../apps/web/src/server/processor.ts";
import { startOutside } from "../scripts/lib/outside.ts";

yieldProcessor(19);

const outside = await startOutside(Number(process.argv[2]));
process.stdout.write(`${JSON.stringify(outside.env)}\n`);
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => void outside.close().then(() => process.exit(0)));
}
