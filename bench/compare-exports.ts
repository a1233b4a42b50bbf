/**
 * Checks that a change to the exporter leaves its output as it was: exports every site in
 * examples/ and a generated site with this checkout and with another one (e.g. a worktree of the branch point),
 * with the same fixed SOURCE_DATE_EPOCH and an empty cache, and compares every file of the
 * written sites and of their unpacked archives. The manifest's `generator` names the engine's
 * fingerprint (a hash of its source), which differs between two checkouts by design: it is set
 * aside, and so are the archives' own bytes, which hold the manifest. Prints each difference; exits 1 when there is one.
 * Usage: node bench/compare-exports.ts OTHER_CHECKOUT [PAGES] [tabs|one-sidebar]
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { generateSite, type SiteShape } from "./generate-site.ts";

/** Every file under `root`, as paths relative to it, sorted. */
function listFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** The manifest's text with its engine fingerprint left out. */
function withoutEngine(manifest: Buffer): string {
  const { generator: _engine, ...rest } = JSON.parse(manifest.toString("utf8"));
  return JSON.stringify(rest);
}

/** Whether two versions of a file say the same; `quire-export.json` apart from its engine. */
function sameContent(file: string, before: Buffer, after: Buffer): boolean {
  if (file === "quire-export.json") return withoutEngine(before) === withoutEngine(after);
  return before.equals(after);
}

/**
 * What differs between two exported sites: files only in one of them, and files whose bytes
 * differ (the manifest's `generator`, the engine's fingerprint, apart).
 */
export function compareFolders(before: string, after: string): string[] {
  const beforeFiles = listFiles(before);
  const afterFiles = new Set(listFiles(after));
  const differences: string[] = [];
  for (const file of beforeFiles) {
    if (!afterFiles.has(file)) differences.push(`only before: ${file}`);
    else if (
      !sameContent(
        file,
        readFileSync(path.join(before, file)),
        readFileSync(path.join(after, file)),
      )
    )
      differences.push(`differs: ${file}`);
    afterFiles.delete(file);
  }
  for (const file of afterFiles) differences.push(`only after: ${file}`);
  return differences;
}

/**
 * Exports `source` with the checkout at `checkout`, as a first export with an empty cache (the
 * render threads prepare the archive's entries), into the folder `target`, and unpacks its
 * archive into `target-archive`.
 */
function exportWith(checkout: string, source: string, target: string): void {
  const archive = `${target}.tar.gz`;
  const result = spawnSync(
    process.execPath,
    [
      path.join(checkout, "bin", "quire.js"),
      "export",
      source,
      "-o",
      archive,
      "--out-dir",
      target,
      "--cache-dir",
      `${target}-cache`,
      "--quiet",
    ],
    { encoding: "utf8", env: { ...process.env, SOURCE_DATE_EPOCH: "946684800" } },
  );
  if (result.status !== 0)
    throw new Error(`export of ${source} with ${checkout} failed:\n${result.stderr}`);
  mkdirSync(`${target}-archive`);
  const unpacked = spawnSync("tar", ["-xzf", archive, "-C", `${target}-archive`]);
  if (unpacked.status !== 0) throw new Error(`tar could not unpack ${archive}`);
}

async function main(): Promise<number> {
  const [other, pagesText = "300", shape = "tabs"] = process.argv.slice(2);
  if (!other) {
    process.stderr.write(
      "usage: node bench/compare-exports.ts OTHER_CHECKOUT [PAGES] [tabs|one-sidebar]\n",
    );
    return 2;
  }
  const here = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
  const work = mkdtempSync(path.join(os.tmpdir(), "quire-compare-"));
  try {
    const generated = generateSite(
      path.join(work, "generated"),
      Number(pagesText),
      42,
      shape as SiteShape,
    );
    const examples = path.join(here, "examples");
    const sites: Record<string, string> = {};
    for (const entry of readdirSync(examples, { withFileTypes: true }))
      if (entry.isDirectory()) sites[entry.name] = path.join(examples, entry.name);
    sites.generated = generated.quireDir;
    let differences = 0;
    for (const [name, source] of Object.entries(sites)) {
      exportWith(path.resolve(other), source, path.join(work, `${name}-before`));
      exportWith(here, source, path.join(work, `${name}-after`));
      const found = [
        ...compareFolders(path.join(work, `${name}-before`), path.join(work, `${name}-after`)),
        ...compareFolders(
          path.join(work, `${name}-before-archive`),
          path.join(work, `${name}-after-archive`),
        ).map((difference) => `in the archive, ${difference}`),
      ];
      process.stdout.write(
        `${name}: ${found.length === 0 ? `identical (${listFiles(path.join(work, `${name}-after`)).length} files written, ${listFiles(path.join(work, `${name}-after-archive`)).length} in the archive)` : `${found.length} differences`}\n`,
      );
      for (const line of found.slice(0, 20)) process.stdout.write(`  ${line}\n`);
      if (found.length > 20) process.stdout.write(`  … and ${found.length - 20} more\n`);
      differences += found.length;
    }
    return differences === 0 ? 0 : 1;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = await main();
