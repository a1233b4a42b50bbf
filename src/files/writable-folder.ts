import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Words for the file-system errors a user causes (a read-only disk, a file in the way). */
const REASONS: Record<string, string> = {
  EACCES: "permission denied",
  EPERM: "permission denied",
  EROFS: "the file system is read-only",
  ENOTDIR: "part of the path is a file, not a folder",
  EEXIST: "a file is in the way",
  ENOSPC: "no space is left on the device",
  EDQUOT: "the disk quota is used up",
  EISDIR: "it is a folder",
  ENAMETOOLONG: "the path is too long",
};

/** The reason a file-system error names, in words, or undefined for one a user did not cause. */
export function fileSystemReason(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code ? REASONS[code] : undefined;
}

/**
 * Creates the folder if needed and proves it can be written, by writing and removing a small
 * file; returns why it cannot be, in words, or undefined when it can. Checked before a long
 * export or a server start, so a read-only disk or a file in the way is found at once.
 */
export function writeProblem(folder: string): string | undefined {
  const probe = path.join(folder, `.quire-write-check-${process.pid}`);
  try {
    mkdirSync(folder, { recursive: true });
    writeFileSync(probe, "");
    rmSync(probe, { force: true });
    return undefined;
  } catch (error) {
    return fileSystemReason(error) ?? (error as Error).message;
  }
}
