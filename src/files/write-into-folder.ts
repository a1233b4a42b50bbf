import { mkdirSync, writeFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Writes a file, making its folder only when the write finds it missing: an export writes
 * thousands of files into folders that mostly exist already, and asking for each folder first
 * is a system call (and a lock on its parent) per file.
 */
export function writeFileIntoFolder(file: string, content: string | Uint8Array): void {
  try {
    writeFileSync(file, content);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
}

/**
 * `writeFileIntoFolder` on libuv's threads: creating a file can wait on the file system's
 * journal for milliseconds when the disk is busy, and a render thread goes on rendering
 * meanwhile.
 */
export async function writeFileIntoFolderAsync(
  file: string,
  content: string | Uint8Array,
): Promise<void> {
  try {
    await writeFile(file, content);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
  }
}
