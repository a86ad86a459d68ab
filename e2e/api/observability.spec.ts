import { expect, test } from "../fixtures";

const METRICS_URL = process.env.METRICS_URL ?? "";
test.skip(!METRICS_URL, "needs METRICS_URL, the metrics port of the server under test");

/** The value of `http_requests_total`'s series for GET ready with this status, as the metrics port shows it now. */
async function readyCount(status: number): Promise<number> {
  const text = await (await fetch(METRICS_URL)).text();
  const line = text.split("\n").find((l) => l.startsWith(`http_requests_total{method="GET",route="ready",status="${status}"}`));
  return line ? Number(line.split(" ").at(-1)) : 0;
}

test("a request to the built app is counted on its metrics port, under its route's pattern, and answers its request id", async ({ request }) => {
  // The specs' worker beats once it has started: the app is ready then.
  await expect.poll(async () => (await request.get("/api/ready")).status(), { timeout: 30_000 }).toBe(200);
  const res = await request.get("/api/ready", { headers: { "x-request-id": "e2e-metrics-1" } });
  expect(res.headers()["x-request-id"]).toBe("e2e-metrics-1");
  const before = await readyCount(200);
  expect(before).toBeGreaterThan(0);
  await request.get("/api/ready");
  expect(await readyCount(200)).toBe(before + 1);
  const text = await (await fetch(METRICS_URL)).text();
  expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="[\d.]+",method="GET",route="ready",status="200"\} \d+$/m);
  expect(text).toMatch(/^process_cpu_seconds_total /m);
});
