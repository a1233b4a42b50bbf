import { describe, expect, it } from "vitest";
import { formatBytes } from "../../src/common/format-bytes.ts";

describe("formatBytes", () => {
  it("writes small sizes in bytes and larger ones with one decimal, 1 KB being 1024 bytes", () => {
    expect(formatBytes(0)).toBe("0 bytes");
    expect(formatBytes(1)).toBe("1 byte");
    expect(formatBytes(1023)).toBe("1023 bytes");
    expect(formatBytes(1024)).toBe("1.0 KB");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(1024 * 1024)).toBe("1.0 MB");
    expect(formatBytes(12.5 * 1024 * 1024)).toBe("12.5 MB");
    expect(formatBytes(3 * 1024 ** 3)).toBe("3.0 GB");
    expect(formatBytes(2 * 1024 ** 4)).toBe("2.0 TB");
    expect(formatBytes(5000 * 1024 ** 4)).toBe("5000.0 TB");
  });
});
