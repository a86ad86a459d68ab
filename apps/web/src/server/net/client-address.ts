import { isIP } from "node:net";

/**
 * The header in which apps/web/server.mjs hands the app the address of the TCP peer, overwriting whatever a client
 * sent under that name. `next start` offers only X-Forwarded-For, which it fills from the socket only when the
 * client did not send one itself, so the real peer would be lost.
 */
export const PEER_HEADER = "x-pizarra-peer";

/** Set on globalThis by apps/web/server.mjs, which runs Next in its own process: PEER_HEADER can be believed. */
export const SERVER_MARK = Symbol.for("pizarra.server.mjs");

/** One entry of TRUSTED_PROXIES: an address or a CIDR range, as a number and a prefix length. */
export interface AddressRange {
  family: 4 | 6;
  network: bigint;
  prefix: number;
}

interface Parsed {
  family: 4 | 6;
  value: bigint;
}

function parseV4(text: string): bigint {
  return text.split(".").reduce((acc, part) => (acc << 8n) | BigInt(Number(part)), 0n);
}

function parseV6(text: string): bigint {
  let body = text;
  // isIP has vouched for the syntax; an IPv4 tail (::ffff:1.2.3.4) stands for the last two groups.
  if (body.includes(".")) {
    const lastColon = body.lastIndexOf(":");
    const v4 = parseV4(body.slice(lastColon + 1));
    body = `${body.slice(0, lastColon + 1)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head = "", tail] = body.split("::");
  const groups = (s: string) => (s === "" ? [] : s.split(":").map((g) => BigInt(Number.parseInt(g, 16))));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const zeros = Array<bigint>(8 - left.length - right.length).fill(0n);
  return [...left, ...zeros, ...right].reduce((acc, g) => (acc << 16n) | g, 0n);
}

/** A syntactically valid address as a number; IPv4-mapped IPv6 (::ffff:1.2.3.4) counts as the IPv4 address. */
function parse(text: string): Parsed | null {
  // Zone ids (fe80::1%eth0) are local to one host and free text: never an address we store.
  if (text.length > 45 || text.includes("%")) return null;
  const family = isIP(text);
  if (family === 4) return { family: 4, value: parseV4(text) };
  if (family !== 6) return null;
  const value = parseV6(text.toLowerCase());
  return value >> 32n === 0xffffn ? { family: 4, value: value & 0xffffffffn } : { family: 6, value };
}

function format({ family, value }: Parsed): string {
  if (family === 4) return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 0xffn)).join(".");
  const groups = Array.from({ length: 8 }, (_, i) => Number((value >> BigInt(112 - 16 * i)) & 0xffffn));
  // RFC 5952: the longest run of two or more zero groups (the first of equals) becomes "::".
  let best = { start: -1, length: 1 };
  for (let i = 0; i < 8; ) {
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > best.length) best = { start: i, length: j - i };
    i = j === i ? i + 1 : j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best.start < 0) return hex.join(":");
  return `${hex.slice(0, best.start).join(":")}::${hex.slice(best.start + best.length).join(":")}`;
}

/** The canonical spelling of a valid IP address (IPv4-mapped IPv6 as plain IPv4, IPv6 per RFC 5952), else null. */
export function normalizeAddress(text: string | null | undefined): string | null {
  const parsed = text ? parse(text.trim()) : null;
  return parsed ? format(parsed) : null;
}

/**
 * The block of addresses one subscriber holds, for counting sign-in failures: an IPv4 address itself, the /64 of an
 * IPv6 one, since a single home or server is routinely handed a whole /64 and could take a fresh address per attempt.
 */
export function addressBlock(address: string): string | null {
  const parsed = parse(address);
  if (!parsed) return null;
  if (parsed.family === 4) return format(parsed);
  return `${format({ family: 6, value: (parsed.value >> 64n) << 64n })}/64`;
}

/** TRUSTED_PROXIES: comma-separated addresses and CIDR ranges; throws on an entry that is neither. */
export function parseTrustedProxies(list: string): AddressRange[] {
  return list
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [address = "", bits, extra] = entry.split("/");
      const parsed = extra === undefined ? parse(address) : null;
      const width = parsed?.family === 4 ? 32 : 128;
      const given = bits !== undefined && /^\d{1,3}$/.test(bits) ? Number(bits) : Number.NaN;
      // A mapped IPv6 range (::ffff:10.0.0.0/104) is the IPv4 range it maps.
      const prefix = bits === undefined ? width : parsed?.family === 4 && isIP(address) === 6 ? given - 96 : given;
      if (!parsed || !(prefix >= 0 && prefix <= width)) throw new Error(`not an address or CIDR range: ${entry}`);
      const host = BigInt(width - prefix);
      return { family: parsed.family, network: (parsed.value >> host) << host, prefix };
    });
}

function inRanges(address: Parsed, ranges: readonly AddressRange[]): boolean {
  return ranges.some((range) => {
    if (range.family !== address.family) return false;
    const host = BigInt((range.family === 4 ? 32 : 128) - range.prefix);
    return (address.value >> host) << host === range.network;
  });
}

/**
 * The caller's address: the TCP peer (PEER_HEADER), unless the peer is a trusted proxy; then X-Forwarded-For is
 * walked from the right, each hop having been written by the trusted proxy after it, and the first untrusted hop is
 * the client. Hops left of it were written by the client and are never read. X-Real-IP is never read: it is one
 * more header a client can write.
 *
 * When the walk meets a hop that is not an address, or runs out of hops, the answer is the last trusted hop reached
 * (the proxy that handed us the unusable value): a real address on the path, so a caller behind a misconfigured
 * proxy cannot shed the per-address sign-in throttle by sending garbage, and the audit log names the proxy to fix.
 * Null only when there is no valid peer (a call that did not come through apps/web/server.mjs).
 */
export function clientAddress(headers: Headers, trusted: readonly AddressRange[]): string | null {
  const peer = parse(headers.get(PEER_HEADER)?.trim() ?? "");
  if (!peer) return null;
  let client = peer;
  if (trusted.length > 0 && inRanges(peer, trusted)) {
    const hops = (headers.get("x-forwarded-for") ?? "").split(",");
    for (let i = hops.length - 1; i >= 0 && inRanges(client, trusted); i--) {
      const hop = parse(hops[i]!.trim());
      if (!hop) break;
      client = hop;
    }
  }
  return format(client);
}
