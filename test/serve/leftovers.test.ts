import { spawn } from "node:child_process";
import { existsSync, mkdirSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { HOST_TAG, OWNER, removeLeftovers } from "../../src/serve/leftovers.ts";
import { makeTempDir } from "../helpers/temp-repo.ts";

/** Above the kernel's largest pid (2^22): no process can have it. */
const DEAD_PID = 4_194_399;
const OTHER_HOST = HOST_TAG === "00000000" ? "11111111" : "00000000";
const children: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});

function make(
  dataDir: string,
  relative: string,
  options: { folder?: boolean; ageHours?: number } = {},
) {
  const full = path.join(dataDir, relative);
  mkdirSync(path.dirname(full), { recursive: true });
  if (options.folder) {
    mkdirSync(full);
    writeFileSync(path.join(full, "index.html"), "half");
  } else writeFileSync(full, "half a bundle");
  if (options.ageHours) {
    const then = new Date(Date.now() - options.ageHours * 3600_000);
    utimesSync(full, then, then);
  }
  return full;
}

describe("leftovers of interrupted serve processes", () => {
  it("removes the downloads and staging folders of dead processes on this host, and of this pid", () => {
    const dataDir = makeTempDir();
    const live = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60_000)"]);
    children.push(live);
    const liveOwner = `${live.pid}-${HOST_TAG}`;
    const gone = [
      make(dataDir, `downloads/bundle-${DEAD_PID}-${HOST_TAG}.tar.gz.partial-${DEAD_PID}`),
      make(dataDir, `downloads/bundle-${DEAD_PID}-${HOST_TAG}.tar.gz`),
      // A restarted container's pid 1 is pid 1 again: what this pid left is from before.
      make(dataDir, `downloads/bundle-${OWNER}.tar.gz.partial-${process.pid}`),
      make(dataDir, `versions/v2.partial-${DEAD_PID}-${HOST_TAG}-0a1b2c3d`, { folder: true }),
    ];
    const kept = [
      make(dataDir, `downloads/bundle-${liveOwner}.tar.gz.partial-${live.pid}`),
      make(dataDir, `versions/v3.partial-${liveOwner}-0a1b2c3d`, { folder: true }),
      make(dataDir, "versions/v1", { folder: true, ageHours: 100 }),
    ];
    expect(removeLeftovers(dataDir).sort()).toEqual(gone.sort());
    for (const file of gone) expect(existsSync(file), file).toBe(false);
    for (const file of kept) expect(existsSync(file), file).toBe(true);
  });

  it("leaves another host's leftovers until nothing has touched them for a day", () => {
    const dataDir = makeTempDir();
    const fresh = [
      make(dataDir, `downloads/bundle-1-${OTHER_HOST}.tar.gz.partial-1`),
      make(dataDir, `versions/v2.partial-1-${OTHER_HOST}-0a1b2c3d`, { folder: true }),
      make(dataDir, "downloads/unknown-name.tmp"),
    ];
    const stale = [
      make(dataDir, `downloads/bundle-2-${OTHER_HOST}.tar.gz.partial-2`, { ageHours: 25 }),
      make(dataDir, `versions/v3.partial-2-${OTHER_HOST}-0a1b2c3d`, { folder: true, ageHours: 25 }),
      make(dataDir, "downloads/bundle-1234.tar.gz", { ageHours: 25 }),
    ];
    expect(removeLeftovers(dataDir).sort()).toEqual(stale.sort());
    for (const file of fresh) expect(existsSync(file), file).toBe(true);
  });

  it("does nothing in a data dir that has no downloads or versions yet", () => {
    expect(removeLeftovers(path.join(makeTempDir(), "new"))).toEqual([]);
  });
});
