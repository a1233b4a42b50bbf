import { applyColorReplacements, resolveColorReplacements, splitLines } from "shiki/core";
import type { ShikiPrimitive, ThemedToken } from "shiki/core";
import { EncodedTokenMetadata, INITIAL, Theme } from "shiki/textmate";
import type { IGrammar, IToken, StateStack } from "shiki/textmate";
import { ScopeMetadata } from "./scope-metadata.ts";

/**
 * Tokenizes code with a grammar ONCE and gives, for each of several themes, the token lines
 * Shiki's `codeToTokensBase` gives for that theme alone (which runs the grammar once per theme).
 * The grammar's work does not depend on the theme: `tokenizeLine` gives every token's scope
 * names, with boundaries at least as fine as `tokenizeLine2`'s, and each theme's tokens are
 * those scope tokens with neighbours of equal metadata merged, as `tokenizeLine2` merges them.
 */

export interface OnePassOptions {
  lang: string;
  themes: readonly string[];
  tokenizeMaxLineLength: number;
  tokenizeTimeLimit: number;
}

interface ThemeColors {
  theme: Theme;
  colorMap: string[];
  replacements: Record<string, string | undefined>;
}

/** vscode-textmate themes built from Shiki's resolved ones, per Shiki theme object. */
const textmateThemes = new WeakMap<object, Theme>();
/** Scope metadata per grammar, per theme list. */
const metadataByGrammar = new WeakMap<IGrammar, Map<string, ScopeMetadata | undefined>>();

function themeColors(primitive: ShikiPrimitive, name: string): ThemeColors {
  const resolved = primitive.getTheme(name);
  let theme = textmateThemes.get(resolved);
  if (!theme) {
    // As Shiki's registry builds it, so colour ids are the same.
    theme = Theme.createFromRawTheme(resolved);
    textmateThemes.set(resolved, theme);
  }
  return { theme, colorMap: theme.getColorMap(), replacements: resolveColorReplacements(resolved) };
}

function scopeMetadata(grammar: IGrammar, themes: ThemeColors[], key: string): ScopeMetadata | undefined {
  let byThemes = metadataByGrammar.get(grammar);
  if (!byThemes) {
    byThemes = new Map();
    metadataByGrammar.set(grammar, byThemes);
  }
  if (!byThemes.has(key)) byThemes.set(key, ScopeMetadata.create(grammar, themes.map((t) => t.theme)));
  return byThemes.get(key);
}

/**
 * Token lines per theme (in the order of `options.themes`), or undefined when this grammar
 * cannot be followed this way (the caller keeps Shiki's path).
 */
export function tokenizeForThemes(
  primitive: ShikiPrimitive,
  code: string,
  options: OnePassOptions,
): ThemedToken[][][] | undefined {
  const grammar = primitive.getLanguage(options.lang);
  const themes = options.themes.map((name) => themeColors(primitive, name));
  const metadata = scopeMetadata(grammar, themes, options.themes.join("\u0000"));
  if (!metadata) return undefined;
  // tokenizeLine reads the registry's theme while it builds its stacks; any loaded theme will do.
  primitive.setTheme(options.themes[0]!);

  const perTheme: ThemedToken[][][] = themes.map(() => []);
  let state: StateStack = INITIAL;
  for (const [line, lineOffset] of splitLines(code)) {
    // Shiki neither tokenizes an empty line nor a too-long one, and carries the state past both.
    if (line === "") {
      for (const lines of perTheme) lines.push([]);
      continue;
    }
    if (options.tokenizeMaxLineLength > 0 && line.length >= options.tokenizeMaxLineLength) {
      for (const lines of perTheme) lines.push([{ content: line, offset: lineOffset, color: "", fontStyle: 0 }]);
      continue;
    }
    const result = grammar.tokenizeLine(line, state, options.tokenizeTimeLimit);
    const tokenMetadata = result.tokens.map((token) => metadata.forToken(token.scopes));
    themes.forEach((colors, index) => {
      perTheme[index]!.push(themeLine(line, lineOffset, result.tokens, tokenMetadata, index, colors));
    });
    state = result.ruleStack;
  }
  return perTheme;
}

/** One theme's tokens of a line: scope tokens whose metadata equals the previous one's are merged. */
function themeLine(
  line: string,
  lineOffset: number,
  tokens: IToken[],
  tokenMetadata: number[][],
  themeIndex: number,
  colors: ThemeColors,
): ThemedToken[] {
  const starts: number[] = [];
  const metadatas: number[] = [];
  for (let index = 0; index < tokens.length; index++) {
    const start = tokens[index]!.startIndex;
    // The token of the line's added "\n" alone is dropped, as tokenizeLine2 drops it.
    if (start >= line.length) break;
    const value = tokenMetadata[index]![themeIndex]!;
    if (metadatas.length > 0 && metadatas[metadatas.length - 1] === value) continue;
    starts.push(start);
    metadatas.push(value);
  }
  const out: ThemedToken[] = [];
  for (let index = 0; index < starts.length; index++) {
    const start = starts[index]!;
    const end = index + 1 < starts.length ? starts[index + 1]! : line.length;
    if (start === end) continue;
    const value = metadatas[index]!;
    out.push({
      content: line.substring(start, end),
      offset: lineOffset + start,
      color: applyColorReplacements(colors.colorMap[EncodedTokenMetadata.getForeground(value)], colors.replacements),
      fontStyle: EncodedTokenMetadata.getFontStyle(value),
    });
  }
  return out;
}
