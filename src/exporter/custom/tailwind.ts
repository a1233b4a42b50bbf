import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { markUsed } from "../../files/size-capped-folder.ts";
import { MAX_CANDIDATE_LENGTH } from "../mdx/class-names.ts";

/**
 * Tailwind CSS for exported pages: the utilities that pages' bodies use (raw HTML in MDX,
 * repository components rendered in the sandbox), generated at export time by the `tailwindcss`
 * v4 compiler from its own stylesheets in node_modules; nothing is fetched. Only the theme
 * variables and the utilities are generated (no preflight: its reset would restyle Quire's
 * theme), `dark:` follows the theme's `data-theme="dark"`, and every rule is nested under the
 * page content container, so no utility ever applies to the site's navigation or header.
 */

/** The elements that wrap a page body in the layout: `.prose`, or `.custom-content` in custom mode. */
export const CONTENT_SCOPE = ":is(.prose, .custom-content)";

/**
 * Utilities the theme's own stylesheet already defines the same way (Mintlify's `block dark:hidden`
 * image pairs, `sr-only`): they alone do not make a page load the Tailwind stylesheet.
 */
export const THEME_UTILITIES: ReadonlySet<string> = new Set([
  "block",
  "hidden",
  "dark:block",
  "dark:hidden",
  "sr-only",
]);

const INPUT_CSS = [
  '@import "tailwindcss/theme.css";',
  "@custom-variant dark (&:where([data-theme=dark], [data-theme=dark] *));",
  `${CONTENT_SCOPE} {`,
  "  @tailwind utilities;",
  "}",
  "",
].join("\n");

/**
 * A token that could be a class name: no spaces or quotes around it, at least one letter. `!`
 * marks a utility important before it (`!mt-0`, `dark:!text-white`) or after it (`mt-0!`).
 */
const SOURCE_CANDIDATE = /^[!-]?[\w@*[\]:./%#(),'=&>+~!-]*[a-z][\w@*[\]:./%#(),'=&>+~!-]*$/i;
/** Most tokens taken from one module's source: a generated data file does not flood the compiler. */
const MAX_SOURCE_CANDIDATES = 5000;

/**
 * Possible class names in a component's source: every whitespace-separated token of its string
 * and template literals, as Tailwind's own scanner reads source files. Components that run in
 * the page switch classes their first render did not show (`open ? "block" : "hidden"`); the
 * compiler keeps only the tokens that are utilities, so extra tokens cost nothing but a lookup.
 */
export function collectSourceCandidates(source: string): string[] {
  const candidates = new Set<string>();
  for (const literal of source.matchAll(
    /"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`/g,
  )) {
    const text = (
      literal[1] ??
      literal[2] ??
      (literal[3] ?? "").replace(/\$\{[^}]*\}/g, " ")
    ).replace(/\\[nrt]/g, " ");
    for (const token of text.split(/\s+/)) {
      if (
        token.length === 0 ||
        token.length > MAX_CANDIDATE_LENGTH ||
        !SOURCE_CANDIDATE.test(token)
      )
        continue;
      candidates.add(token);
      if (candidates.size >= MAX_SOURCE_CANDIDATES) return [...candidates];
    }
  }
  return [...candidates];
}

interface TailwindEngine {
  compile: typeof import("tailwindcss").compile;
  /** Which candidates produce CSS, one answer per candidate. */
  recognize(candidates: string[]): boolean[];
}

let engine: Promise<TailwindEngine> | undefined;

/**
 * Loads the compiler once per process (about 70 ms): the module, and its design system for
 * telling utilities from other class names.
 */
export function loadTailwind(): Promise<TailwindEngine> {
  engine ??= (async () => {
    const tailwind = await import("tailwindcss");
    const design = await tailwind.__unstable__loadDesignSystem(INPUT_CSS, compileOptions());
    return {
      compile: tailwind.compile,
      recognize: (candidates) =>
        design.candidatesToCss(candidates).map((css) => css !== null && css.trim() !== ""),
    };
  })();
  return engine;
}

/** The stylesheets Tailwind imports, read from the installed package: never from the network. */
function compileOptions() {
  const require = createRequire(import.meta.url);
  const root = path.dirname(require.resolve("tailwindcss/package.json"));
  return {
    base: root,
    loadStylesheet: async (id: string, base: string) => {
      const match = /^tailwindcss(?:\/(index|theme|utilities|preflight)(?:\.css)?)?$/.exec(id);
      if (!match)
        throw new Error(
          `Tailwind stylesheet "${id}" (from ${base}) is not available: only tailwindcss's own are`,
        );
      const file = path.join(root, `${match[1] ?? "index"}.css`);
      return { path: file, base: root, content: readFileSync(file, "utf8") };
    },
    loadModule: async (id: string): Promise<never> => {
      throw new Error(`Tailwind plugins and configs are not loaded at export ("${id}")`);
    },
  };
}

/**
 * The candidates that are Tailwind utilities (they produce CSS), in the order given. With a cache
 * folder, the answers of earlier exports are kept there, so re-exporting pages whose class names
 * are all known loads no compiler at all.
 */
export async function tailwindUtilities(
  candidates: Iterable<string>,
  cacheDir?: string,
): Promise<string[]> {
  const list = [...new Set(candidates)];
  if (list.length === 0) return [];
  const file = cacheDir ? path.join(cacheFolder(cacheDir), "classes.json") : undefined;
  const known = file ? readKnownClasses(file) : new Map<string, boolean>();
  const unknown = list.filter((candidate) => !known.has(candidate));
  if (unknown.length > 0) {
    const { recognize } = await loadTailwind();
    const answers = recognize(unknown);
    for (const [index, candidate] of unknown.entries())
      known.set(candidate, answers[index] === true);
    if (file) writeKnownClasses(file, known);
  }
  return list.filter((candidate) => known.get(candidate));
}

/** Beyond this many remembered class names, the list starts again rather than grow without end. */
const MAX_KNOWN_CLASSES = 100_000;

function readKnownClasses(file: string): Map<string, boolean> {
  const known = new Map<string, boolean>();
  try {
    const saved = JSON.parse(readFileSync(file, "utf8")) as {
      utilities?: unknown;
      others?: unknown;
    };
    if (Array.isArray(saved.utilities))
      for (const name of saved.utilities) known.set(String(name), true);
    if (Array.isArray(saved.others))
      for (const name of saved.others) known.set(String(name), false);
    markUsed(file);
  } catch {
    // No list yet, or an unreadable one: every name is classified again.
  }
  return known;
}

function writeKnownClasses(file: string, known: Map<string, boolean>): void {
  const entries = known.size > MAX_KNOWN_CLASSES ? [] : [...known];
  const utilities = entries.filter(([, utility]) => utility).map(([name]) => name);
  const others = entries.filter(([, utility]) => !utility).map(([name]) => name);
  writeAtomically(file, JSON.stringify({ utilities, others }));
}

function writeAtomically(file: string, content: string): void {
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    writeFileSync(temporary, content);
    renameSync(temporary, file);
  } catch {
    // A cache that cannot be written only costs time on the next export.
  }
}

let cacheVersion: string | undefined;

/** The cache's folder for this Tailwind version and this module's source: either changing starts afresh. */
function cacheFolder(cacheDir: string): string {
  if (!cacheVersion) {
    const require = createRequire(import.meta.url);
    cacheVersion = createHash("sha256")
      .update(readFileSync(require.resolve("tailwindcss/package.json")))
      .update(readFileSync(fileURLToPath(import.meta.url)))
      .digest("hex")
      .slice(0, 16);
  }
  return path.join(cacheDir, "tailwind", cacheVersion);
}

/** Whether a page with these utilities needs the Tailwind stylesheet (the theme covers a few itself). */
export function needsTailwindStylesheet(utilities: Iterable<string>): boolean {
  for (const utility of utilities) if (!THEME_UTILITIES.has(utility)) return true;
  return false;
}

/**
 * The CSS for these candidates: theme variables and utilities, every rule under the content
 * container; other class names produce nothing. Empty when no candidate is a utility.
 */
export async function buildTailwindCss(
  candidates: Iterable<string>,
  cacheDir?: string,
): Promise<string> {
  const utilities = await tailwindUtilities(
    [...candidates].filter((candidate) => !candidate.startsWith("--")),
    cacheDir,
  );
  if (utilities.length === 0) return "";
  const digest = createHash("sha256")
    .update([...utilities].sort().join("\n"))
    .digest("hex");
  const cached = cacheDir ? path.join(cacheFolder(cacheDir), `${digest}.css`) : undefined;
  if (cached) {
    try {
      const css = readFileSync(cached, "utf8");
      markUsed(cached);
      return css;
    } catch {
      // Not built yet for this set of utilities.
    }
  }
  const { compile } = await loadTailwind();
  const compiler = await compile(INPUT_CSS, compileOptions());
  const css = scopeGlobals(compiler.build(utilities));
  // Minified for the same browsers as the theme's stylesheet (range media queries are lowered).
  const { transform } = await import("esbuild");
  const result = await transform(css, {
    loader: "css",
    minify: true,
    target: ["chrome100", "firefox100", "safari15"],
    legalComments: "inline",
  });
  if (cached) writeAtomically(cached, result.code);
  return result.code;
}

/**
 * `space-*` and `divide-*` as Tailwind v3 wrote them, the version pages written for Mintlify
 * use. v4 spaces every child but the last from the next one, in a rule wrapped in `:where()`
 * that weighs nothing; v3 spaced every child but the first from the one before, with the weight
 * of its selector. In content whose paragraphs and headings have margins of their own (the
 * theme's), the difference shows: v4's gaps lose to the theme's margins. Each such rule gets
 * v3's selector and its sides swapped back.
 */
function v3SpaceAndDivide(css: string): string {
  return css.replace(
    SPACED_CHILDREN_RULE,
    (_rule, indent: string, selector: string, body: string) =>
      `${indent}${selector} > :not([hidden]) ~ :not([hidden]) {\n${swapSides(body)}}`,
  );
}

/** A v4 rule of `space-*` or `divide-*` under the content scope, as the compiler writes it. */
const SPACED_CHILDREN_RULE = new RegExp(
  `^(\\s*):where\\((${CONTENT_SCOPE.replace(/[.()]/g, "\\$&")} [^{]*?) > :not\\(:last-child\\)\\) \\{\\n([^{}]*)\\}`,
  "gm",
);

const OPPOSITE_SIDES: Record<string, string> = {
  "inline-start": "inline-end",
  "inline-end": "inline-start",
  "block-start": "block-end",
  "block-end": "block-start",
  top: "bottom",
  bottom: "top",
  left: "right",
  right: "left",
};

function swapSides(declarations: string): string {
  return declarations.replace(
    /\b(margin|border)-(inline-start|inline-end|block-start|block-end|top|bottom|left|right)\b/g,
    (_name, property: string, side: string) => `${property}-${OPPOSITE_SIDES[side]}`,
  );
}

/**
 * The few rules Tailwind writes outside the nesting: its theme variables on `:root, :host`, and
 * the fallback that sets its `--tw-*` variables on every element in browsers without `@property`.
 * Both move under the content container too, so nothing of it reaches the theme's chrome.
 */
function scopeGlobals(css: string): string {
  return v3SpaceAndDivide(css)
    .replace(/^(\s*):root, :host \{/gm, `$1${CONTENT_SCOPE} {`)
    .replace(
      /^(\s*)\*, ::before, ::after, ::backdrop \{/gm,
      `$1${CONTENT_SCOPE} *, ${CONTENT_SCOPE} ::before, ${CONTENT_SCOPE} ::after {`,
    );
}
