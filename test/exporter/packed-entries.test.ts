import { createHash } from "node:crypto";
import {
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PackedEntries } from "../../src/exporter/packed-entries.ts";
import { pruneToSize } from "../../src/files/size-capped-folder.ts";
import { makeTempDir } from "../helpers/temp-repo.ts";

const keyOf = (text: string): string => createHash("sha256").update(text).digest("hex");
const packsIn = (folder: string): string[] =>
  readdirSync(folder)
    .filter((name) => name.endsWith(".pack"))
    .map((name) => path.join(folder, name));

describe("cache entries in packs", () => {
  it("reads back what writers stored, each writer in one pack of its own", () => {
    const folder = path.join(makeTempDir(), "entries");
    const first = new PackedEntries(folder);
    const second = new PackedEntries(folder);
    for (let index = 0; index < 50; index++)
      first.write(keyOf(`a${index}`), Buffer.from(`A${index}`));
    second.write(keyOf("b"), Buffer.alloc(70_000, "b"));
    // Fifty entries and one: two files.
    expect(packsIn(folder)).toHaveLength(2);

    const reader = new PackedEntries(folder);
    expect(reader.has(keyOf("a49"))).toBe(true);
    expect(reader.read(keyOf("a7"))?.toString()).toBe("A7");
    expect(reader.read(keyOf("b"))?.equals(Buffer.alloc(70_000, "b"))).toBe(true);
    expect(reader.has(keyOf("never written"))).toBe(false);
    expect(reader.read(keyOf("never written"))).toBeUndefined();
    // A writer reads its own entries too.
    expect(first.read(keyOf("a0"))?.toString()).toBe("A0");
  });

  it("finds entries written after it first looked when it reads them", () => {
    const folder = makeTempDir();
    const reader = new PackedEntries(folder);
    expect(reader.has(keyOf("late"))).toBe(false);
    new PackedEntries(folder).write(keyOf("late"), Buffer.from("arrived"));
    expect(reader.read(keyOf("late"))?.toString()).toBe("arrived");
  });

  it("ignores a record cut short by a writer that was stopped, and anything that is not a pack", () => {
    const folder = makeTempDir();
    const writer = new PackedEntries(folder);
    writer.write(keyOf("whole"), Buffer.from("whole record"));
    writer.write(keyOf("cut"), Buffer.alloc(1000, "c"));
    const [pack] = packsIn(folder) as [string];
    truncateSync(pack, statSync(pack).size - 10);
    writeFileSync(path.join(folder, "stray.pack"), Buffer.alloc(500));

    const reader = new PackedEntries(folder);
    expect(reader.read(keyOf("whole"))?.toString()).toBe("whole record");
    expect(reader.has(keyOf("cut"))).toBe(false);
    expect(reader.read(keyOf("cut"))).toBeUndefined();
  });

  it("misses, without failing, an entry whose pack another export's pruning removed", () => {
    const folder = makeTempDir();
    new PackedEntries(folder).write(keyOf("gone"), Buffer.from("soon removed"));
    const reader = new PackedEntries(folder);
    expect(reader.has(keyOf("gone"))).toBe(true);
    for (const pack of packsIn(folder)) rmSync(pack);
    expect(reader.read(keyOf("gone"))).toBeUndefined();
  });

  it("keeps records where they are found when its own pack is removed while it writes", () => {
    const folder = makeTempDir();
    const writer = new PackedEntries(folder);
    writer.write(keyOf("before"), Buffer.from("written before the pack was removed"));
    for (const pack of packsIn(folder)) rmSync(pack);
    writer.write(keyOf("after"), Buffer.from("written after"));
    expect(writer.read(keyOf("after"))?.toString()).toBe("written after");
    expect(new PackedEntries(folder).read(keyOf("after"))?.toString()).toBe("written after");
  });

  it("marks a pack used when one of its entries is found, so pruning removes unused packs first", () => {
    const root = makeTempDir();
    const folder = path.join(root, "entries");
    new PackedEntries(folder).write(keyOf("kept"), Buffer.alloc(4000, "k"));
    new PackedEntries(folder).write(keyOf("dropped"), Buffer.alloc(4000, "d"));
    const long = new Date(Date.now() - 3_600_000);
    for (const pack of packsIn(folder)) utimesSync(pack, long, long);

    expect(new PackedEntries(folder).has(keyOf("kept"))).toBe(true);
    pruneToSize(root, 5000);
    const reader = new PackedEntries(folder);
    expect(reader.read(keyOf("kept"))?.length).toBe(4000);
    expect(reader.has(keyOf("dropped"))).toBe(false);
  });

  it("names its pack when the disk is full, and writes its next entry to a new pack", () => {
    const folder = makeTempDir();
    const writer = new PackedEntries(folder);
    writer.write(keyOf("first"), Buffer.from("fits"));
    const [pack] = packsIn(folder) as [string];
    // Its pack now leads to a device that is always full.
    rmSync(pack);
    symlinkSync("/dev/full", pack);
    expect(() => writer.write(keyOf("second"), Buffer.from("does not fit"))).toThrow(
      `writing the export cache's ${pack} failed: ENOSPC`,
    );
    writer.write(keyOf("third"), Buffer.from("fits again"));
    expect(new PackedEntries(folder).read(keyOf("third"))?.toString()).toBe("fits again");
  });

  it("refuses a key that is not a SHA-256 digest", () => {
    const entries = new PackedEntries(makeTempDir());
    expect(() => entries.write("../../etc/passwd", Buffer.from("x"))).toThrow(/SHA-256/);
  });
});
