import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { quireOutput } from "../helpers/quire-cli.ts";
import { makeRepo, makeTempDir } from "../helpers/temp-repo.ts";

/** The same site exported twice gives the same bytes; the manifest's time is the content's. */

const SITE = {
  "docs.json": JSON.stringify({
    name: "Same",
    colors: { primary: "#0a7" },
    navigation: { pages: ["index", "code"] },
  }),
  "index.mdx": "---\ntitle: Home\n---\n\nWelcome. See [the code](/code).\n",
  "code.mdx": [
    "---\ntitle: Code\n---\n",
    "```javascript schedule.js",
    'import { Lumen } from "@lumen/sdk";',
    "const client = new Lumen({ apiKey: process.env.KEY });",
    "```\n",
    "```python",
    "def main():\n    return [x * 2 for x in range(10)]",
    "```\n",
  ].join("\n"),
};

function sha256(file: string): string {
  return createHash("sha256").update(readFileSync(file)).digest("hex");
}

/** `createdAt` of the archive's quire-export.json, read from the tar stream itself. */
function manifestCreatedAt(archive: string): string {
  const tar = gunzipSync(readFileSync(archive));
  for (let offset = 0; offset + 512 <= tar.length; ) {
    const name = tar.toString("utf8", offset, offset + 100).replace(/\0.*$/s, "");
    const size = Number.parseInt(tar.toString("utf8", offset + 124, offset + 136).trim(), 8) || 0;
    if (name === "quire-export.json")
      return JSON.parse(tar.toString("utf8", offset + 512, offset + 512 + size)).createdAt;
    offset += 512 + Math.ceil(size / 512) * 512;
    if (name === "") break;
  }
  throw new Error("no quire-export.json in the archive");
}

function git(cwd: string, args: string[], date?: string): void {
  execFileSync("git", ["-c", "user.name=T", "-c", "user.email=t@example.com", ...args], {
    cwd,
    stdio: "ignore",
    env: { ...process.env, ...(date ? { GIT_COMMITTER_DATE: date, GIT_AUTHOR_DATE: date } : {}) },
  });
}

describe("quire export, twice", () => {
  it("gives byte-identical archives, with and without the cache, with createdAt from the last git commit", () => {
    const docs = makeRepo(SITE);
    git(docs, ["init", "-q"]);
    git(docs, ["add", "."]);
    git(docs, ["commit", "-q", "-m", "docs"], "2024-05-01T10:00:00Z");
    const out = makeTempDir();
    const cache = path.join(out, "cache");
    const options = { unset: ["SOURCE_DATE_EPOCH"] };
    const archives = ["first", "cached", "uncached"].map((name) =>
      path.join(out, `${name}.tar.gz`),
    );
    quireOutput(["export", docs, "-o", archives[0] as string, "-q", "--cache-dir", cache], options);
    quireOutput(["export", docs, "-o", archives[1] as string, "-q", "--cache-dir", cache], options);
    quireOutput(["export", docs, "-o", archives[2] as string, "-q", "--no-cache"], options);
    const sums = archives.map(sha256);
    expect(sums[1]).toBe(sums[0]);
    expect(sums[2]).toBe(sums[0]);
    expect(manifestCreatedAt(archives[0] as string)).toBe("2024-05-01T10:00:00.000Z");
  }, 240_000);

  it("writes SOURCE_DATE_EPOCH as createdAt when it is set, and a fixed time outside git", () => {
    const docs = makeRepo(SITE);
    const out = makeTempDir();
    const pinned = path.join(out, "pinned.tar.gz");
    quireOutput(["export", docs, "-o", pinned, "-q"], { env: { SOURCE_DATE_EPOCH: "1700000000" } });
    expect(manifestCreatedAt(pinned)).toBe("2023-11-14T22:13:20.000Z");
    const plain = path.join(out, "plain.tar.gz");
    quireOutput(["export", docs, "-o", plain, "-q"], { unset: ["SOURCE_DATE_EPOCH"] });
    expect(manifestCreatedAt(plain)).toBe("2000-01-01T00:00:00.000Z");
  }, 240_000);
});
