import { describe, expect, it } from "vitest";
import { addressBlock, clientAddress, normalizeAddress, parseTrustedProxies, PEER_HEADER } from "./client-address.ts";

const request = (peer: string | null, forwarded?: string, extra: Record<string, string> = {}) => {
  const headers = new Headers(extra);
  if (peer !== null) headers.set(PEER_HEADER, peer);
  if (forwarded !== undefined) headers.set("x-forwarded-for", forwarded);
  return headers;
};

describe("clientAddress", () => {
  it("ignores X-Forwarded-For and X-Real-IP from a peer that is not a trusted proxy", () => {
    const spoofed = request("198.51.100.9", "203.0.113.50", { "x-real-ip": "203.0.113.51" });
    expect(clientAddress(spoofed, [])).toBe("198.51.100.9");
    expect(clientAddress(spoofed, parseTrustedProxies("10.0.0.1"))).toBe("198.51.100.9");
  });

  it("walks a trusted proxy chain from the right; the first untrusted hop is the client", () => {
    const trusted = parseTrustedProxies("10.0.0.1, 10.0.0.2");
    // The client wrote "1.1.1.1" itself; 10.0.0.2 appended what it saw, then 10.0.0.1 did.
    const headers = request("10.0.0.1", "1.1.1.1, 203.0.113.8, 10.0.0.2");
    expect(clientAddress(headers, trusted)).toBe("203.0.113.8");
    expect(clientAddress(request("10.0.0.1", "1.1.1.1, 203.0.113.8"), parseTrustedProxies("10.0.0.1"))).toBe("203.0.113.8");
  });

  it("trusts CIDR ranges of both families", () => {
    const trusted = parseTrustedProxies("10.0.0.0/8,2001:db8:aa::/48");
    expect(clientAddress(request("10.200.3.4", "192.0.2.1, 10.9.9.9"), trusted)).toBe("192.0.2.1");
    expect(clientAddress(request("2001:db8:aa:1::5", "2001:db8:bb::7, 2001:db8:aa:ffff::1"), trusted)).toBe("2001:db8:bb::7");
    expect(clientAddress(request("11.0.0.1", "192.0.2.1"), trusted)).toBe("11.0.0.1");
    expect(clientAddress(request("2001:db8:ab::1", "192.0.2.1"), trusted)).toBe("2001:db8:ab::1");
  });

  it("writes IPv6 canonically and IPv4-mapped IPv6 as IPv4, for peers, hops and ranges", () => {
    expect(clientAddress(request("::ffff:127.0.0.1"), [])).toBe("127.0.0.1");
    expect(clientAddress(request("2001:0DB8:0000:0000:0000:0000:0000:0001"), [])).toBe("2001:db8::1");
    expect(clientAddress(request("::1"), [])).toBe("::1");
    const mapped = parseTrustedProxies("::ffff:10.0.0.0/104");
    expect(clientAddress(request("::ffff:10.1.2.3", "::ffff:c000:0201"), mapped)).toBe("192.0.2.1");
    expect(clientAddress(request("10.0.0.1", "192.0.2.2"), parseTrustedProxies("::ffff:10.0.0.1"))).toBe("192.0.2.2");
  });

  it("never answers anything but a valid address", () => {
    const script = "<script>alert(1)</script>";
    expect(clientAddress(request(script), [])).toBeNull();
    expect(clientAddress(request(null, "203.0.113.9"), [])).toBeNull();
    expect(clientAddress(request("fe80::1%eth0"), [])).toBeNull();
    expect(clientAddress(request("127.0.0.1", script), [])).toBe("127.0.0.1");
    // Garbage where a trusted proxy's hop should be: the proxy that handed it over is the answer.
    const trusted = parseTrustedProxies("10.0.0.1,10.0.0.2");
    expect(clientAddress(request("10.0.0.1", `203.0.113.8, ${script}`), trusted)).toBe("10.0.0.1");
    expect(clientAddress(request("10.0.0.1", `${script}, 10.0.0.2`), trusted)).toBe("10.0.0.2");
    expect(clientAddress(request("10.0.0.1", "203.0.113.8:4711"), trusted)).toBe("10.0.0.1");
    expect(clientAddress(request("10.0.0.1"), trusted)).toBe("10.0.0.1");
  });
});

describe("addressBlock", () => {
  it("is an IPv4 address itself and the /64 of an IPv6 one", () => {
    expect(addressBlock("192.0.2.1")).toBe("192.0.2.1");
    expect(addressBlock("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(addressBlock("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(addressBlock("2001:db8:1:2::9")).toBe("2001:db8:1:2::/64");
    expect(addressBlock("<script>")).toBeNull();
  });
});

describe("normalizeAddress and parseTrustedProxies", () => {
  it("accept only addresses and ranges", () => {
    expect(normalizeAddress(" 192.0.2.1 ")).toBe("192.0.2.1");
    expect(normalizeAddress("2001:db8:0:0:1:0:0:1")).toBe("2001:db8::1:0:0:1");
    expect(normalizeAddress("1:0:0:2:0:0:0:3")).toBe("1:0:0:2::3");
    for (const bad of ["", "01.2.3.4", "1.2.3.4.5", "localhost", "::ffff:1.2.3.4:80", "x".repeat(100)]) {
      expect(normalizeAddress(bad)).toBeNull();
    }
    expect(parseTrustedProxies("")).toEqual([]);
    for (const bad of ["10.0.0.0/33", "10.0.0.0/", "::/129", "proxy.internal", "10.0.0.0/8/8", "10.0.0.0/-1"]) {
      expect(() => parseTrustedProxies(bad)).toThrow(/not an address or CIDR range/);
    }
  });
});
