import { readFileSync, realpathSync, statSync } from "node:fs";
import { confine } from "../../files/confine.ts";

/** Largest source file the exporter reads; larger pages are refused with a clear message. */
export const MAX_SOURCE_BYTES = 10 * 1024 * 1024;

/**
 * One decoder for every file: a whole-buffer decode starts afresh each call (also after a
 * failed one), and a decoder per file was an allocation on every page and snippet read.
 */
const UTF8 = new TextDecoder("utf-8", { fatal: true });

export class RepoFileError extends Error {
  readonly file: string;
  constructor(file: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "RepoFileError";
    this.file = file;
  }
}

/**
 * Reads files of a documentation repository without ever leaving it: `..`, absolute paths
 * and symlinks pointing outside the root are refused, as are oversized and non-UTF-8 files.
 */
export class RepoFiles {
  readonly root: string;
  constructor(root: string) {
    this.root = realpathSync(root);
  }

  /** Absolute path of a repository-relative file, after checking it stays inside the root. */
  resolve(relativePath: string): string {
    const cleaned = relativePath.replace(/\\/g, "/").replace(/^\/+/, "");
    const candidate = confine(this.root, cleaned);
    if (candidate === undefined) {
      throw new RepoFileError(relativePath, `path "${relativePath}" leaves the repository`);
    }
    let real: string;
    try {
      // The system's realpath: one call, where Node's own asks for each part of the path in turn.
      real = realpathSync.native(candidate);
    } catch (error) {
      throw new RepoFileError(relativePath, `file "${relativePath}" does not exist`, {
        cause: error,
      });
    }
    if (confine(this.root, real) === undefined) {
      throw new RepoFileError(
        relativePath,
        `"${relativePath}" is a symbolic link leading outside the repository`,
      );
    }
    return real;
  }

  exists(relativePath: string): boolean {
    try {
      return statSync(this.resolve(relativePath)).isFile();
    } catch {
      return false;
    }
  }

  /** True when a file or folder of that path is in the repository. */
  entryExists(relativePath: string): boolean {
    try {
      statSync(this.resolve(relativePath));
      return true;
    } catch {
      return false;
    }
  }

  readBytes(relativePath: string, maxBytes = MAX_SOURCE_BYTES): Buffer {
    const absolute = this.resolve(relativePath);
    const stats = statSync(absolute);
    if (!stats.isFile()) throw new RepoFileError(relativePath, `"${relativePath}" is not a file`);
    if (stats.size > maxBytes) {
      throw new RepoFileError(
        relativePath,
        `"${relativePath}" is ${formatBytes(stats.size)}, over the ${formatBytes(maxBytes)} limit for a source file`,
      );
    }
    return readFileSync(absolute);
  }

  readText(relativePath: string, maxBytes = MAX_SOURCE_BYTES): string {
    return this.decodeText(relativePath, this.readBytes(relativePath, maxBytes));
  }

  /** A file's bytes, read already with `readBytes`, as text: UTF-8 without a byte order mark. */
  decodeText(relativePath: string, bytes: Uint8Array): string {
    try {
      return UTF8.decode(bytes).replace(/^\uFEFF/, "");
    } catch (error) {
      throw new RepoFileError(relativePath, `"${relativePath}" is not valid UTF-8 text`, {
        cause: error,
      });
    }
  }
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
