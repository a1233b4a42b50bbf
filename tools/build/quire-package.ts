import { copyFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { writeClientApiTypes } from "./client-api-types.ts";
import { writeDeclarations } from "./declarations.ts";
import { listFiles, replaceFolder, writeFileMakingFolders } from "./files.ts";
import { transpileModule } from "./transpile.ts";

/** The folders of the checkout that the packed package runs from, each built into `dist/`. */
const SOURCE_FOLDERS = ["src", "client/src"];

/**
 * Builds `dist/` for the packed `quire` package (`npm pack` runs it first), step by step:
 *
 * 1. the client's API types, from the server's schemas;
 * 2. `dist/src/` and `dist/client/src/`: every file of `src/` and `client/src/` as it is, and
 *    beside each TypeScript module the JavaScript Node runs, since Node strips types from no
 *    file inside `node_modules`. The sources stay: the exporter bundles its browser scripts
 *    from them at export time and keys its render cache by their hash, so an installed Quire
 *    and a checkout of the same commit share one engine fingerprint;
 * 3. `dist/types/`: the declarations of each library entry of `package.json` `exports`;
 * 4. a check that every `bin` and `exports` target of `package.json` now exists.
 *
 * A checkout never runs `dist/` (bin/quire.js prefers the sources when they are there).
 */
export async function buildQuirePackage(repository: string): Promise<void> {
  writeClientApiTypes(repository);
  const manifest = readManifest(repository);
  const libraries = libraryEntries(manifest, repository);
  await replaceFolder(path.join(repository, "dist"), async (dist) => {
    for (const folder of SOURCE_FOLDERS)
      await copyWithJavaScript(path.join(repository, folder), path.join(dist, folder));
    writeDeclarations({
      repository,
      entries: libraries.map((library) => path.join(repository, library.source)),
      rootDir: repository,
      outDir: path.join(dist, "types"),
    });
  });
  checkTargets(manifest, repository);
}

/** Copies every file of `from` into `to`, with the JavaScript of each `.ts` module beside it. */
async function copyWithJavaScript(from: string, to: string): Promise<void> {
  await Promise.all(
    listFiles(from).map(async (file) => {
      const source = path.join(from, file);
      mkdirSync(path.dirname(path.join(to, file)), { recursive: true });
      copyFileSync(source, path.join(to, file));
      if (!file.endsWith(".ts") || file.endsWith(".d.ts")) return;
      const javascript = await transpileModule(readFileSync(source, "utf8"), source);
      writeFileMakingFolders(path.join(to, `${file.slice(0, -".ts".length)}.js`), javascript);
    }),
  );
}

interface Manifest {
  bin?: Record<string, string>;
  exports?: Record<string, string | Record<string, string>>;
}

function readManifest(repository: string): Manifest {
  return JSON.parse(readFileSync(path.join(repository, "package.json"), "utf8")) as Manifest;
}

/** The export condition that names a library entry's source, for the checkout's own tools. */
const SOURCE_CONDITION = "quire-source";

interface LibraryEntry {
  /** `./exporter` */
  name: string;
  /** `src/exporter/index.ts` */
  source: string;
}

/**
 * The library entries of `exports`: `{"quire-source": "./src/X.ts", "types":
 * "./dist/types/src/X.d.ts", "default": "./dist/src/X.js"}`, built from `src/X.ts`. The
 * `quire-source` condition, which only this repository's tsconfig.json and vitest.config.ts
 * ask for, keeps `quire/X` the source in a checkout. Anything else must be a file as it is.
 */
function libraryEntries(manifest: Manifest, repository: string): LibraryEntry[] {
  const entries: LibraryEntry[] = [];
  for (const [name, target] of Object.entries(manifest.exports ?? {})) {
    if (typeof target === "string") continue;
    const built = /^\.\/dist\/(src\/.+)\.js$/.exec(target.default ?? "");
    if (!built)
      throw new Error(`package.json exports "${name}": "default" must be ./dist/src/<path>.js`);
    const expectedTypes = `./dist/types/${built[1]}.d.ts`;
    if (target.types !== expectedTypes)
      throw new Error(`package.json exports "${name}": "types" must be ${expectedTypes}`);
    const source = `${built[1]}.ts`;
    if (!existsSync(path.join(repository, source)))
      throw new Error(`package.json exports "${name}": ${source} does not exist`);
    if (target[SOURCE_CONDITION] !== undefined && target[SOURCE_CONDITION] !== `./${source}`)
      throw new Error(`package.json exports "${name}": "${SOURCE_CONDITION}" must be ./${source}`);
    entries.push({ name, source });
  }
  return entries;
}

/** Every file `bin` and `exports` name, which a user of the package would otherwise miss. */
function checkTargets(manifest: Manifest, repository: string): void {
  const targets = [
    ...Object.values(manifest.bin ?? {}),
    ...Object.values(manifest.exports ?? {}).flatMap((target) =>
      typeof target === "string" ? [target] : Object.values(target),
    ),
  ];
  const missing = targets.filter((target) => !existsSync(path.join(repository, target)));
  if (missing.length > 0)
    throw new Error(`package.json names files the build did not make: ${missing.join(", ")}`);
}
