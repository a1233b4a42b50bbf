import { describe, expect, it } from "vitest";
import { TextCache } from "../../src/exporter/text-cache.ts";

describe("TextCache", () => {
  it("keeps texts up to its characters, keys included, dropping the least recently used first", () => {
    const cache = new TextCache(20);
    cache.set("a", "123456789"); // 10 characters
    cache.set("b", "123456789"); // 20
    expect(cache.get("a")).toBe("123456789"); // a is now the most recently used
    cache.set("c", "1234"); // 25 > 20: b goes, not a
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBe("123456789");
    expect(cache.get("c")).toBe("1234");
    expect(cache.size).toBe(15);
  });

  it("does not keep a text larger than the limit, and counts a replaced text once", () => {
    const cache = new TextCache(10);
    cache.set("a", "1234");
    cache.set("big", "12345678");
    expect(cache.get("big")).toBeUndefined();
    expect(cache.get("a")).toBe("1234");
    cache.set("a", "12");
    cache.set("a", "123");
    expect(cache.size).toBe(4);
    expect(cache.get("a")).toBe("123");
  });
});
