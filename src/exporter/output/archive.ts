import { createHash } from "node:crypto";
import { createReadStream, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { create as createTar } from "tar";

export interface ArchiveResult {
  path: string;
  sizeBytes: number;
  sha256: string;
}

/** A fixed timestamp so the same site always packs to the same bytes. */
const FIXED_MTIME = new Date("2000-01-01T00:00:00Z");

/**
 * Packs a folder into one `.tar.gz`, entries sorted with fixed times and owners, so an
 * unchanged site gives a byte-identical archive. Written to a temporary name first: a
 * failed or interrupted export never leaves a truncated archive at the destination.
 */
export async function packDirectory(directory: string, destination: string): Promise<ArchiveResult> {
  const entries = listFiles(directory);
  const temporary = `${destination}.partial-${process.pid}`;
  try {
    await createTar(
      { gzip: { level: 6 }, cwd: directory, file: temporary, portable: true, mtime: FIXED_MTIME, noDirRecurse: true, strict: true },
      entries,
    );
    renameSync(temporary, destination);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  const hash = createHash("sha256");
  await pipeline(createReadStream(destination), hash);
  return { path: destination, sizeBytes: statSync(destination).size, sha256: hash.digest("hex") };
}

function listFiles(root: string): string[] {
  const result: string[] = [];
  const walk = (relative: string): void => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const entryPath = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(entryPath);
      else if (entry.isFile()) result.push(entryPath);
    }
  };
  walk("");
  return result;
}
