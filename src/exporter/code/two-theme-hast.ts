import type { Root } from "hast";
import {
  type CodeToHastOptions,
  codeToTokensWithThemes,
  flatTokenVariants,
  type HighlighterCore,
  isSpecialLang,
  type ThemedToken,
  tokensToHast,
} from "shiki/core";
import { tokenizeForThemes } from "./one-pass-tokens.ts";

/**
 * `codeToHast` with a light and a dark theme, the grammar run once instead of once per theme.
 * Only the tokenizing is Quire's (one-pass-tokens.ts); Shiki aligns the two themes' tokens, styles
 * them and builds the tree, as its own `codeToHast` does with the same options.
 */

export interface TwoThemeOptions {
  lang: string;
  themes: { light: string; dark: string };
  defaultColor: "light";
  tokenizeTimeLimit: number;
  tokenizeMaxLineLength: number;
}

/** The languages Shiki handles without a grammar, and ones left to Shiki on purpose. */
function keepsShikiPath(lang: string): boolean {
  return isSpecialLang(lang);
}

/**
 * The tree Shiki's `codeToHast(code, options)` gives, or undefined when this language is left to
 * Shiki (plain text, ANSI, or a grammar this cannot follow); the caller then calls Shiki.
 */
export function twoThemeHast(
  core: HighlighterCore,
  code: string,
  options: TwoThemeOptions,
): Root | undefined {
  const primitive = core.getInternalContext();
  const lang = primitive.resolveLangAlias(options.lang);
  if (keepsShikiPath(lang)) return undefined;
  const themeOrder = ["light", "dark"] as const; // the default colour first, as Shiki sorts them
  const perTheme = tokenizeForThemes(primitive, code, {
    lang,
    themes: themeOrder.map((color) => options.themes[color]),
    tokenizeMaxLineLength: options.tokenizeMaxLineLength,
    tokenizeTimeLimit: options.tokenizeTimeLimit,
  });
  if (!perTheme) return undefined;

  const byTheme = new Map(
    themeOrder.map((color, index) => [options.themes[color], perTheme[index]]),
  );
  // Shiki asks for each theme's tokens in turn; both were made in the one pass above.
  const merged = codeToTokensWithThemes(primitive, code, options, (_primitive, _code, asked) => {
    const tokens = byTheme.get(asked?.theme as string);
    if (!tokens)
      throw new Error(`one-pass highlighting has no tokens for theme ${String(asked?.theme)}`);
    return tokens;
  });
  const tokens = mergeWhitespaceTokens(
    merged.map((line) =>
      line.map((token) =>
        flatTokenVariants(token, [...themeOrder], "--shiki-", options.defaultColor),
      ),
    ),
  );
  const frame = codeFrame(core, options);
  const hastOptions: CodeToHastOptions = { ...options, ...frame };
  return tokensToHast(tokens, hastOptions, {
    meta: {},
    options: hastOptions,
    codeToHast: (text, more) => core.codeToHast(text, more),
    codeToTokens: (text, more) => core.codeToTokens(text, more),
    source: code,
  }) as Root;
}

interface CodeFrame {
  fg: string;
  bg: string;
  themeName: string;
  rootStyle: string | false | undefined;
}

const frames = new Map<string, CodeFrame>();

/**
 * The `<pre>`'s colours and class, which depend only on the themes: Shiki's own, from tokenizing
 * nothing (an empty line is not run through the grammar).
 */
function codeFrame(core: HighlighterCore, options: TwoThemeOptions): CodeFrame {
  const key = `${options.themes.light}\u0000${options.themes.dark}\u0000${options.defaultColor}`;
  let frame = frames.get(key);
  if (!frame) {
    const result = core.codeToTokens("", options);
    frame = {
      fg: result.fg ?? "",
      bg: result.bg ?? "",
      themeName: result.themeName ?? "",
      rootStyle: result.rootStyle,
    };
    frames.set(key, frame);
  }
  return frame;
}

const WHITESPACE_ONLY = /^\s+$/;
const UNDERLINE = 4;
const STRIKETHROUGH = 8;

/**
 * Shiki's `mergeWhitespaces: true` step (not exported by it): a whitespace-only token is carried
 * into the next token of its line, unless a token is underlined or struck through.
 */
function mergeWhitespaceTokens(lines: ThemedToken[][]): ThemedToken[][] {
  return lines.map((line) => {
    const out: ThemedToken[] = [];
    let carried = "";
    let carriedOffset = 0;
    line.forEach((token, index) => {
      const decorated = Boolean(
        token.fontStyle && (token.fontStyle & UNDERLINE || token.fontStyle & STRIKETHROUGH),
      );
      if (!decorated && WHITESPACE_ONLY.test(token.content) && line[index + 1]) {
        if (carried === "") carriedOffset = token.offset;
        carried += token.content;
      } else if (carried) {
        if (decorated) out.push({ content: carried, offset: carriedOffset }, token);
        else out.push({ ...token, offset: carriedOffset, content: carried + token.content });
        carried = "";
      } else {
        out.push(token);
      }
    });
    return out;
  });
}
