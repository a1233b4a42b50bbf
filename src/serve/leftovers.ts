import { createHash } from "node:crypto";
import { readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * The temporary files of a serve process carry their owner: a download in progress is
 * `downloads/bundle-<owner>.tar.gz` (and its `.partial-<pid>`), a bundle being unpacked is
 * `versions/<id>.partial-<owner>-<random>`, where the owner is `<pid>-<host>` and the host a
 * short hash of the host name. A process killed midway (SIGKILL, out of memory, power) leaves
 * them behind; the next start removes those whose owner is certainly gone. Several serve
 * processes may share a data dir, on one machine or on several (containers on a shared
 * volume, often each as pid 1): another host's leftovers cannot be checked for a live owner,
 * so they are removed only once nothing has touched them for a day, far longer than any
 * download attempt (each is bounded by its timeout) or unpack lasts.
 */
export const HOST_TAG = createHash("sha256").update(os.hostname()).digest("hex").slice(0, 8);

/** `<pid>-<host>` of this process. */
export const OWNER = `${process.pid}-${HOST_TAG}`;

const ABANDONED_AFTER_MS = 24 * 3600_000;

const DOWNLOAD = /^bundle-(\d+)-([0-9a-f]{8})\.tar\.gz(?:\.partial-\d+)?$/;
const STAGING = /\.partial-(\d+)-([0-9a-f]{8})-[0-9a-f]+$/;

/**
 * Removes the leftovers of dead serve processes from a data dir; returns their paths. Call it
 * at start, before this process downloads or unpacks anything: a leftover with this very pid
 * and host is then from an earlier process (a restarted container's pid 1 is pid 1 again).
 */
export function removeLeftovers(dataDir: string, now = Date.now()): string[] {
  const removed: string[] = [];
  const sweep = (folder: string, pattern: RegExp, candidate: (name: string) => boolean) => {
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch {
      return;
    }
    for (const name of names) {
      if (!candidate(name)) continue;
      const full = path.join(folder, name);
      const match = pattern.exec(name);
      let abandoned = match ? ownerGone(Number(match[1]), match[2] as string) : false;
      if (!abandoned) {
        try {
          abandoned = now - statSync(full).mtimeMs > ABANDONED_AFTER_MS;
        } catch {
          continue; // its owner finished with it meanwhile
        }
      }
      if (!abandoned) continue;
      rmSync(full, { recursive: true, force: true });
      removed.push(full);
    }
  };
  // downloads/ holds nothing but temporary files; versions/ holds versions and staging folders.
  sweep(path.join(dataDir, "downloads"), DOWNLOAD, () => true);
  sweep(path.join(dataDir, "versions"), STAGING, (name) => name.includes(".partial-"));
  return removed;
}

function ownerGone(pid: number, host: string): boolean {
  if (host !== HOST_TAG) return false;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else; it may be a serve process.
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}
