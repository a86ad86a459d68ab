import { randomBytes } from "node:crypto";
import os from "node:os";
import type { Db } from "@pizarra/db";
import { env } from "../../env.ts";
import { log } from "../../log.ts";

/** A row older than this is a worker that died without removing it: removed by the next beat of any worker. */
const FORGOTTEN_AFTER_MS = 24 * 3600 * 1000;

/**
 * Writes this worker's heartbeat now and every WORKER_HEARTBEAT_SECONDS (GET ready reads it); `stop` ends the beat and
 * removes the row, so that a worker stopped on purpose is not counted as alive until its row goes stale.
 */
export async function startHeartbeat(system: Db): Promise<{ stop: () => Promise<void> }> {
  const id = `${os.hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  const beat = async () => {
    const now = new Date();
    await system.workerHeartbeat.upsert({ where: { id }, create: { id, beatAt: now }, update: { beatAt: now } });
    await system.workerHeartbeat.deleteMany({ where: { beatAt: { lt: new Date(now.getTime() - FORGOTTEN_AFTER_MS) } } });
  };
  await beat();
  // A beat that fails (the database restarting) is logged and the next one tries again: ready says when they stop.
  const timer = setInterval(
    () => beat().catch((error: unknown) => log().warn({ err: error }, "worker heartbeat not written")),
    env().WORKER_HEARTBEAT_SECONDS * 1000,
  );
  return {
    stop: async () => {
      clearInterval(timer);
      // A row that cannot be removed (the database going away first) goes stale by itself: not a failed stop.
      await system.workerHeartbeat.deleteMany({ where: { id } }).catch((error: unknown) => log().warn({ err: error }, "worker heartbeat not removed"));
    },
  };
}
