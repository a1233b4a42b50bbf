import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { listFiles } from "./files.ts";

export interface DeclarationOptions {
  /** The repository: its tsconfig.json and node_modules/@types are used. */
  repository: string;
  /** The modules whose types are published (absolute paths). */
  entries: string[];
  /** Output paths mirror source paths below this folder. */
  rootDir: string;
  outDir: string;
}

/**
 * Writes the `.d.ts` of each entry, and of every module its types reach, with tsc and the
 * repository's own compiler options, then renames their relative `.ts` specifiers to `.js`:
 * a consumer's TypeScript of any version resolves those to the `.d.ts` beside them.
 */
export function writeDeclarations(options: DeclarationOptions): void {
  const scratch = mkdtempSync(path.join(os.tmpdir(), "quire-declarations-"));
  try {
    const config = path.join(scratch, "tsconfig.json");
    writeFileSync(
      config,
      JSON.stringify({
        extends: path.join(options.repository, "tsconfig.json"),
        compilerOptions: {
          noEmit: false,
          declaration: true,
          emitDeclarationOnly: true,
          rootDir: options.rootDir,
          outDir: options.outDir,
          typeRoots: [path.join(options.repository, "node_modules", "@types")],
        },
        include: [],
        files: options.entries,
      }),
    );
    const require = createRequire(import.meta.url);
    const tsc = path.join(path.dirname(require.resolve("typescript/package.json")), "bin", "tsc");
    const run = spawnSync(process.execPath, [tsc, "-p", config], { encoding: "utf8" });
    if (run.status !== 0)
      throw new Error(`tsc could not write the declarations:\n${run.stdout}${run.stderr}`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  for (const file of listFiles(options.outDir).filter((name) => name.endsWith(".d.ts"))) {
    const full = path.join(options.outDir, file);
    writeFileSync(full, renameDeclarationSpecifiers(readFileSync(full, "utf8")));
  }
}

/** `from "./a.ts"`, `import("../b.ts")` and `import "./c.ts"` in a declaration file. */
const DECLARATION_SPECIFIER =
  /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(["'])(\.\.?\/[^"'\n]*)\.ts\2/g;

export function renameDeclarationSpecifiers(text: string): string {
  return text.replace(DECLARATION_SPECIFIER, "$1$2$3.js$2");
}
