import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Every file below `folder`, as paths relative to it with forward slashes, sorted. */
export function listFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .map((file) => file.split(path.sep).join("/"))
    .sort();
}

export function writeFileMakingFolders(file: string, content: string | Buffer): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

/** Writes `content` unless the file already holds exactly it; says whether it wrote. */
export function writeIfChanged(file: string, content: string): boolean {
  let current: string | undefined;
  try {
    current = readFileSync(file, "utf8");
  } catch {
    // No file yet.
  }
  if (current === content) return false;
  // Through a new file renamed into place: a build running beside this one reads the old text
  // or the new, never half of it.
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileMakingFolders(temporary, content);
  renameSync(temporary, file);
  return true;
}

/**
 * Runs `build` on an empty folder beside `target`, then puts it in place of `target`: a build
 * that fails leaves no half-written output behind.
 */
export async function replaceFolder(
  target: string,
  build: (folder: string) => Promise<void>,
): Promise<void> {
  const staging = `${target}.building-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  try {
    await build(staging);
    rmSync(target, { recursive: true, force: true });
    renameSync(staging, target);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
