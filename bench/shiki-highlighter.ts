/**
 * A Shiki highlighter built as the exporter builds its own (JavaScript regex engine, its
 * expressions converted ahead of time, the given light and dark themes), with whichever of these grammars that engine can run; for the one-pass
 * highlighting bench and its comparison test.
 */
import {
  bundledLanguages,
  bundledThemes,
  createHighlighterCore,
  type HighlighterCore,
} from "shiki";
import { readConvertedExpressions } from "../src/exporter/code/converted-expressions.ts";
import { highlightRegexEngine } from "../src/exporter/code/highlighter.ts";

export interface ThemePair {
  light: string;
  dark: string;
}

export async function highlighterWith(
  themes: ThemePair,
  languages: Iterable<string>,
): Promise<{ core: HighlighterCore; loaded: string[] }> {
  const core = await createHighlighterCore({
    themes: [
      bundledThemes[themes.light as keyof typeof bundledThemes](),
      bundledThemes[themes.dark as keyof typeof bundledThemes](),
    ],
    langs: [],
    engine: highlightRegexEngine(),
  });
  const loaded: string[] = [];
  for (const id of languages) {
    const loader = bundledLanguages[id as keyof typeof bundledLanguages];
    if (!loader) continue;
    try {
      const grammars = await loader();
      readConvertedExpressions(grammars.default);
      await core.loadLanguage(grammars);
      loaded.push(id);
    } catch {
      // The exporter renders such a language as plain text.
    }
  }
  return { core, loaded };
}
