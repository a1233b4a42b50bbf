import path from "node:path/posix";
import { isListedPath, isPageSource, type RepositoryListing } from "./discover.ts";
import type { IgnoreMatcher } from "./ignore.ts";
import { formatBytes, MAX_SOURCE_BYTES, RepoFileError, RepoFiles } from "./repo-files.ts";

/** File contents standing in for the disk: repository-relative path → content, or null for "no such file". */
export type FileOverlay = ReadonlyMap<string, Uint8Array | string | null>;

/**
 * A repository read through an overlay: the overlaid files read as their given content (or
 * as absent), every other file from disk. It lets the validation see another state of the
 * repository than the one on disk (the state before an agent's edits) without copying it.
 * `resolve` (an absolute path on disk) ignores the overlay; reading and `exists` honour it.
 */
export class OverlayRepoFiles extends RepoFiles {
  private readonly overlay = new Map<string, Buffer | null>();

  constructor(root: string, overlay: FileOverlay) {
    super(root);
    for (const [file, content] of overlay) {
      this.overlay.set(
        overlayKey(file),
        content === null
          ? null
          : typeof content === "string"
            ? Buffer.from(content)
            : Buffer.from(content),
      );
    }
  }

  override exists(relativePath: string): boolean {
    const content = this.overlay.get(overlayKey(relativePath));
    if (content !== undefined) return content !== null;
    return super.exists(relativePath);
  }

  override readBytes(relativePath: string, maxBytes = MAX_SOURCE_BYTES): Buffer {
    const content = this.overlay.get(overlayKey(relativePath));
    if (content === undefined) return super.readBytes(relativePath, maxBytes);
    if (content === null)
      throw new RepoFileError(relativePath, `file "${relativePath}" does not exist`);
    if (content.length > maxBytes) {
      throw new RepoFileError(
        relativePath,
        `"${relativePath}" is ${formatBytes(content.length)}, over the ${formatBytes(maxBytes)} limit for a source file`,
      );
    }
    return content;
  }

  /** The repository listing as it is with the overlay applied. */
  applyToListing(listing: RepositoryListing, ignored: IgnoreMatcher): RepositoryListing {
    const pages = new Set(listing.pages);
    const files = new Set(listing.files);
    for (const [file, content] of this.overlay) {
      if (!isListedPath(file, ignored)) continue;
      const list = isPageSource(file) ? pages : files;
      if (content === null) list.delete(file);
      else list.add(file);
    }
    return { pages: [...pages].sort(), files: [...files].sort() };
  }
}

function overlayKey(relativePath: string): string {
  return path.normalize(relativePath.replace(/\\/g, "/").replace(/^\/+/, ""));
}
