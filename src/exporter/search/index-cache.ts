import { createHash } from "node:crypto";
import path from "node:path";
import { PackedEntries } from "../packed-entries.ts";

/** One file of a built index, as the archive's cache holds it. */
export interface CachedIndexFile {
  /** The file's path in the bundle. */
  path: string;
  /** Its compressed entry's key in the archive's cache (output/archive.ts). */
  entry: string;
  /** Its size, which tells the archive's cache where the entry is kept. */
  size: number;
}

/**
 * The files of the search indexes earlier exports built, by what each was built from: a
 * re-export of pages whose search documents did not change takes the index's compressed
 * entries as they are instead of building it again (half a second, a seventh of re-exporting
 * an unchanged 5,001-page site). Kept in the export cache's `search` folder, in packs.
 */
export class SearchIndexCache {
  readonly #entries: PackedEntries;

  constructor(cacheDir: string) {
    this.#entries = new PackedEntries(path.join(cacheDir, "search"));
  }

  /**
   * The key of an index built from these parts, in this order: the engine, the language and
   * each document (its fields and its packed sections). Same parts, same key.
   */
  static keyOf(parts: readonly (string | Uint8Array)[]): string {
    const hash = createHash("sha256");
    for (const part of parts) {
      const bytes = typeof part === "string" ? Buffer.from(part) : part;
      // Each part's length first, so that no two different lists of parts hash alike.
      hash.update(`${bytes.length}:`).update(bytes);
    }
    return hash.digest("hex");
  }

  /** The index's files, or undefined when no export built an index from the same parts. */
  lookUp(key: string): CachedIndexFile[] | undefined {
    if (!this.#entries.has(key)) return undefined;
    const data = this.#entries.read(key);
    if (!data) return undefined;
    try {
      return JSON.parse(data.toString("utf8")) as CachedIndexFile[];
    } catch {
      return undefined;
    }
  }

  remember(key: string, files: CachedIndexFile[]): void {
    this.#entries.write(key, Buffer.from(JSON.stringify(files)));
  }
}
