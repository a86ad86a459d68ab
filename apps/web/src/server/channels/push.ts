import { createHash } from "node:crypto";
import { type Db, forTenant, getDb } from "@pizarra/db";
import type webpush from "web-push";
import { env } from "../env.ts";
import type { Channel, Outcome, Outgoing } from "./channel.ts";

/** How long a push service keeps a message for a device that is offline (RFC 8030 TTL): a day, then it is stale. */
const TTL_SECONDS = 24 * 3600;
/** A push service answers in well under a second; past this the device is counted as not reached (retried). */
const TIMEOUT_MS = 15_000;
/**
 * A push message is at most 4096 bytes once encrypted (RFC 8291 adds 103): the title and body are cut to what a
 * notification shows anyway, so that the payload fits whatever the script (3 bytes a character at most here).
 */
const MAX_TITLE = 150;
const MAX_BODY = 700;

const ADDRESS = /^user:(\d+)$/;

type Device = { id: number; endpoint: string; p256dh: string; auth: string };
/** One device's answer: accepted (with the push service's message URL), gone, or failed for now or for good. */
type Delivery = { kind: "accepted"; location: string | null } | { kind: "gone" } | { kind: "failed"; permanent: boolean; error: string };

const cut = (text: string, max: number) => {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : text;
};

/**
 * RFC 8030 Topic: a message of the same topic replaces one the push service still holds for an offline device, so a
 * row sent again (a worker that died after the push service took it) shows once. At most 32 base64url characters.
 */
const topicOf = (key: string) => createHash("sha256").update(key).digest("base64url").slice(0, 32);

/** Push service answers: 404/410 the subscription is gone; 429 and 5xx are for later; any other refusal is for good. */
function judge(status: number, text: string): Delivery {
  if (status === 404 || status === 410) return { kind: "gone" };
  const error = `HTTP ${status}${text ? `: ${text.slice(0, 200)}` : ""}`;
  return { kind: "failed", permanent: !(status === 429 || status >= 500), error };
}

/**
 * One device. web-push builds the request (aes128gcm encryption, the VAPID JWT, TTL, Topic) and fetch sends it:
 * web-push's own sendNotification always speaks TLS whatever the endpoint's scheme, and fetch gives a clean timeout.
 * Endpoints are https (push/subscribe accepts nothing else); redirects are not followed, a push service never sends one.
 */
async function deliver(device: Device, payload: string, key: string): Promise<Delivery> {
  const { VAPID_SUBJECT, VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY } = env();
  const { default: webPush } = await import("web-push");
  let request: webpush.RequestDetails;
  try {
    request = webPush.generateRequestDetails({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, payload, {
      vapidDetails: { subject: VAPID_SUBJECT, publicKey: VAPID_PUBLIC_KEY!, privateKey: VAPID_PRIVATE_KEY! },
      TTL: TTL_SECONDS,
      topic: topicOf(key),
    });
  } catch (error) {
    // A malformed VAPID key or subscription key: no retry mends it (and the subscription is kept, it may be the keys).
    return { kind: "failed", permanent: true, error: (error as Error).message.slice(0, 300) };
  }
  // fetch computes Content-Length from the body itself and wants text header values.
  const headers = Object.entries(request.headers)
    .filter(([name]) => name.toLowerCase() !== "content-length")
    .map(([name, value]) => [name, String(value)] as [string, string]);
  try {
    const response = await fetch(request.endpoint, {
      method: "POST",
      headers,
      body: request.body && new Uint8Array(request.body),
      redirect: "manual",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = (await response.text()).trim();
    if (response.status >= 200 && response.status < 300) return { kind: "accepted", location: response.headers.get("location") };
    return judge(response.status, text);
  } catch (error) {
    return { kind: "failed", permanent: false, error: (error as Error).message.slice(0, 300) };
  }
}

/**
 * Sends one ledger row (address `user:<id>`) to every device that person turned notifications on for in this school.
 * Delivered when at least one device took it: a device that failed for now is not retried, since the retry would
 * show it again on those that did. Devices the push service says are gone (404/410) are forgotten on the way.
 */
async function sendPush(db: Db, message: Outgoing): Promise<Outcome> {
  const userId = Number(ADDRESS.exec(message.address)?.[1] ?? Number.NaN);
  if (!Number.isSafeInteger(userId)) return { ok: false, permanent: true, error: "noDevice" };
  const school = forTenant(db, message.tenantId);
  const devices = await school.pushSubscription.findMany({
    where: { userId },
    select: { id: true, endpoint: true, p256dh: true, auth: true },
    orderBy: { id: "asc" },
  });
  if (devices.length === 0) return { ok: false, permanent: true, error: "noDevice" };

  const payload = JSON.stringify({
    title: cut(message.subject ?? "", MAX_TITLE),
    body: cut(message.text, MAX_BODY),
    tag: message.key,
    url: new URL("/app/home", env().PUBLIC_URL).href,
  });
  const results = await Promise.all(devices.map((device) => deliver(device, payload, message.key)));

  const accepted = devices.filter((_, i) => results[i]!.kind === "accepted").map((d) => d.id);
  const gone = devices.filter((_, i) => results[i]!.kind === "gone").map((d) => d.id);
  if (gone.length) await school.pushSubscription.deleteMany({ where: { id: { in: gone } } });
  if (accepted.length) await school.pushSubscription.updateMany({ where: { id: { in: accepted } }, data: { lastUsedAt: new Date() } });

  const first = results.find((r) => r.kind === "accepted");
  if (first?.kind === "accepted") return { ok: true, providerId: first.location ?? `push:${accepted.length}` };
  const failures = results.flatMap((r) => (r.kind === "failed" ? [r] : []));
  if (failures.length === 0) return { ok: false, permanent: true, error: "noDevice" };
  const transient = failures.find((f) => !f.permanent);
  return { ok: false, permanent: !transient, error: (transient ?? failures[0]!).error };
}

/**
 * Web Push with VAPID. Shaped like the other channels (a constant the registry lists); it reads devices through the
 * process's pooled client, the one every request uses, scoped to the row's school.
 */
export const push: Channel = {
  name: "push",
  configured: () => Boolean(env().VAPID_PUBLIC_KEY && env().VAPID_PRIVATE_KEY),
  send: (message) => sendPush(getDb(env().DATABASE_URL), message),
};
