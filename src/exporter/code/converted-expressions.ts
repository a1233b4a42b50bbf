import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { EmulatedRegExp } from "oniguruma-to-es";
import { defaultJavaScriptRegexConstructor } from "shiki/engine/javascript";

/**
 * How a grammar's Oniguruma expression becomes the JavaScript one Shiki's engine runs: from a
 * table converted ahead of time when it holds the expression, else converted on the spot.
 *
 * Converting is the engine's own first step for each expression a thread meets: about 0.4 s of
 * CPU a render thread for a site with a few languages, paid again by every thread of every
 * export (docs/decisions.md, "An eighteenth pass"). `tools/grammar-expressions.ts` runs the
 * same conversion over every bundled grammar and writes what it gives into
 * `grammar-expressions/`, one gzipped JSON file per grammar; a thread reads the files of the
 * grammars it loads. The table is only read with the very versions it was made from (any other
 * engine, converter or grammars installed, and every expression is converted as before); an
 * expression not in it (an end pattern with a capture's text put in) is converted as before.
 */

/**
 * The JavaScript syntax expressions are written for: ES2024. A grammar's case-insensitive part
 * (`(?i:new)-Item`) is spelled out in character classes (`[Nn][Ee][Ww]-Item`), or takes the
 * `i` flag when it is the whole expression, instead of the modifier groups V8 now runs itself.
 * Under V8's default compilation of expressions (interpreted first, compiled once run), such a
 * group could answer differently on the same text depending on what had run before it:
 * PowerShell's `New-Item` was one token or three from one export to the next (decisions.md,
 * "Highlighting that depended on the pages before"). Both targets convert the same patterns of
 * every bundled grammar, and highlight them alike.
 */
export const REGEX_TARGET = "ES2024";

/** The engine's own conversion of one expression, as Quire configures it. */
export function convertExpression(pattern: string): RegExp {
  return defaultJavaScriptRegexConstructor(pattern, { target: REGEX_TARGET });
}

/** The expression for `pattern`: the table's when it holds it, else converted now. */
export function expressionFor(pattern: string): RegExp {
  return convertedExpression(pattern) ?? convertExpression(pattern);
}

/** Where the generator writes and a thread reads. */
export const EXPRESSIONS_FOLDER = path.join(import.meta.dirname, "grammar-expressions");
export const MANIFEST_FILE = "manifest.json";

/** The file of one grammar's expressions, by the grammar's name (`python`, `cpp`). */
export function expressionsFile(grammarName: string): string {
  return path.join(EXPRESSIONS_FOLDER, `${encodeURIComponent(grammarName)}.json.gz`);
}

/** What the table was made with. */
export interface ExpressionsManifest {
  target: string;
  versions: Record<string, string>;
}

/**
 * One converted expression: its JavaScript source (`0` when that is the Oniguruma source as it
 * is), its flags, and the emulation's options when it needs `EmulatedRegExp`; `null` when the
 * conversion failed (the engine then skips the expression).
 */
export type ConvertedExpression =
  | [source: string | 0, flags: string, options?: EmulationOptions]
  | null;

/** `EmulatedRegExp`'s options, which the package does not export by name. */
type EmulationOptions = EmulatedRegExp["rawOptions"];

/** `regex`, the conversion of `pattern`, as the table holds it. */
export function tableEntry(pattern: string, regex: RegExp): ConvertedExpression {
  const source = regex.source === pattern ? 0 : regex.source;
  return regex instanceof EmulatedRegExp
    ? [source, regex.flags, regex.rawOptions]
    : [source, regex.flags];
}

/**
 * The installed versions the conversion depends on: shiki and its JavaScript engine, the
 * converter that engine imports (which must be the one Quire builds `EmulatedRegExp` from),
 * and the grammars.
 */
export function installedConversionVersions(): Record<string, string> {
  const here = import.meta.filename;
  const shiki = packageManifest("shiki", here);
  const engine = packageManifest("@shikijs/engine-javascript", shiki);
  const converter = packageManifest("oniguruma-to-es", engine);
  const sameConverter = packageManifest("oniguruma-to-es", here) === converter;
  return {
    shiki: versionOf(shiki),
    "@shikijs/engine-javascript": versionOf(engine),
    "oniguruma-to-es": versionOf(converter) + (sameConverter ? "" : " (two copies)"),
    "@shikijs/langs": versionOf(packageManifest("@shikijs/langs", here)),
  };
}

/** The package.json of `name` as `from` resolves it (a package need not export the file). */
function packageManifest(name: string, from: string): string {
  const entry = createRequire(from).resolve(name);
  for (let folder = path.dirname(entry); folder !== path.dirname(folder); ) {
    const candidate = path.join(folder, "package.json");
    try {
      if ((JSON.parse(readFileSync(candidate, "utf8")) as { name?: string }).name === name)
        return candidate;
    } catch {
      // No manifest at this level.
    }
    folder = path.dirname(folder);
  }
  throw new Error(`no package.json for ${name} above ${entry}`);
}

function versionOf(manifestFile: string): string {
  return (JSON.parse(readFileSync(manifestFile, "utf8")) as { version: string }).version;
}

let usable: boolean | undefined;
const table = new Map<string, ConvertedExpression>();
const grammarsRead = new Set<string>();

/** Whether the table was made for what is installed (checked once a thread). */
function tableUsable(): boolean {
  if (usable !== undefined) return usable;
  try {
    const manifest = JSON.parse(
      readFileSync(path.join(EXPRESSIONS_FOLDER, MANIFEST_FILE), "utf8"),
    ) as ExpressionsManifest;
    usable = manifestMatches(manifest, installedConversionVersions());
  } catch {
    usable = false;
  }
  return usable;
}

/** Whether a table made as `manifest` says converts as the installed `versions` would. */
export function manifestMatches(
  manifest: ExpressionsManifest,
  versions: Record<string, string>,
): boolean {
  return (
    manifest.target === REGEX_TARGET &&
    Object.keys(versions).every((name) => manifest.versions[name] === versions[name])
  );
}

/**
 * Adds the converted expressions of these grammars (a language module's, the language and the
 * ones it embeds) to this thread's table, each once; none for a grammar without a file.
 */
export function readConvertedExpressions(grammars: readonly { name: string }[]): void {
  if (!tableUsable()) return;
  for (const { name } of grammars) {
    if (grammarsRead.has(name)) continue;
    grammarsRead.add(name);
    let entries: Record<string, ConvertedExpression>;
    try {
      entries = JSON.parse(gunzipSync(readFileSync(expressionsFile(name))).toString("utf8"));
    } catch {
      continue; // A grammar the generator did not see: its expressions are converted as met.
    }
    for (const pattern in entries) table.set(pattern, entries[pattern] ?? null);
  }
}

/**
 * The table's expression for `pattern`, built as the engine's conversion builds it;
 * `undefined` when the table does not hold it. Throws for a pattern whose conversion failed,
 * as the conversion does.
 */
function convertedExpression(pattern: string): RegExp | undefined {
  const converted = table.get(pattern);
  if (converted === undefined) return undefined;
  if (converted === null) throw new Error(`the pattern could not be converted: ${pattern}`);
  const [source, flags, options] = converted;
  const text = source === 0 ? pattern : source;
  return options ? new EmulatedRegExp(text, flags, options) : new RegExp(text, flags);
}
