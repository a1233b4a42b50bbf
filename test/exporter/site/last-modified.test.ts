import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readLastModified } from "../../../src/exporter/site/last-modified.ts";
import { makeTempDir } from "../../helpers/temp-repo.ts";

function commit(repo: string, files: Record<string, string>, date: string): void {
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
    writeFileSync(path.join(repo, file), content);
  }
  const git = (...args: string[]) =>
    execFileSync("git", args, {
      cwd: repo,
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: "A",
        GIT_AUTHOR_EMAIL: "a@example.com",
        GIT_COMMITTER_NAME: "A",
        GIT_COMMITTER_EMAIL: "a@example.com",
        GIT_COMMITTER_DATE: date,
        GIT_AUTHOR_DATE: date,
      },
    });
  git("add", "-A");
  git("commit", "-q", "-m", "change");
}

describe("last-modified dates from git", () => {
  it("gives each page source the date of the last commit that touched it, inside a docs folder of the repository", async () => {
    const repo = makeTempDir();
    execFileSync("git", ["init", "-q", repo]);
    commit(
      repo,
      { "docs/a.mdx": "a", "docs/guides/b c.mdx": "b", "app.ts": "x" },
      "2024-01-02T03:04:05Z",
    );
    commit(repo, { "docs/a.mdx": "a2", "app.ts": "y" }, "2025-05-06T07:08:09Z");
    const { dates, incomplete } = await readLastModified(path.join(repo, "docs"), [
      "a.mdx",
      "guides/b c.mdx",
      "never-committed.mdx",
    ]);
    expect(incomplete).toBeUndefined();
    expect(Object.fromEntries(dates)).toEqual({
      "a.mdx": "2025-05-06T07:08:09.000Z",
      "guides/b c.mdx": "2024-01-02T03:04:05.000Z",
    });
  });

  it("has no dates, and says why, for a folder outside any git repository", async () => {
    const folder = makeTempDir();
    writeFileSync(path.join(folder, "a.mdx"), "a");
    const { dates, incomplete } = await readLastModified(folder, ["a.mdx"]);
    expect(dates.size).toBe(0);
    expect(incomplete).toBe("the docs folder is not in a git repository");
  });
});
