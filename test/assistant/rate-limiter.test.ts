import { describe, expect, it } from "vitest";
import { RateLimiter } from "../../src/assistant/rate-limiter.ts";

describe("RateLimiter, questions per reader address per minute", () => {
  it("allows the limit in a minute, then says how long to wait, then allows again", () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(2, { now: () => now });
    expect(limiter.take("10.0.0.1")).toBe(0);
    expect(limiter.take("10.0.0.1")).toBe(0);
    now += 15_000;
    expect(limiter.take("10.0.0.1")).toBe(45);
    now += 45_000;
    expect(limiter.take("10.0.0.1")).toBe(0);
  });

  it("counts each address on its own", () => {
    const limiter = new RateLimiter(1, { now: () => 0 });
    expect(limiter.take("10.0.0.1")).toBe(0);
    expect(limiter.take("10.0.0.2")).toBe(0);
    expect(limiter.take("10.0.0.1")).toBeGreaterThan(0);
  });

  it("tracks no more addresses than its bound, forgetting the oldest", () => {
    const limiter = new RateLimiter(1, { now: () => 0, maxAddresses: 3 });
    for (const address of ["a", "b", "c", "d"]) expect(limiter.take(address)).toBe(0);
    // "a" was forgotten to make room for "d", so it may ask again; "d" may not.
    expect(limiter.take("a")).toBe(0);
    expect(limiter.take("d")).toBeGreaterThan(0);
  });
});
