/**
 * `npm run grammar-expressions` (`node tools/grammar-expressions.ts`): converts every expression of every bundled Shiki grammar
 * to JavaScript ahead of time, as the highlighter's engine would at run time, into
 * `src/exporter/code/grammar-expressions/` (src/exporter/code/converted-expressions.ts says why).
 * Run it again after upgrading shiki, its JavaScript engine, oniguruma-to-es or the grammars:
 * until then the table is left unused, and a test says it is out of date.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { bundledLanguagesInfo } from "shiki";
import {
  type ConvertedExpression,
  convertExpression,
  EXPRESSIONS_FOLDER,
  type ExpressionsManifest,
  expressionsFile,
  installedConversionVersions,
  MANIFEST_FILE,
  REGEX_TARGET,
  tableEntry,
} from "../src/exporter/code/converted-expressions.ts";
import { grammarExpressions, scannerSources } from "./grammar-sources.ts";

interface GrammarModule {
  default: Array<{ name: string } & Record<string, unknown>>;
}

const started = performance.now();
rmSync(EXPRESSIONS_FOLDER, { recursive: true, force: true });
mkdirSync(EXPRESSIONS_FOLDER, { recursive: true });
const written = new Set<string>();
let expressions = 0;
let failed = 0;
for (const info of bundledLanguagesInfo) {
  const module = (await import(`@shikijs/langs/${info.id}`)) as GrammarModule;
  for (const grammar of module.default) {
    if (written.has(grammar.name)) continue;
    written.add(grammar.name);
    const entries: Record<string, ConvertedExpression> = {};
    for (const expression of grammarExpressions(grammar))
      for (const source of scannerSources(expression)) {
        if (source in entries) continue;
        try {
          entries[source] = tableEntry(source, convertExpression(source));
        } catch {
          entries[source] = null;
          failed += 1;
        }
        expressions += 1;
      }
    writeFileSync(expressionsFile(grammar.name), gzipSync(JSON.stringify(entries), { level: 9 }));
  }
}
const manifest: ExpressionsManifest = {
  target: REGEX_TARGET,
  versions: installedConversionVersions(),
};
writeFileSync(
  path.join(EXPRESSIONS_FOLDER, MANIFEST_FILE),
  `${JSON.stringify(manifest, null, 2)}\n`,
);
process.stdout.write(
  `${written.size} grammars, ${expressions} expressions (${failed} not convertible) in ` +
    `${path.relative(process.cwd(), EXPRESSIONS_FOLDER)}, ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
);
