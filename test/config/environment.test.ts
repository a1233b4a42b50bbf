import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Files outside src/config/ that read the environment, and why. The git runner hands this
 * process's environment on to git (PATH, HOME for SSH keys, proxies), filtered by
 * gitEnvironment: it is no setting of Quire's.
 */
const STILL_READING: Record<string, string> = {
  "src/git/run-git.ts": "git's child environment, built from this process's",
};

function sources(folder: string): string[] {
  return readdirSync(folder, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith(".ts"))
    .map((file) => path.join(folder, file).split(path.sep).join("/"));
}

describe("the environment", () => {
  it("is read in src/config/ only: every other module is handed its values", () => {
    const readers = sources("src").filter(
      (file) =>
        !file.startsWith("src/config/") &&
        // `"process.env.NODE_ENV"` as a string (a bundler's define) reads nothing.
        /(^|[^"'`\w.])process\.env\b/m.test(readFileSync(file, "utf8")),
    );
    const unexplained = readers.filter((file) => !(file in STILL_READING));
    expect(
      unexplained,
      "read the setting through src/config/settings.ts (SETTINGS) and pass its value in",
    ).toEqual([]);
  });
});
