import { createRequire } from "node:module";
import type { Root } from "hast";
import {
  bundledLanguages,
  bundledLanguagesInfo,
  bundledThemes,
  createHighlighterCore,
  type HighlighterCore,
  type RegexEngine,
  type ShikiTransformer,
} from "shiki";
import { createJavaScriptRegexEngine } from "shiki/engine/javascript";
import { HIGHLIGHT_LINE_TIME_LIMIT_MS, MAX_HIGHLIGHTED_LINE_LENGTH } from "../limits.ts";
import { expressionFor, REGEX_TARGET, readConvertedExpressions } from "./converted-expressions.ts";
import { type TwoThemeOptions, twoThemeHast } from "./two-theme-hast.ts";

export const LIGHT_THEME = "github-light";
export const DARK_THEME = "github-dark";

/** The Shiki themes code is highlighted in: Quire's pair unless docs.json `styling.codeblocks` names others. */
export interface CodeThemes {
  light: string;
  dark: string;
}

const DEFAULT_THEMES: CodeThemes = { light: LIGHT_THEME, dark: DARK_THEME };
let themes: CodeThemes = DEFAULT_THEMES;

/**
 * Chooses this thread's code themes (one export renders with one pair); the default pair when
 * none is given, so output stays byte for byte what it was unless a site asks otherwise. Themes
 * are loaded with the next `loadLanguages`.
 */
export function useCodeThemes(next: CodeThemes | undefined): void {
  themes = next ?? DEFAULT_THEMES;
}

/** The themes in use, as part of any cache key of highlighted output. */
export function codeThemesKey(): string {
  return `${themes.light}\u0000${themes.dark}`;
}

/** Language names and aliases Shiki knows → its canonical id. */
const LANGUAGE_IDS = new Map<string, string>();
for (const info of bundledLanguagesInfo) {
  LANGUAGE_IDS.set(info.id, info.id);
  for (const alias of info.aliases ?? []) LANGUAGE_IDS.set(alias, info.id);
}
/** Names docs use that Shiki spells differently, or that mean plain text. */
const EXTRA_ALIASES: Record<string, string> = {
  curl: "bash",
  console: "shellsession",
  terminal: "bash",
  env: "dotenv",
  jsonc: "jsonc",
  "c++": "cpp",
  golang: "go",
  text: "text",
  plaintext: "text",
  txt: "text",
  plain: "text",
  none: "text",
};

let highlighter: Promise<HighlighterCore> | undefined;
const loaded = new Set<string>(["text"]);
/** Grammars that failed to load, not tried again. */
const unusable = new Set<string>();

/**
 * The JavaScript regex engine Quire highlights with (no WebAssembly start-up), its expressions
 * written for `REGEX_TARGET` and, where the table converted ahead of time holds them, taken
 * from it (converted-expressions.ts).
 */
export function highlightRegexEngine(): RegexEngine {
  return createJavaScriptRegexEngine({
    forgiving: true,
    target: REGEX_TARGET,
    regexConstructor: expressionFor,
  });
}

/** One highlighter per thread. */
function getHighlighter(): Promise<HighlighterCore> {
  highlighter ??= createHighlighterCore({
    themes: [bundledThemes[LIGHT_THEME](), bundledThemes[DARK_THEME]()],
    langs: [],
    engine: highlightRegexEngine(),
  });
  return highlighter;
}

/** Shiki's id for a fence language, or `text` when it has no grammar for it. */
export function languageId(language: string | undefined): string {
  if (!language) return "text";
  const lower = language.toLowerCase();
  const alias = EXTRA_ALIASES[lower] ?? lower;
  return LANGUAGE_IDS.get(alias) ?? (alias === "text" ? "text" : "text");
}

/** Loads the grammars of these fence languages (and the ones they embed), and the themes in use. */
export async function loadLanguages(languages: string[]): Promise<void> {
  const core = await getHighlighter();
  const loadedThemes = new Set(core.getLoadedThemes());
  for (const name of [themes.light, themes.dark]) {
    const loader = bundledThemes[name as keyof typeof bundledThemes];
    if (!loadedThemes.has(name) && loader) await core.loadTheme(loader());
  }
  loadGrammarsNow(core, languages);
  resolvedHighlighter = core;
}

type GrammarModule = Awaited<ReturnType<(typeof bundledLanguages)[keyof typeof bundledLanguages]>>;

const requireGrammar = createRequire(import.meta.url);

/**
 * Loads the grammars of `languages` not loaded yet, synchronously (Node loads an ES module with
 * `require`), so a block a component builds in the middle of a render gets its grammar too.
 * Each comes after the languages it embeds lazily (MDX's JSX and fenced code, Markdown's
 * fenced code, Vue's and Svelte's scripts): Shiki highlights such a part only if its grammar
 * happens to be loaded. Without either, a block's colours depended on the blocks its render
 * thread had met before: two exports of mintlify/docs differed on an MDX block and on the
 * HTML a component's `<CodeBlock>` showed.
 */
function loadGrammarsNow(core: HighlighterCore, languages: string[]): void {
  // Grammars may embed each other: each is visited once per call.
  const visited = new Set<string>();
  const visit = (id: string): void => {
    if (loaded.has(id) || unusable.has(id) || visited.has(id)) return;
    visited.add(id);
    if (!(id in bundledLanguages)) return;
    const grammar = requireGrammar(`@shikijs/langs/${id}`) as GrammarModule;
    for (const part of grammar.default)
      for (const embedded of part.embeddedLangsLazy ?? []) visit(languageId(embedded));
    readConvertedExpressions(grammar.default);
    try {
      core.loadLanguageSync(grammar.default);
      loaded.add(id);
    } catch {
      // A grammar the JavaScript engine cannot run: those blocks render as plain text.
      unusable.add(id);
    }
  };
  for (const language of languages) visit(languageId(language));
}

let resolvedHighlighter: HighlighterCore | undefined;

/**
 * Highlights code to a hast tree with both themes; plain text when the grammar is not loaded.
 * `transformers` change the output (twoslash's type hovers); none for ordinary blocks.
 */
export function highlightToHast(
  code: string,
  language: string | undefined,
  transformers: ShikiTransformer[] = [],
): Root {
  const id = languageId(language);
  if (resolvedHighlighter && !loaded.has(id) && !unusable.has(id))
    loadGrammarsNow(resolvedHighlighter, [id]);
  const lang = loaded.has(id) ? id : "text";
  if (!resolvedHighlighter) {
    return {
      type: "root",
      children: [
        {
          type: "element",
          tagName: "pre",
          properties: { className: ["shiki"] },
          children: [
            {
              type: "element",
              tagName: "code",
              properties: {},
              children: code.split("\n").map((line, index, all) => ({
                type: "element",
                tagName: "span",
                properties: { className: ["line"] },
                children: [{ type: "text", value: line + (index < all.length - 1 ? "" : "") }],
              })),
            },
          ],
        },
      ],
    } as Root;
  }
  const options: TwoThemeOptions = {
    lang,
    themes: { light: themes.light, dark: themes.dark },
    defaultColor: "light",
    tokenizeTimeLimit: HIGHLIGHT_LINE_TIME_LIMIT_MS,
    tokenizeMaxLineLength: MAX_HIGHLIGHTED_LINE_LENGTH,
  };
  // Transformers (twoslash) see Shiki's own steps, so those blocks keep Shiki's whole path.
  if (transformers.length > 0)
    return resolvedHighlighter.codeToHast(code, { ...options, transformers }) as Root;
  return (
    twoThemeHast(resolvedHighlighter, code, options) ??
    (resolvedHighlighter.codeToHast(code, options) as Root)
  );
}
