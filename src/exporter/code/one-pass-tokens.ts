import type { ShikiPrimitive, ThemedToken } from "shiki/core";
import { applyColorReplacements, resolveColorReplacements, splitLines } from "shiki/core";
import type { IGrammar, StateStack } from "shiki/textmate";
import { EncodedTokenMetadata, INITIAL, Theme } from "shiki/textmate";
import { ScopeMetadata } from "./scope-metadata.ts";
import { TokenizedLines } from "./tokenized-lines.ts";

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

/** Per Shiki theme object: the vscode-textmate theme built from it, its colours and replacements. */
const colorsByTheme = new WeakMap<object, ThemeColors>();
/** What is kept per grammar and theme names: the themes, their scope metadata, a scope of lines. */
interface GrammarForThemes {
  themes: Theme[];
  metadata: ScopeMetadata | undefined;
  /** This grammar and themes' part of `tokenizedLines`. */
  linesScope: number;
}

const metadataByGrammar = new WeakMap<IGrammar, Map<string, GrammarForThemes>>();
let nextLinesScope = 1;
/** The lines this thread has tokenized, for every grammar and set of themes. */
const tokenizedLines = new TokenizedLines<ScopedToken[]>();

function themeColors(primitive: ShikiPrimitive, name: string): ThemeColors {
  const resolved = primitive.getTheme(name);
  let colors = colorsByTheme.get(resolved);
  if (!colors) {
    // Built as Shiki's registry builds it, so colour ids are the same.
    const theme = Theme.createFromRawTheme(resolved);
    colors = {
      theme,
      colorMap: theme.getColorMap(),
      replacements: resolveColorReplacements(resolved),
    };
    colorsByTheme.set(resolved, colors);
  }
  return colors;
}

function forThemes(grammar: IGrammar, colors: ThemeColors[], key: string): GrammarForThemes {
  let byThemes = metadataByGrammar.get(grammar);
  if (!byThemes) {
    byThemes = new Map();
    metadataByGrammar.set(grammar, byThemes);
  }
  const themes = colors.map((color) => color.theme);
  const cached = byThemes.get(key);
  // A theme loaded again under the same name is another object: its metadata is made afresh.
  if (cached?.themes.every((theme, index) => theme === themes[index])) return cached;
  const made = {
    themes,
    metadata: ScopeMetadata.create(grammar, themes),
    linesScope: nextLinesScope++,
  };
  byThemes.set(key, made);
  return made;
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
  const [firstTheme] = options.themes;
  if (firstTheme === undefined) return undefined;
  const outputs = options.themes.map((name, index) => ({
    index,
    colors: themeColors(primitive, name),
    lines: [] as ThemedToken[][],
  }));
  const { metadata, linesScope } = forThemes(
    grammar,
    outputs.map((output) => output.colors),
    options.themes.join("\u0000"),
  );
  if (!metadata) return undefined;
  tokenizedLines.useGrammars(primitive.getLoadedLanguages().length);
  // tokenizeLine reads the registry's theme while it builds its stacks; any loaded theme will do.
  primitive.setTheme(firstTheme);

  let state: StateStack = INITIAL;
  for (const [line, lineOffset] of splitLines(code)) {
    // Shiki neither tokenizes an empty line nor a too-long one, and carries the state past both.
    if (line === "") {
      for (const output of outputs) output.lines.push([]);
      continue;
    }
    if (options.tokenizeMaxLineLength > 0 && line.length >= options.tokenizeMaxLineLength) {
      for (const output of outputs)
        output.lines.push([{ content: line, offset: lineOffset, color: "", fontStyle: 0 }]);
      continue;
    }
    let scoped: ScopedToken[];
    const known = tokenizedLines.get(linesScope, state, line);
    if (known) {
      scoped = known.tokens;
      state = known.end;
    } else {
      const result = grammar.tokenizeLine(line, state, options.tokenizeTimeLimit);
      scoped = [];
      for (const token of result.tokens) {
        // The token of the line's added "\n" alone is dropped, as tokenizeLine2 drops it.
        if (token.startIndex >= line.length) break;
        scoped.push({ start: token.startIndex, metadata: metadata.forToken(token.scopes) });
      }
      state = result.stoppedEarly
        ? tokenizedLines.intern(linesScope, result.ruleStack)
        : tokenizedLines.set(linesScope, state, line, scoped, scoped.length, result.ruleStack);
    }
    for (const output of outputs) {
      output.lines.push(themeLine(line, lineOffset, scoped, output.index, output.colors));
    }
  }
  return outputs.map((output) => output.lines);
}

interface ScopedToken {
  start: number;
  /** One per theme. */
  metadata: readonly number[];
}

interface Run {
  start: number;
  metadata: number;
}

/** One theme's tokens of a line: scope tokens whose metadata equals the previous one's are merged. */
function themeLine(
  line: string,
  lineOffset: number,
  tokens: ScopedToken[],
  themeIndex: number,
  colors: ThemeColors,
): ThemedToken[] {
  const runs: Run[] = [];
  for (const token of tokens) {
    const value = token.metadata[themeIndex];
    if (value === undefined) throw new Error(`no token metadata for theme #${themeIndex}`);
    if (runs.at(-1)?.metadata === value) continue;
    runs.push({ start: token.start, metadata: value });
  }
  const out: ThemedToken[] = [];
  runs.forEach((run, index) => {
    const end = runs[index + 1]?.start ?? line.length;
    if (run.start === end) return;
    out.push({
      content: line.substring(run.start, end),
      offset: lineOffset + run.start,
      color: applyColorReplacements(
        colors.colorMap[EncodedTokenMetadata.getForeground(run.metadata)],
        colors.replacements,
      ),
      fontStyle: EncodedTokenMetadata.getFontStyle(run.metadata),
    });
  });
  return out;
}
