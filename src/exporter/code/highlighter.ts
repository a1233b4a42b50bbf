import type { Root } from "hast";
import {
  bundledLanguages,
  bundledLanguagesInfo,
  bundledThemes,
  createHighlighterCore,
  type HighlighterCore,
} from "shiki";
import { createJavaScriptRegexEngine } from "shiki/engine/javascript";

export const LIGHT_THEME = "github-light";
export const DARK_THEME = "github-dark";

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

/** One highlighter per thread, with the JavaScript regex engine (no WebAssembly start-up). */
function getHighlighter(): Promise<HighlighterCore> {
  highlighter ??= createHighlighterCore({
    themes: [bundledThemes[LIGHT_THEME](), bundledThemes[DARK_THEME]()],
    langs: [],
    engine: createJavaScriptRegexEngine({ forgiving: true }),
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

/** Loads the grammars of these fence languages (and the ones they embed). */
export async function loadLanguages(languages: string[]): Promise<void> {
  const core = await getHighlighter();
  const missing = [...new Set(languages.map(languageId))].filter((id) => !loaded.has(id));
  for (const id of missing) {
    const loader = bundledLanguages[id as keyof typeof bundledLanguages];
    if (!loader) continue;
    try {
      await core.loadLanguage(await loader());
      loaded.add(id);
    } catch {
      // A grammar the JavaScript engine cannot run: those blocks render as plain text.
    }
  }
  resolvedHighlighter = core;
}

let resolvedHighlighter: HighlighterCore | undefined;

/** Highlights code to a hast tree with both themes; plain text when the grammar is not loaded. */
export function highlightToHast(code: string, language: string | undefined): Root {
  const id = languageId(language);
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
  return resolvedHighlighter.codeToHast(code, {
    lang,
    themes: { light: LIGHT_THEME, dark: DARK_THEME },
    defaultColor: "light",
  }) as Root;
}
