import { createHash } from "node:crypto";
import path from "node:path";
import type { RenderedBody } from "../mdx/rendered-page.ts";
import { PackedEntries } from "../packed-entries.ts";
import type { RepoFiles } from "../site/repo-files.ts";

interface CacheEntry {
  body: RenderedBody;
  /** Hash of each snippet the page read, checked on every hit. */
  dependencyHashes: Record<string, string>;
}

/**
 * Rendered page bodies on disk, keyed by a hash of everything the render depends on: the
 * engine, the render settings, the page's source and (checked on read) its snippets.
 * Re-exporting an unchanged repository skips parsing and highlighting entirely. Entries are
 * JSON in the `bodies` folder's packs (see PackedEntries); each render thread writes its own.
 */
export class BodyCache {
  private readonly entries: PackedEntries;
  private readonly repo: RepoFiles;

  constructor(directory: string, repo: RepoFiles) {
    this.entries = new PackedEntries(path.join(directory, "bodies"));
    this.repo = repo;
  }

  key(parts: (string | Uint8Array)[]): string {
    const hash = createHash("sha256");
    for (const part of parts) hash.update(part).update("\0");
    return hash.digest("hex");
  }

  read(key: string): RenderedBody | undefined {
    // A miss (every page of a first export) is found in the index, without reading the folder.
    if (!this.entries.has(key)) return undefined;
    const data = this.entries.read(key);
    if (!data) return undefined;
    let entry: CacheEntry;
    try {
      entry = JSON.parse(data.toString("utf8")) as CacheEntry;
    } catch {
      return undefined;
    }
    for (const [file, expected] of Object.entries(entry.dependencyHashes)) {
      if (this.hashFile(file) !== expected) return undefined;
    }
    return entry.body;
  }

  write(key: string, body: RenderedBody): void {
    const dependencyHashes: Record<string, string> = {};
    for (const file of body.dependencies) dependencyHashes[file] = this.hashFile(file) ?? "";
    this.entries.write(
      key,
      Buffer.from(JSON.stringify({ body, dependencyHashes } satisfies CacheEntry)),
    );
  }

  private hashFile(file: string): string | undefined {
    try {
      return createHash("sha256").update(this.repo.readBytes(file)).digest("hex");
    } catch {
      return undefined;
    }
  }
}
