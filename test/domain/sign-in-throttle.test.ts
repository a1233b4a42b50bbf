import { describe, expect, it } from "vitest";
import { signInWait, throttleAddress, throttleMessage } from "../../src/domain/sign-in-throttle.ts";

describe("the sign-in throttle's address", () => {
  it("is an IPv4 address itself, also as a dual-stack socket reports it", () => {
    expect(throttleAddress("192.0.2.5")).toBe("192.0.2.5");
    expect(throttleAddress("::ffff:192.0.2.5")).toBe("192.0.2.5");
    expect(throttleAddress("::FFFF:192.0.2.5")).toBe("192.0.2.5");
  });

  it("is the /64 of an IPv6 address, however the address is spelled", () => {
    const network = "2001:db8:1:2::/64";
    for (const address of [
      "2001:db8:1:2::1",
      "2001:0db8:0001:0002:ffff:ffff:ffff:ffff",
      "2001:DB8:1:2:a:b:c:d",
      "2001:db8:1:2::192.0.2.1",
      "2001:db8:1:2::1%eth0",
    ])
      expect(throttleAddress(address), address).toBe(network);
    expect(throttleAddress("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(throttleAddress("::1")).toBe("0:0:0:0::/64");
    expect(throttleAddress("fe80::1")).toBe("fe80:0:0:0::/64");
  });

  it("keeps a value that is no address as it is, cut short", () => {
    expect(throttleAddress("unknown")).toBe("unknown");
    expect(throttleAddress("x".repeat(500))).toHaveLength(100);
  });
});

describe("the sign-in throttle's answer", () => {
  const at = (iso: string) => Date.parse(iso);
  const last = "2026-01-01T10:00:00.000Z";

  it("holds an attempt back by the longer of the two waits, naming whose budget is spent", () => {
    const wait = signInWait(
      { account: { count: 6, last }, address: { count: 21, last } },
      at("2026-01-01T10:00:10.000Z"),
    );
    // The account's sixth failure waits 60 s, the address's twenty-first 60 s too; ties go to the account.
    expect(wait).toEqual({ reason: "account", waitMs: 50_000 });
    expect(
      signInWait(
        { account: { count: 5, last }, address: { count: 22, last } },
        at("2026-01-01T10:00:10.000Z"),
      ),
    ).toEqual({ reason: "address", waitMs: 110_000 });
    expect(
      signInWait(
        { account: { count: 4, last }, address: { count: 19, last } },
        at("2026-01-01T10:00:00.000Z"),
      ),
    ).toBeUndefined();
  });

  it("says the wait in seconds under a minute, else in whole minutes rounded up", () => {
    expect(throttleMessage({ reason: "account", waitMs: 29_001 })).toBe(
      "too many failed sign-ins for this account: try again in 30 seconds",
    );
    expect(throttleMessage({ reason: "address", waitMs: 60_000 })).toBe(
      "too many failed sign-ins from your address: try again in 1 minute",
    );
    expect(throttleMessage({ reason: "address", waitMs: 14 * 60_000 + 1 })).toBe(
      "too many failed sign-ins from your address: try again in 15 minutes",
    );
  });
});
