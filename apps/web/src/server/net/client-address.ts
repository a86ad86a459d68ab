import { isIP } from "node:net";
import ipaddr, { type IPv4, type IPv6 } from "ipaddr.js";

/**
 * The header in which apps/web/server.mjs hands the app the address of the TCP peer, overwriting whatever a client
 * sent under that name. `next start` offers only X-Forwarded-For, which it fills from the socket only when the
 * client did not send one itself, so the real peer would be lost.
 */
export const PEER_HEADER = "x-pizarra-peer";

/** Set on globalThis by apps/web/server.mjs, which runs Next in its own process: PEER_HEADER can be believed. */
export const SERVER_MARK = Symbol.for("pizarra.server.mjs");

/** One entry of TRUSTED_PROXIES: an address or a CIDR range, as ipaddr.js matches it. */
export type AddressRange = [IPv4 | IPv6, number];

/** A syntactically valid address; IPv4-mapped IPv6 (::ffff:1.2.3.4) counts as the IPv4 address. */
function parse(text: string): IPv4 | IPv6 | null {
  // Zone ids (fe80::1%eth0) are local to one host and free text: never an address we store. Node's isIP is the
  // strict judge of syntax (ipaddr.js also reads "127.1" and octal parts as IPv4).
  if (text.length > 45 || text.includes("%") || isIP(text) === 0) return null;
  const address = ipaddr.parse(text);
  return address.kind() === "ipv6" && (address as IPv6).isIPv4MappedAddress() ? (address as IPv6).toIPv4Address() : address;
}

/** IPv4 dotted, IPv6 per RFC 5952. */
const format = (address: IPv4 | IPv6) => (address.kind() === "ipv4" ? address.toString() : (address as IPv6).toRFC5952String());

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
  if (parsed.kind() === "ipv4") return format(parsed);
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${format(parsed)}/64`).toRFC5952String()}/64`;
}

/** TRUSTED_PROXIES: comma-separated addresses and CIDR ranges; throws on an entry that is neither. */
export function parseTrustedProxies(list: string): AddressRange[] {
  return list
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry): AddressRange => {
      const [address = "", bits, extra] = entry.split("/");
      const parsed = extra === undefined ? parse(address) : null;
      const width = parsed?.kind() === "ipv4" ? 32 : 128;
      const given = bits !== undefined && /^\d{1,3}$/.test(bits) ? Number(bits) : Number.NaN;
      // A mapped IPv6 range (::ffff:10.0.0.0/104) is the IPv4 range it maps.
      const prefix = bits === undefined ? width : parsed?.kind() === "ipv4" && isIP(address) === 6 ? given - 96 : given;
      if (!parsed || !(prefix >= 0 && prefix <= width)) throw new Error(`not an address or CIDR range: ${entry}`);
      return [parsed, prefix];
    });
}

const inRanges = (address: IPv4 | IPv6, ranges: readonly AddressRange[]) =>
  ranges.some(([network, prefix]) => network.kind() === address.kind() && address.match(network, prefix));

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
