import { closeSync, fstatSync, openSync, readdirSync, readSync, writevSync } from "node:fs";
import path from "node:path";
import { threadId } from "node:worker_threads";
import { markUsed } from "../files/size-capped-folder.ts";
import { openFileIntoFolder } from "../files/write-into-folder.ts";
import { readExactly } from "./read-exactly.ts";

/**
 * Cache entries kept in a few append-only pack files instead of a file each: a first export
 * of 5,001 pages made 16,685 cache files, each written under a temporary name and renamed, and
 * appending instead took 1.2-1.9 s less system time (decisions.md, "An eleventh pass"). Each
 * writer (a thread of an export) appends to a pack of its own, so writers never share a file
 * and a reader sees whole records or a record cut short at the end, which it ignores (a writer
 * that was killed). A pack is one file to the cache's size cap: reading an
 * entry marks its pack as used, and pruning removes whole packs, least recently used first.
 *
 * A record: "QPK1", the key's 32 bytes, the data's length (4 bytes, big-endian), the data.
 */
const MAGIC = Buffer.from("QPK1");
const HEADER_BYTES = MAGIC.length + 32 + 4;
const PACK_SUFFIX = ".pack";

interface Location {
  pack: string;
  offset: number;
  length: number;
}

export class PackedEntries {
  readonly #folder: string;
  /** Every entry found in the folder's packs, by key; loaded when first asked. */
  #index: Map<string, Location> | undefined;
  /** How far each pack has been read, so a refresh reads only what was appended since. */
  readonly #scanned = new Map<string, number>();
  /** Packs marked as used by this reader: once each is enough. */
  readonly #marked = new Set<string>();
  /** This writer's own pack, made on its first entry. */
  #ownPack: string | undefined;

  constructor(folder: string) {
    this.#folder = folder;
  }

  /**
   * Whether the folder holds an entry with this key, as its packs were when last read; a found
   * entry's pack is marked as used, so pruning keeps it.
   */
  has(key: string): boolean {
    const location = this.#entries().get(key);
    if (location) this.#markUsed(location.pack);
    return location !== undefined;
  }

  /**
   * The entry's data, or undefined when the folder has no such entry or its pack was removed
   * meanwhile (another export pruning the cache). Looks again at the packs once on a miss:
   * other threads of the export may have written it since.
   */
  read(key: string): Buffer | undefined {
    let location = this.#entries().get(key);
    if (!location) {
      this.#scan();
      location = this.#entries().get(key);
      if (!location) return undefined;
    }
    let data: Buffer;
    try {
      data = readAt(location.pack, location.offset, location.length);
    } catch {
      this.#forgetPack(location.pack);
      return undefined;
    }
    this.#markUsed(location.pack);
    return data;
  }

  /**
   * Appends the entry to this writer's pack, making the pack (and the folder) first if needed.
   * A write that fails part way (a full disk) leaves a record cut short at the pack's end, where
   * readers ignore it; this writer then starts a pack of its own anew.
   */
  write(key: string, data: Uint8Array): void {
    const header = Buffer.alloc(HEADER_BYTES);
    MAGIC.copy(header, 0);
    keyBytes(key).copy(header, MAGIC.length);
    header.writeUInt32BE(data.length, MAGIC.length + 32);
    this.#ownPack ??= path.join(this.#folder, newPackName());
    const pack = this.#ownPack;
    const descriptor = openFileIntoFolder(pack, "a");
    let start: number;
    try {
      // Where the record starts: the pack's end, even if pruning removed the pack meanwhile
      // and appending made it anew.
      start = fstatSync(descriptor).size;
      const written = writevSync(descriptor, [header, data]);
      if (written !== HEADER_BYTES + data.length)
        throw new Error(`wrote ${written} of ${HEADER_BYTES + data.length} bytes`);
    } catch (error) {
      this.#ownPack = undefined;
      // A full disk's error names no file: this one names the cache's.
      throw new Error(`writing the export cache's ${pack} failed: ${(error as Error).message}`, {
        cause: error,
      });
    } finally {
      closeSync(descriptor);
    }
    this.#entries().set(key, { pack, offset: start + HEADER_BYTES, length: data.length });
  }

  #entries(): Map<string, Location> {
    if (!this.#index) {
      this.#index = new Map();
      this.#scan();
    }
    return this.#index;
  }

  /** Reads the records appended to the folder's packs since they were last read. */
  #scan(): void {
    const index = this.#index ?? new Map<string, Location>();
    this.#index = index;
    let names: string[];
    try {
      names = readdirSync(this.#folder).filter((name) => name.endsWith(PACK_SUFFIX));
    } catch {
      return; // no folder yet: no entries
    }
    for (const name of names) {
      const pack = path.join(this.#folder, name);
      // This writer's own records are in the index as written.
      if (pack === this.#ownPack) continue;
      const from = this.#scanned.get(pack) ?? 0;
      try {
        this.#scanned.set(pack, scanPack(pack, from, index));
      } catch {
        // Removed meanwhile by another export's pruning.
      }
    }
  }

  #markUsed(pack: string): void {
    if (this.#marked.has(pack)) return;
    markUsed(pack);
    this.#marked.add(pack);
  }

  #forgetPack(pack: string): void {
    for (const [key, location] of this.#entries())
      if (location.pack === pack) this.#index?.delete(key);
    this.#scanned.delete(pack);
  }
}

/** A pack's name: unique to the writer (time, process, thread), so no two writers share a pack. */
function newPackName(): string {
  const random = Math.random().toString(36).slice(2, 8);
  return `${Date.now().toString(36)}-${process.pid}-${threadId}-${random}${PACK_SUFFIX}`;
}

/**
 * Headers are read through a window of this many bytes: a page's records are a few KB, so one
 * read finds several headers (a read for each header took 90 ms for 11,682 records).
 */
const SCAN_WINDOW_BYTES = 256 * 1024;

/** Adds the pack's whole records from `from` on to `index`; returns where the last one ends. */
function scanPack(pack: string, from: number, index: Map<string, Location>): number {
  const descriptor = openSync(pack, "r");
  try {
    const size = fstatSync(descriptor).size;
    const window = Buffer.allocUnsafe(SCAN_WINDOW_BYTES);
    let windowStart = 0;
    let windowEnd = 0;
    let offset = from;
    while (offset + HEADER_BYTES <= size) {
      if (offset + HEADER_BYTES > windowEnd) {
        const read = readSync(descriptor, window, 0, SCAN_WINDOW_BYTES, offset);
        if (read < HEADER_BYTES) break;
        windowStart = offset;
        windowEnd = offset + read;
      }
      const header = window.subarray(offset - windowStart, offset - windowStart + HEADER_BYTES);
      if (!header.subarray(0, MAGIC.length).equals(MAGIC)) break;
      const length = header.readUInt32BE(MAGIC.length + 32);
      const start = offset + HEADER_BYTES;
      // A record cut short: its writer was stopped mid-write, and nothing follows it.
      if (start + length > size) break;
      const key = header.toString("hex", MAGIC.length, MAGIC.length + 32);
      index.set(key, { pack, offset: start, length });
      offset = start + length;
    }
    return offset;
  } finally {
    closeSync(descriptor);
  }
}

function readAt(pack: string, offset: number, length: number): Buffer {
  const descriptor = openSync(pack, "r");
  try {
    const data = Buffer.allocUnsafe(length);
    readExactly(descriptor, data, 0, length, offset, `the cache pack ${pack}`);
    return data;
  } finally {
    closeSync(descriptor);
  }
}

/** A key is a SHA-256 digest in hex: its 32 bytes are stored. */
function keyBytes(key: string): Buffer {
  if (!/^[0-9a-f]{64}$/.test(key))
    throw new Error(`a cache key must be a SHA-256 hex digest: ${key}`);
  return Buffer.from(key, "hex");
}
