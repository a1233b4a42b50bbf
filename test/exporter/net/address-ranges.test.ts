import { describe, expect, it } from "vitest";
import { describeNonPublicAddress, NON_PUBLIC_RANGES } from "../../../src/exporter/net/index.ts";

/** An address inside each refused range, first and last addresses where they matter. */
const INSIDE: Record<string, string[]> = {
  "0.0.0.0/8": ["0.0.0.0", "0.255.255.255"],
  "10.0.0.0/8": ["10.0.0.5", "10.255.255.255"],
  "100.64.0.0/10": ["100.64.0.1", "100.127.255.254"],
  "127.0.0.0/8": ["127.0.0.1", "127.255.255.254"],
  "169.254.0.0/16": ["169.254.169.254", "169.254.0.1"],
  "172.16.0.0/12": ["172.16.0.1", "172.31.255.255"],
  "192.0.0.0/24": ["192.0.0.170"],
  "192.0.2.0/24": ["192.0.2.1"],
  "192.88.99.0/24": ["192.88.99.1"],
  "192.168.0.0/16": ["192.168.1.1"],
  "198.18.0.0/15": ["198.18.0.1", "198.19.255.255"],
  "198.51.100.0/24": ["198.51.100.7"],
  "203.0.113.0/24": ["203.0.113.9"],
  "224.0.0.0/4": ["224.0.0.251", "239.255.255.250"],
  "255.255.255.255/32": ["255.255.255.255"],
  "240.0.0.0/4": ["240.0.0.1", "255.255.255.254"],
  "::/128": ["::"],
  "::1/128": ["::1", "0:0:0:0:0:0:0:1"],
  "64:ff9b:1::/48": ["64:ff9b:1::a00:5"],
  "100::/64": ["100::1"],
  "2001::/23": ["2001::1", "2001:2::1", "2001:1ff::1"],
  "2001:db8::/32": ["2001:db8::1"],
  "2002::/16": ["2002:7f00:1::1", "2002:808:808::1"],
  "3fff::/20": ["3fff::1"],
  "5f00::/16": ["5f00::1"],
  "fc00::/7": ["fc00::1", "fd12:3456::1"],
  "fe80::/10": ["fe80::1", "fe80::1%eth0", "febf::1"],
  "fec0::/10": ["fec0::1"],
  "ff00::/8": ["ff02::1", "ff05::1:3"],
  "::/0": ["1::", "4000::1", "::808:808", "::ffff:0:808:808"],
};

describe("the table of non-public addresses", () => {
  it("has a test address for every range", () => {
    expect(Object.keys(INSIDE).sort()).toEqual(
      NON_PUBLIC_RANGES.map((entry) => entry.range).sort(),
    );
  });

  for (const { range, what } of NON_PUBLIC_RANGES) {
    it(`refuses ${range} as ${what}`, () => {
      for (const address of INSIDE[range] ?? [])
        expect(describeNonPublicAddress(address)).toBe(what);
    });
  }

  it("names the cloud metadata address as link-local", () => {
    expect(describeNonPublicAddress("169.254.169.254")).toMatch(/^a link-local address/);
  });

  it("lets public addresses through, including those just outside a refused range", () => {
    for (const address of [
      "8.8.8.8",
      "1.1.1.1",
      "9.255.255.255",
      "11.0.0.0",
      "100.63.255.255",
      "100.128.0.0",
      "126.255.255.255",
      "128.0.0.0",
      "169.253.255.255",
      "169.255.0.0",
      "172.15.255.255",
      "172.32.0.0",
      "192.167.255.255",
      "192.169.0.0",
      "198.17.255.255",
      "198.20.0.0",
      "223.255.255.255",
      "2606:4700:4700::1111",
      "2a00:1450:4001:80e::200e",
      "2001:200::1",
      "2001:db9::1",
    ])
      expect(describeNonPublicAddress(address), address).toBeUndefined();
  });
});

describe("IPv6 forms of IPv4 addresses", () => {
  it("judges IPv4-mapped addresses by the IPv4 address they carry, however written", () => {
    for (const address of ["::ffff:127.0.0.1", "::ffff:7f00:1", "0:0:0:0:0:ffff:7f00:1"])
      expect(describeNonPublicAddress(address)).toBe(
        "a loopback address (127.0.0.1 written as an IPv4-mapped IPv6 address)",
      );
    expect(describeNonPublicAddress("::ffff:a9fe:a9fe")).toMatch(
      /^a link-local address .*\(169\.254\.169\.254 written as an IPv4-mapped IPv6 address\)$/,
    );
    expect(describeNonPublicAddress("::ffff:8.8.8.8")).toBeUndefined();
  });

  it("refuses IPv4-compatible and IPv4-translated forms, naming a private address they carry", () => {
    expect(describeNonPublicAddress("::7f00:1")).toBe(
      "a loopback address (127.0.0.1 written as an IPv4-compatible IPv6 address)",
    );
    expect(describeNonPublicAddress("::127.0.0.1")).toBe(
      "a loopback address (127.0.0.1 written as an IPv4-compatible IPv6 address)",
    );
    expect(describeNonPublicAddress("::ffff:0:a00:5")).toBe(
      "a private address (10.0.0.5 written as an IPv4-translated IPv6 address)",
    );
    // Deprecated forms of public addresses: nothing legitimate uses them.
    expect(describeNonPublicAddress("::8.8.8.8")).toBe("a reserved address");
  });

  it("refuses NAT64 addresses of private IPv4 addresses and allows those of public ones", () => {
    expect(describeNonPublicAddress("64:ff9b::10.0.0.5")).toBe(
      "a private address (10.0.0.5 written as a NAT64 address)",
    );
    expect(describeNonPublicAddress("64:ff9b::a9fe:a9fe")).toMatch(/^a link-local address/);
    expect(describeNonPublicAddress("64:ff9b::808:808")).toBeUndefined();
  });

  it("says so for text that is not an address", () => {
    expect(describeNonPublicAddress("localhost")).toBe("not an IP address");
  });
});
