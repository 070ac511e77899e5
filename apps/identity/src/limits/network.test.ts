import { describe, expect, it } from "vitest";
import { networkOf } from "./network.ts";

describe("the network of a client address", () => {
  it.each([
    ["203.0.113.7", "203.0.113.0/24"],
    ["203.0.113.250", "203.0.113.0/24"],
    ["::ffff:203.0.113.7", "203.0.113.0/24"],
    ["127.0.0.1", "127.0.0.0/24"],
    ["2001:db8:1234:5678::1", "2001:db8:1234:5600::/56"],
    ["2001:db8:1234:56ff:abcd::9", "2001:db8:1234:5600::/56"],
    ["2001:db8::1", "2001:db8:0:0::/56"],
    ["::1", "0:0:0:0::/56"],
    ["fe80::1%eth0", "fe80:0:0:0::/56"],
    ["2001:db8:1:2ff::192.0.2.1", "2001:db8:1:200::/56"],
    ["not an address", "not an address"],
  ])("%s is in %s", (address, network) => {
    expect(networkOf(address)).toBe(network);
  });
});
