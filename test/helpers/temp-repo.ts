import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach } from "vitest";

const created: string[] = [];
afterEach(() => {
  while (created.length > 0) rmSync(created.pop() as string, { recursive: true, force: true });
});

/** A file's content, or a symbolic link to make at that path. */
export type RepoEntry = string | Uint8Array | { symlinkTo: string };

/** Creates a real folder with the given files; removed after the test. */
export function makeRepo(files: Record<string, RepoEntry>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), "quire-test-"));
  created.push(root);
  writeRepoFiles(root, files);
  return root;
}

export function writeRepoFiles(root: string, files: Record<string, RepoEntry>): void {
  for (const [relative, content] of Object.entries(files)) {
    const target = path.join(root, relative);
    mkdirSync(path.dirname(target), { recursive: true });
    if (typeof content === "object" && "symlinkTo" in content)
      symlinkSync(content.symlinkTo, target);
    else writeFileSync(target, content);
  }
}

/** A temporary folder removed after the test. */
export function makeTempDir(): string {
  const directory = mkdtempSync(path.join(os.tmpdir(), "quire-out-"));
  created.push(directory);
  return directory;
}
