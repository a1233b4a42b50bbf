import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readExactly } from "../../src/exporter/read-exactly.ts";

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "read-exactly-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("readExactly", () => {
  it("reads the bytes asked for, from a position into an offset", () => {
    const file = path.join(root, "data");
    writeFileSync(file, "0123456789");
    const descriptor = openSync(file, "r");
    try {
      const target = Buffer.from("......");
      readExactly(descriptor, target, 1, 4, 3, "data");
      expect(target.toString()).toBe(".3456.");
    } finally {
      closeSync(descriptor);
    }
  });

  it("names what it read when the file ends first", () => {
    const file = path.join(root, "data");
    writeFileSync(file, "0123");
    const descriptor = openSync(file, "r");
    try {
      expect(() => readExactly(descriptor, Buffer.alloc(8), 0, 8, 0, '"llms-full.txt"')).toThrow(
        '"llms-full.txt" ends 4 bytes early',
      );
    } finally {
      closeSync(descriptor);
    }
  });
});
