// @vitest-environment node
import { describe, expect, it } from "vitest";
import {
  clientAddress,
  normalizeAddress,
  TrustedProxies,
  TrustedProxiesError,
} from "./trusted-proxies.ts";

const loopback = TrustedProxies.parse("127.0.0.1,::1");

describe("normalizeAddress", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    [" 203.0.113.7 ", "203.0.113.7"],
    ["203.0.113.7:51234", "203.0.113.7"],
    ["::ffff:127.0.0.1", "127.0.0.1"],
    ["2001:DB8::1", "2001:db8::1"],
    ["[2001:db8::1]:443", "2001:db8::1"],
  ])("%s -> %s", (raw, expected) => {
    expect(normalizeAddress(raw)).toBe(expected);
  });

  it.each(["", "unknown", "example.com", "999.1.1.1", "1.2.3"])("refuses %j", (raw) => {
    expect(normalizeAddress(raw)).toBeUndefined();
  });
});

describe("TrustedProxies", () => {
  it("holds addresses and CIDR blocks of both families", () => {
    const trusted = TrustedProxies.parse(" 10.0.0.0/8, 192.0.2.1 ,fd00::/8");
    expect(trusted.entries).toEqual(["10.0.0.0/8", "192.0.2.1", "fd00::/8"]);
    expect(trusted.has("10.1.2.3")).toBe(true);
    expect(trusted.has("::ffff:10.1.2.3")).toBe(true);
    expect(trusted.has("192.0.2.1")).toBe(true);
    expect(trusted.has("192.0.2.2")).toBe(false);
    expect(trusted.has("fd12::1")).toBe(true);
    expect(trusted.has("2001:db8::1")).toBe(false);
    expect(trusted.has("not an address")).toBe(false);
  });

  it("can be empty: nobody is a proxy", () => {
    const none = TrustedProxies.parse("");
    expect(none.entries).toEqual([]);
    expect(none.has("127.0.0.1")).toBe(false);
  });

  it.each([
    ["localhost", "is not an IP address"],
    ["10.0.0.0/33", "prefix length"],
    ["fd00::/129", "prefix length"],
    ["10.0.0.0/x", "prefix length"],
    ["0.0.0.0/0", "every client"],
    ["::/0", "every client"],
  ])("refuses %j", (raw, message) => {
    expect(() => TrustedProxies.parse(raw)).toThrow(TrustedProxiesError);
    expect(() => TrustedProxies.parse(raw)).toThrow(message);
  });
});

describe("clientAddress", () => {
  it("is the peer when the peer is not a trusted proxy, whatever X-Forwarded-For says", () => {
    expect(clientAddress({ peer: "198.51.100.4", forwardedFor: "203.0.113.7" }, loopback)).toBe(
      "198.51.100.4",
    );
    expect(clientAddress({ peer: "198.51.100.4", forwardedFor: null }, loopback)).toBe(
      "198.51.100.4",
    );
  });

  it("takes the address a trusted proxy appended, not the ones the client sent before it", () => {
    // The client sent "203.0.113.7, 10.0.0.1"; nginx on 127.0.0.1 appended the real peer.
    const hops = { peer: "127.0.0.1", forwardedFor: "203.0.113.7, 10.0.0.1, 198.51.100.4" };
    expect(clientAddress(hops, loopback)).toBe("198.51.100.4");
  });

  it("walks through a chain of trusted proxies to the first untrusted address", () => {
    const trusted = TrustedProxies.parse("127.0.0.1,10.0.0.0/8");
    const hops = { peer: "127.0.0.1", forwardedFor: "203.0.113.7, 198.51.100.4, 10.0.0.9" };
    expect(clientAddress(hops, trusted)).toBe("198.51.100.4");
  });

  it("is the peer when a trusted proxy sent no header (a local browser)", () => {
    expect(clientAddress({ peer: "::1", forwardedFor: undefined }, loopback)).toBe("::1");
    expect(clientAddress({ peer: "::ffff:127.0.0.1", forwardedFor: "" }, loopback)).toBe(
      "127.0.0.1",
    );
  });

  it("is the farthest hop when every hop is trusted", () => {
    expect(clientAddress({ peer: "127.0.0.1", forwardedFor: "::1, 127.0.0.1" }, loopback)).toBe(
      "::1",
    );
  });

  it("handles IPv6 clients and proxies", () => {
    const trusted = TrustedProxies.parse("2001:db8:1::/48");
    const hops = { peer: "2001:db8:1::5", forwardedFor: "2001:DB8:BEEF::7, 2001:db8:1::6" };
    expect(clientAddress(hops, trusted)).toBe("2001:db8:beef::7");
    expect(
      clientAddress({ peer: "2001:db8:2::1", forwardedFor: "2001:db8:beef::7" }, trusted),
    ).toBe("2001:db8:2::1");
  });

  it("stops at an entry that is not an address: the trusted hop that passed it on", () => {
    const hops = { peer: "127.0.0.1", forwardedFor: "203.0.113.7, unknown, ::1" };
    expect(clientAddress(hops, loopback)).toBe("::1");
  });

  it("is unknown without a peer (started without server.mjs)", () => {
    expect(clientAddress({ peer: undefined, forwardedFor: "203.0.113.7" }, loopback)).toBe(
      undefined,
    );
  });

  it("trusts nobody with an empty list", () => {
    const none = TrustedProxies.parse("");
    expect(clientAddress({ peer: "127.0.0.1", forwardedFor: "203.0.113.7" }, none)).toBe(
      "127.0.0.1",
    );
  });
});
