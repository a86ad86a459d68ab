import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
/** What the loopback sandboxes of the payment providers share (payment-sink.ts, mercadopago-sink.ts). */

/** Text safe inside the sandboxes' HTML pages. */
/** Starts a sandbox's server on loopback (port 0: a free one) and answers its port and base URL. */
export async function listenOnLoopback(server: Server, port = 0): Promise<{ port: number; base: string }> {
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const bound = (server.address() as AddressInfo).port;
  return { port: bound, base: `http://127.0.0.1:${bound}` };
}

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Posts one webhook call as a provider does: the answer's status (0: no one answered), tried again a second apart,
 * up to `retries` times, while no one answers or the app fails (5xx), as providers retry: what the checkout pages'
 * buttons use, so that a worker still starting does not lose the demo's payment.
 */
export async function postWebhook(url: string | URL, headers: Record<string, string>, body: string, retries = 0): Promise<number> {
  let status = 0;
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 1000));
    status = await fetch(url, { method: "POST", headers, body })
      .then(async (res) => {
        await res.arrayBuffer();
        return res.status;
      })
      .catch(() => 0);
    if (status !== 0 && status < 500) break;
  }
  return status;
}
