import { describe, expect, it } from "vitest";
import { apiHarness } from "../../../test-support/harness.ts";
import { startHeartbeat } from "./heartbeat.ts";

const api = apiHarness();

describe("GET ready", () => {
  it("answers 503 naming the worker while none has written its heartbeat, with what each check found", async () => {
    const res = await api.call("GET", "ready", { locale: "en" });
    expect(res.http).toBe(503);
    expect(res.body.msg).toBe("The service is not ready: worker.");
    expect(res.body.data).toEqual({ database: "up", migrations: "applied", pending: 0, worker: "none", workerSeconds: null });
  });

  it("answers 200 while a worker beats, and 503 once it stopped or its last beat is old", async () => {
    const heartbeat = await startHeartbeat(api.db());
    const live = await api.call("GET", "ready");
    expect(live.http).toBe(200);
    expect(live.body.data).toEqual({ database: "up", migrations: "applied", pending: 0, worker: "fresh", workerSeconds: 0 });

    await api.db().workerHeartbeat.updateMany({ data: { beatAt: new Date(Date.now() - 10 * 60_000) } });
    const stale = await api.call("GET", "ready", { locale: "es" });
    expect(stale.http).toBe(503);
    expect(stale.body.msg).toBe("El servicio no está listo: worker.");
    expect(stale.body.data).toMatchObject({ worker: "stale", workerSeconds: expect.any(Number) });

    await heartbeat.stop();
    expect(await api.db().workerHeartbeat.count()).toBe(0);
    expect((await api.call("GET", "ready")).body.data).toMatchObject({ worker: "none" });
  });

  it("answers 503 naming the migrations when one the app ships is not applied", async () => {
    const heartbeat = await startHeartbeat(api.db());
    try {
      await api.db().$executeRaw`DELETE FROM _prisma_migrations WHERE migration_name = (SELECT max(migration_name) FROM _prisma_migrations)`;
      const res = await api.call("GET", "ready", { locale: "en" });
      expect(res.http).toBe(503);
      expect(res.body.msg).toBe("The service is not ready: migrations.");
      expect(res.body.data).toMatchObject({ database: "up", migrations: "pending", pending: 1, worker: "fresh" });
    } finally {
      await heartbeat.stop();
    }
  });
});
