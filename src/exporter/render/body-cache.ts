import { createHash } from "node:crypto";
import { existsSync, readFileSync, renameSync } from "node:fs";
import path from "node:path";
import { markUsed } from "../../files/size-capped-folder.ts";
import { writeFileIntoFolder } from "../../files/write-into-folder.ts";
import type { RenderedBody } from "../mdx/rendered-page.ts";
import type { RepoFiles } from "../site/repo-files.ts";

interface CacheEntry {
  body: RenderedBody;
  /** Hash of each snippet the page read, checked on every hit. */
  dependencyHashes: Record<string, string>;
}

/**
 * Rendered page bodies on disk, keyed by a hash of everything the render depends on: the
 * engine, the render settings, the page's source and (checked on read) its snippets.
 * Re-exporting an unchanged repository skips parsing and highlighting entirely.
 */
export class BodyCache {
  private readonly directory: string;
  private readonly repo: RepoFiles;

  constructor(directory: string, repo: RepoFiles) {
    this.directory = directory;
    this.repo = repo;
  }

  key(parts: (string | Uint8Array)[]): string {
    const hash = createHash("sha256");
    for (const part of parts) hash.update(part).update("\0");
    return hash.digest("hex");
  }

  read(key: string): RenderedBody | undefined {
    const entryFile = this.pathOf(key);
    // A miss (every page of a first export) is found without an exception, whose stack costs more.
    if (!existsSync(entryFile)) return undefined;
    let entry: CacheEntry;
    try {
      entry = JSON.parse(readFileSync(entryFile, "utf8")) as CacheEntry;
    } catch {
      return undefined;
    }
    for (const [file, expected] of Object.entries(entry.dependencyHashes)) {
      if (this.hashFile(file) !== expected) return undefined;
    }
    markUsed(entryFile);
    return entry.body;
  }

  write(key: string, body: RenderedBody): void {
    const dependencyHashes: Record<string, string> = {};
    for (const file of body.dependencies) dependencyHashes[file] = this.hashFile(file) ?? "";
    const target = this.pathOf(key);
    const temporary = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    writeFileIntoFolder(temporary, JSON.stringify({ body, dependencyHashes } satisfies CacheEntry));
    renameSync(temporary, target);
  }

  private hashFile(file: string): string | undefined {
    try {
      return createHash("sha256").update(this.repo.readBytes(file)).digest("hex");
    } catch {
      return undefined;
    }
  }

  private pathOf(key: string): string {
    return path.join(this.directory, key.slice(0, 2), `${key}.json`);
  }
}
