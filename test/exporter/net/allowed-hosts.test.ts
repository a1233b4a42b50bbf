import { describe, expect, it } from "vitest";
import { AllowedHosts, allowedHostProblem } from "../../../src/exporter/net/index.ts";

describe("the operator's allowed hosts", () => {
  it("accept host names, IP addresses and CIDR ranges of both families", () => {
    for (const entry of [
      "specs.internal",
      "Specs.Internal.",
      "localhost",
      "xn--bcher-kva.example",
      "bücher.example",
      "10.0.0.5",
      "::1",
      "[::1]",
      "10.20.0.0/16",
      "fd00::/8",
      "0.0.0.0/0",
    ])
      expect(allowedHostProblem(entry), entry).toBeUndefined();
  });

  it("reject anything else with the reason", () => {
    expect(allowedHostProblem("*.internal")).toBe(
      "is a wildcard: name each host, or give its addresses as a CIDR range",
    );
    expect(allowedHostProblem("10.0.0.0/33")).toBe(
      "has a prefix longer than an IPv4 address (32 bits)",
    );
    for (const entry of [
      "10.0.0.0/",
      "10.0.0.0/x",
      "host/8",
      "specs.internal:8080",
      "user@specs.internal",
      "a b",
      "foo..bar",
      ".",
    ])
      expect(allowedHostProblem(entry), entry).toMatch(/^is not /);
    expect(allowedHostProblem("http://specs.internal")).toBe("is a URL: give its host name only");
    expect(() => new AllowedHosts(["ok.internal", "no way"])).toThrow(
      'allowed host "no way" is not a host name, an IP address or a CIDR range',
    );
  });

  it("match a URL's host by name, case and final dot aside, and nothing by default", () => {
    const allowed = new AllowedHosts(["Specs.Internal", "bücher.example"]);
    expect(allowed.allowsName("specs.internal")).toBe(true);
    expect(allowed.allowsName("specs.internal.")).toBe(true);
    expect(allowed.allowsName("xn--bcher-kva.example")).toBe(true);
    expect(allowed.allowsName("other.internal")).toBe(false);
    expect(allowed.allowsName("sub.specs.internal")).toBe(false);
    expect(new AllowedHosts([]).allowsName("localhost")).toBe(false);
    expect(new AllowedHosts([]).allowsAddress("127.0.0.1")).toBe(false);
  });

  it("match addresses in a range, an IPv4-mapped IPv6 address as its IPv4 address", () => {
    const allowed = new AllowedHosts(["10.20.0.0/16", "127.0.0.1", "fd00::/8", "127.1"]);
    expect(allowed.allowsAddress("10.20.3.4")).toBe(true);
    expect(allowed.allowsAddress("10.21.0.1")).toBe(false);
    expect(allowed.allowsAddress("127.0.0.1")).toBe(true);
    expect(allowed.allowsAddress("127.0.0.2")).toBe(false);
    expect(allowed.allowsAddress("::ffff:127.0.0.1")).toBe(true);
    expect(allowed.allowsAddress("fd12::1")).toBe(true);
    expect(allowed.allowsAddress("fe80::1")).toBe(false);
    // A name is not an address.
    expect(allowed.allowsAddress("localhost")).toBe(false);
  });
});
