import { createHash } from "node:crypto";
import {
  closeSync,
  existsSync,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { gzip, gzipSync } from "node:zlib";
import { Header, Pax } from "tar";
import { markUsed } from "../../files/size-capped-folder.ts";
import { writeFileIntoFolder } from "../../files/write-into-folder.ts";
import { PackedEntries } from "../packed-entries.ts";
import { readExactly } from "../read-exactly.ts";

const gzipAsync = promisify(gzip);

export interface ArchiveResult {
  path: string;
  sizeBytes: number;
  sha256: string;
}

export interface PackOptions {
  /** Compressed entries are kept here by content hash, so an unchanged file is never compressed twice. */
  cacheDir?: string;
  /**
   * Files whose compressed entries were already prepared (by the render threads): file → cache
   * key. They are packed whether or not the folder holds them too.
   */
  prepared?: ReadonlyMap<string, string>;
}

/** A fixed timestamp so the same site always packs to the same bytes. */
const FIXED_MTIME = new Date("2000-01-01T00:00:00Z");
const BLOCK = 512;
/** Entries compressed at once (zlib runs them on libuv's thread pool, so all cores work). */
const IN_FLIGHT = 16;
/**
 * An entry larger than this is compressed in pieces of this size, each a gzip member of its
 * own, so a large file (llms-full.txt is 18 MB on a 5,000-page site) compresses on all of
 * zlib's threads at once instead of holding packing up on one. Deflate looks back 32 KB, so a
 * piece loses almost nothing to the cut.
 */
const MEMBER_BYTES = 1024 * 1024;
/** Members of one entry compressed at once: libuv's pool has 4 threads by default. */
const MEMBERS_AT_ONCE = 4;
/**
 * A file larger than this is packed a member at a time, never whole in memory: CrewAI's
 * llms-full.txt is 217 MB, and reading it, making its tar entry and compressing it at once
 * held 450 MB for a few seconds, the export's highest point.
 */
const STREAMED_BYTES = 8 * MEMBER_BYTES;
const GZIP_LEVEL = 6;

/**
 * Packs a folder into one `.tar.gz`: entries sorted, with fixed times and owners, so an
 * unchanged site gives byte-identical archives. Each file's tar entry is compressed on its own,
 * as one gzip member or, past MEMBER_BYTES, a few (gzip allows concatenated members; tar, gzip
 * and Node read them as one stream). That lets entries compress in parallel and lets a
 * re-export reuse the compressed bytes of every unchanged file. Written to a temporary name
 * first: a failure never leaves a truncated archive at the destination.
 */
export async function packDirectory(
  directory: string,
  destination: string,
  options: PackOptions = {},
): Promise<ArchiveResult> {
  const files = bundleFiles(directory, options.prepared);
  const temporary = `${destination}.partial-${process.pid}`;
  const output = openSync(temporary, "w");
  const hash = createHash("sha256");
  let size = 0;
  const append = (bytes: Buffer): void => {
    writeSync(output, bytes);
    hash.update(bytes);
    size += bytes.length;
  };
  // Its own reader of the cache: it finds what every thread of the export wrote there.
  const cache = options.cacheDir ? new ArchiveEntryCache(options.cacheDir) : undefined;
  try {
    if (cache) mkdirSync(cache.folder, { recursive: true });
    // A large file waits its turn as its name: it is read and compressed only then.
    const pending: (Promise<Buffer> | { streamed: string })[] = [];
    let nextFile = 0;
    const schedule = (): void => {
      while (pending.length < IN_FLIGHT && nextFile < files.length) {
        const file = files[nextFile++] as string;
        const key = cache ? options.prepared?.get(file) : undefined;
        const staged = path.join(directory, file);
        if (!key && statSync(staged).size > STREAMED_BYTES) {
          pending.push({ streamed: file });
          continue;
        }
        const compressed =
          key && cache
            ? readCachedEntry(cache, key, file, directory)
            : compressedEntry(file, readFileSync(staged), cache);
        // Its failure is thrown when its turn comes; until then it must not count as unhandled.
        compressed.catch(() => {});
        pending.push(compressed);
      }
    };
    schedule();
    while (pending.length > 0) {
      const next = pending.shift() as Promise<Buffer> | { streamed: string };
      if ("streamed" in next)
        await appendStreamedEntry(next.streamed, directory, cache?.folder, append);
      else append(await next);
      schedule();
    }
    append(await compressAsync(Buffer.alloc(BLOCK * 2)));
    closeSync(output);
    renameSync(temporary, destination);
  } catch (error) {
    try {
      closeSync(output);
    } catch {
      // already closed
    }
    rmSync(temporary, { force: true });
    throw error;
  }
  return { path: destination, sizeBytes: size, sha256: hash.digest("hex") };
}

async function compressedEntry(
  file: string,
  content: Buffer,
  cache: ArchiveEntryCache | undefined,
): Promise<Buffer> {
  if (!cache) return compressAsync(tarEntry(file, content));
  return (await cacheCompressedEntry(cache, file, content)).compressed;
}

/**
 * Packs a large file's entry a member at a time, to the same bytes `compressAsync` makes of
 * the whole entry: the entry is cut at the same places, and each piece is read from the file
 * only when it is compressed. With a cache, the entry's key is hashed from the file first; a
 * cached entry is copied in a piece at a time, and a new one is written to the cache as it is
 * made.
 */
async function appendStreamedEntry(
  file: string,
  directory: string,
  cacheDir: string | undefined,
  append: (bytes: Buffer) => void,
): Promise<void> {
  const entry = new StreamedEntry(file, path.join(directory, file));
  try {
    if (!cacheDir) {
      await entry.compress(append);
      return;
    }
    const cached = path.join(cacheDir, `${entry.key()}.gz`);
    const copied = openIfPresent(cached);
    if (copied !== undefined) {
      // Once open, it reads whole even if another export prunes the cache meanwhile.
      copyInPieces(copied, append);
      markUsed(cached);
      return;
    }
    const partial = partialPath(cached);
    const copy = openSync(partial, "w");
    try {
      await entry.compress((member) => {
        writeSync(copy, member);
        append(member);
      });
      closeSync(copy);
      renameSync(partial, cached);
    } catch (error) {
      closeSync(copy);
      rmSync(partial, { force: true });
      throw error;
    }
  } finally {
    entry.close();
  }
}

/** A file's tar entry read from disk piece by piece: header, content and padding as one run of bytes. */
class StreamedEntry {
  readonly #file: string;
  readonly #header: Buffer;
  readonly #size: number;
  readonly #length: number;
  readonly #descriptor: number;

  constructor(file: string, staged: string) {
    this.#file = file;
    this.#descriptor = openSync(staged, "r");
    this.#size = fstatSync(this.#descriptor).size;
    this.#header = tarHeader(file, this.#size);
    this.#length = this.#header.length + this.#size + tarPadding(this.#size).length;
  }

  /** The entry's cache key: the SHA-256 of its bytes, as `lookUpEntry` computes it. */
  key(): string {
    const hash = createHash("sha256");
    for (let start = 0; start < this.#length; start += MEMBER_BYTES)
      hash.update(this.#piece(start));
    return hash.digest("hex");
  }

  /** Compresses the entry as `compressAsync` would, handing each member over in order. */
  async compress(onMember: (member: Buffer) => void): Promise<void> {
    for (let start = 0; start < this.#length; start += MEMBER_BYTES * MEMBERS_AT_ONCE) {
      const pieces: Buffer[] = [];
      const end = Math.min(this.#length, start + MEMBER_BYTES * MEMBERS_AT_ONCE);
      for (let at = start; at < end; at += MEMBER_BYTES) pieces.push(this.#piece(at));
      const members = await Promise.all(
        pieces.map((piece) => gzipAsync(piece, { level: GZIP_LEVEL })),
      );
      for (const member of members) onMember(member);
    }
  }

  close(): void {
    closeSync(this.#descriptor);
  }

  /** The entry's bytes from `start`, MEMBER_BYTES of them or up to its end. */
  #piece(start: number): Buffer {
    const piece = Buffer.alloc(Math.min(MEMBER_BYTES, this.#length - start));
    // The header's part of the piece, then the content's; the padding is the zeros left.
    const fromHeader = this.#header.subarray(start, start + piece.length);
    fromHeader.copy(piece);
    const position = Math.max(0, start - this.#header.length);
    // No further than the size its header states, even if the file grew meanwhile.
    const length = Math.max(0, Math.min(piece.length - fromHeader.length, this.#size - position));
    readExactly(this.#descriptor, piece, fromHeader.length, length, position, `"${this.#file}"`);
    return piece;
  }
}

/** A descriptor for reading the file, or none when it is not there. */
function openIfPresent(file: string): number | undefined {
  try {
    return openSync(file, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** Appends an open file's bytes a member's worth at a time, then closes it. */
function copyInPieces(descriptor: number, append: (bytes: Buffer) => void): void {
  try {
    for (;;) {
      const piece = Buffer.allocUnsafe(MEMBER_BYTES);
      const read = readSync(descriptor, piece, 0, MEMBER_BYTES, null);
      if (read === 0) return;
      append(piece.subarray(0, read));
    }
  } finally {
    closeSync(descriptor);
  }
}

/**
 * The compressed tar entries of earlier exports, by the SHA-256 of the entry. An entry of a
 * file up to STREAMED_BYTES is kept in packs (PackedEntries: a file per writer, not per entry);
 * a larger file's entry is a file of its own, `<key>.gz`, written and read a member at a time.
 * Each thread of an export opens its own: each writes a pack of its own.
 */
export class ArchiveEntryCache {
  readonly folder: string;
  readonly #packs: PackedEntries;

  constructor(folder: string) {
    this.folder = folder;
    this.#packs = new PackedEntries(folder);
  }

  /** Whether the cache holds the entry of a file of `size` bytes; a found entry counts as used. */
  has(key: string, size: number): boolean {
    if (size <= STREAMED_BYTES) return this.#packs.has(key);
    const loose = this.#loosePath(key);
    if (!existsSync(loose)) return false;
    markUsed(loose);
    return true;
  }

  /** The entry's compressed bytes, or undefined when the cache does not hold it (any more). */
  read(key: string): Buffer | undefined {
    const packed = this.#packs.read(key);
    if (packed) return packed;
    try {
      return readFileSync(this.#loosePath(key));
    } catch {
      return undefined;
    }
  }

  write(key: string, size: number, compressed: Buffer): void {
    if (size <= STREAMED_BYTES) {
      this.#packs.write(key, compressed);
      return;
    }
    const loose = this.#loosePath(key);
    const partial = partialPath(loose);
    writeFileIntoFolder(partial, compressed);
    renameSync(partial, loose);
  }

  /** Where a large file's entry is kept. */
  #loosePath(key: string): string {
    return path.join(this.folder, `${key}.gz`);
  }
}

/**
 * A prepared entry's compressed bytes; if the cache lost it meanwhile, compress the file again.
 * Not marked as used: preparing it in this export wrote it or marked it.
 */
async function readCachedEntry(
  cache: ArchiveEntryCache,
  key: string,
  file: string,
  directory: string,
): Promise<Buffer> {
  const cached = cache.read(key);
  if (cached) return cached;
  const staged = path.join(directory, file);
  if (!existsSync(staged))
    throw new Error(
      `the compressed entry of "${file}" left the export cache ${cache.folder} while this export ran (another export keeping the cache under its size cap removed it): export again, or raise the cache's cap`,
    );
  return compressedEntry(file, readFileSync(staged), cache);
}

/**
 * Makes sure the compressed tar entry for this file and content is in the cache, compressing
 * it only if it is not; returns its key. This one works on libuv's thread pool, several
 * entries at once: for packing, where the calling thread has nothing else to do.
 */
export async function prepareCompressedEntry(
  cache: ArchiveEntryCache,
  file: string,
  content: Buffer,
): Promise<string> {
  const { entry, key } = keyedEntry(file, content);
  // Found: packing reads it; reading it here too would be for nothing.
  if (cache.has(key, content.length)) return key;
  cache.write(key, content.length, await compressAsync(entry));
  return key;
}

/**
 * `prepareCompressedEntry` for files held in memory, IN_FLIGHT at once (each compression in
 * flight holds a compressor's state); adds each file's cache key to `keys`.
 */
export async function prepareCompressedEntries(
  cache: ArchiveEntryCache,
  files: { path: string; content: string | Uint8Array }[],
  keys: Map<string, string>,
): Promise<void> {
  for (let index = 0; index < files.length; index += IN_FLIGHT) {
    const batch = files.slice(index, index + IN_FLIGHT);
    const made = await Promise.all(
      batch.map((file) => prepareCompressedEntry(cache, file.path, Buffer.from(file.content))),
    );
    for (const [at, file] of batch.entries()) keys.set(file.path, made[at] as string);
  }
}

/** `prepareCompressedEntry` that also gives the compressed bytes, read or made. */
async function cacheCompressedEntry(
  cache: ArchiveEntryCache,
  file: string,
  content: Buffer,
): Promise<{ key: string; compressed: Buffer }> {
  const { entry, key } = keyedEntry(file, content);
  // Pruned meanwhile by another export sharing the cache (it keeps the cache under its cap):
  // compressed again.
  const cached = cache.has(key, content.length) ? cache.read(key) : undefined;
  if (cached) return { key, compressed: cached };
  const compressed = await compressAsync(entry);
  cache.write(key, content.length, compressed);
  return { key, compressed };
}

/**
 * `prepareCompressedEntry` on the calling thread: for render threads, which prepare their
 * pages' entries as they write them, so pages compress in parallel and packing only
 * concatenates. A render thread has a core of its own: compressing a 37 KB page here costs
 * about 0.25 ms of CPU, where handing it to libuv's pool cost 0.6-1.4 ms in all (a zlib
 * stream per entry, waking another thread, caches cold there), and writing there added its
 * own hand-offs: a first export of 1,500 pages used 11% more CPU (decisions.md).
 */
export function prepareCompressedEntrySync(
  cache: ArchiveEntryCache,
  file: string,
  content: Buffer,
): string {
  const { entry, key } = keyedEntry(file, content);
  if (!cache.has(key, content.length)) cache.write(key, content.length, compressSync(entry));
  return key;
}

/**
 * An entry's gzip members (one per MEMBER_BYTES), compressed on zlib's thread pool, a few at a
 * time: each member in flight holds a compressor's state (about 256 KB), and a repository's
 * video may be hundreds of MiB.
 */
async function compressAsync(entry: Buffer): Promise<Buffer> {
  const pieces = memberPieces(entry);
  if (pieces.length === 1) return gzipAsync(entry, { level: GZIP_LEVEL });
  const members: Buffer[] = [];
  for (let start = 0; start < pieces.length; start += MEMBERS_AT_ONCE) {
    const batch = pieces.slice(start, start + MEMBERS_AT_ONCE);
    members.push(
      ...(await Promise.all(batch.map((piece) => gzipAsync(piece, { level: GZIP_LEVEL })))),
    );
  }
  return Buffer.concat(members);
}

/** The same bytes as `compressAsync`, made on the calling thread. */
function compressSync(entry: Buffer): Buffer {
  const pieces = memberPieces(entry);
  if (pieces.length === 1) return gzipSync(entry, { level: GZIP_LEVEL });
  return Buffer.concat(pieces.map((piece) => gzipSync(piece, { level: GZIP_LEVEL })));
}

function memberPieces(entry: Buffer): Buffer[] {
  const pieces: Buffer[] = [];
  for (let start = 0; start < entry.length; start += MEMBER_BYTES)
    pieces.push(entry.subarray(start, start + MEMBER_BYTES));
  return pieces.length > 0 ? pieces : [entry];
}

/** A file's tar entry and its cache key. */
function keyedEntry(file: string, content: Buffer): { entry: Buffer; key: string } {
  const entry = tarEntry(file, content);
  return { entry, key: createHash("sha256").update(entry).digest("hex") };
}

/** A name to write an entry under before it is renamed into place: no reader sees it half written. */
function partialPath(cached: string): string {
  return `${cached}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
}

/** One file's tar entry: a ustar header (with a PAX header first for long names), the content, padding. */
function tarEntry(file: string, content: Buffer): Buffer {
  return Buffer.concat([tarHeader(file, content.length), content, tarPadding(content.length)]);
}

/** The zeros that fill a file's content to whole tar blocks. */
function tarPadding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
}

/** What comes before a file's content in its tar entry: a PAX header for long names, then ustar's. */
function tarHeader(file: string, size: number): Buffer {
  const fields = {
    path: file,
    mode: 0o644,
    size,
    mtime: FIXED_MTIME,
    type: "File" as const,
    uid: 0,
    gid: 0,
    uname: "",
    gname: "",
  };
  const header = new Header(fields);
  const headerBlock = Buffer.alloc(BLOCK);
  header.encode(headerBlock, 0);
  if (!header.needPax) return headerBlock;
  return Buffer.concat([
    new Pax({ ...fields, atime: undefined, ctime: undefined }, false).encode(),
    headerBlock,
  ]);
}

/**
 * The archive's files in its order: the folder's files and the prepared entries, each once,
 * ordered as a walk of the folder with sorted names lists them (folder by folder), so an
 * entry that was never written into the folder lands where it would have.
 */
function bundleFiles(directory: string, prepared: ReadonlyMap<string, string> | undefined) {
  const files = listFiles(directory);
  const present = new Set(files);
  const missing = [...(prepared?.keys() ?? [])].filter((file) => !present.has(file));
  // With an output folder every prepared file is there too, already in order.
  if (missing.length === 0) return files;
  return [...files, ...missing]
    .map((file) => file.split("/"))
    .sort(compareWalkOrder)
    .map((segments) => segments.join("/"));
}

/** Path order of a sorted walk: segment by segment, names compared as `listFiles` compares them. */
function compareWalkOrder(left: string[], right: string[]): number {
  for (let index = 0; index < Math.min(left.length, right.length); index++) {
    const x = left[index] as string;
    const y = right[index] as string;
    if (x !== y) return x < y ? -1 : 1;
  }
  return left.length - right.length;
}

function listFiles(root: string): string[] {
  const result: string[] = [];
  const walk = (relative: string): void => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true }).sort(
      (a, b) => (a.name < b.name ? -1 : 1),
    )) {
      const entryPath = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(entryPath);
      else if (entry.isFile()) result.push(entryPath);
    }
  };
  if (!statSync(root).isDirectory()) throw new Error(`"${root}" is not a folder`);
  walk("");
  return result;
}
