import path from "node:path";
import { fileURLToPath } from "node:url";
import { bundledLanguagesInfo, type HighlighterCore } from "shiki";
import { describe, expect, it } from "vitest";
import { codeFencesUnder } from "../../../bench/code-fences.ts";
import { highlighterWith, type ThemePair } from "../../../bench/shiki-highlighter.ts";
import { languageId } from "../../../src/exporter/code/highlighter.ts";
import { type TwoThemeOptions, twoThemeHast } from "../../../src/exporter/code/two-theme-hast.ts";
import {
  HIGHLIGHT_LINE_TIME_LIMIT_MS,
  MAX_HIGHLIGHTED_LINE_LENGTH,
} from "../../../src/exporter/limits.ts";
import { GENERIC_SNIPPETS, LANGUAGE_SNIPPETS } from "./highlight-corpus.ts";

const EXAMPLES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../examples");

interface Outcome {
  differences: string[];
  /** Blocks of a language with a grammar that the one-pass path left to Shiki. */
  leftToShiki: string[];
  compared: number;
}

/** Compares the one-pass tree with Shiki's `codeToHast` on each block, as JSON (key order included). */
function compareAll(
  core: HighlighterCore,
  themes: ThemePair,
  blocks: { lang: string; code: string; label: string }[],
  maxLineLength = MAX_HIGHLIGHTED_LINE_LENGTH,
): Outcome {
  const outcome: Outcome = { differences: [], leftToShiki: [], compared: 0 };
  for (const { lang, code, label } of blocks) {
    const options: TwoThemeOptions = {
      lang,
      themes,
      defaultColor: "light",
      tokenizeTimeLimit: HIGHLIGHT_LINE_TIME_LIMIT_MS,
      tokenizeMaxLineLength: maxLineLength,
    };
    const expected = JSON.stringify(core.codeToHast(code, options));
    const tree = twoThemeHast(core, code, options);
    outcome.compared++;
    if (!tree) {
      if (lang !== "text" && lang !== "ansi") outcome.leftToShiki.push(label);
      continue;
    }
    if (JSON.stringify(tree) !== expected) outcome.differences.push(label);
  }
  return outcome;
}

function snippetBlocks(languages: string[]): { lang: string; code: string; label: string }[] {
  return languages.flatMap((lang) => [
    ...GENERIC_SNIPPETS.map((code, index) => ({ lang, code, label: `${lang} generic #${index}` })),
    ...(LANGUAGE_SNIPPETS[lang] ?? []).map((code, index) => ({
      lang,
      code,
      label: `${lang} own #${index}`,
    })),
  ]);
}

const DEFAULT_PAIR: ThemePair = { light: "github-light", dark: "github-dark" };
/**
 * The languages of the hand-written snippets and every fifth other bundled grammar: a spread
 * that keeps this file's time in the suite reasonable. All 242 were compared when the one-pass
 * path was written (docs/decisions.md); `bench/one-pass-highlighting.ts` compares any tree.
 */
const LANGUAGES = [
  ...new Set([
    ...Object.keys(LANGUAGE_SNIPPETS),
    ...bundledLanguagesInfo.map((info) => info.id).filter((_, index) => index % 5 === 0),
  ]),
];

describe("one-pass two-theme highlighting", () => {
  it("gives Shiki's tree for a spread of the bundled languages on the snippets", async () => {
    const { core, loaded } = await highlighterWith(DEFAULT_PAIR, LANGUAGES);
    expect(loaded.length).toBeGreaterThan(70);
    const outcome = compareAll(core, DEFAULT_PAIR, snippetBlocks(loaded));
    expect(outcome.differences).toEqual([]);
    expect(outcome.leftToShiki).toEqual([]);
  }, 600_000);

  it("gives Shiki's tree for every code block of the example sites", async () => {
    const fences = codeFencesUnder(EXAMPLES);
    expect(fences.length).toBeGreaterThanOrEqual(20);
    const blocks = fences.map((fence) => ({
      lang: languageId(fence.language),
      code: fence.code,
      label: fence.source,
    }));
    const { core, loaded } = await highlighterWith(DEFAULT_PAIR, [
      ...new Set(blocks.map((block) => block.lang)),
    ]);
    const usable = blocks.map((block) =>
      loaded.includes(block.lang) ? block : { ...block, lang: "text" },
    );
    const outcome = compareAll(core, DEFAULT_PAIR, usable);
    expect(outcome.differences).toEqual([]);
    expect(outcome.leftToShiki).toEqual([]);
    expect(usable.filter((block) => block.lang !== "text").length).toBeGreaterThanOrEqual(15);
  }, 300_000);

  const otherPairs: ThemePair[] = [
    { light: "one-light", dark: "one-dark-pro" }, // one-light has colours that are not hex: replaced
    { light: "ayu-light", dark: "ayu-dark" }, // background rules
    { light: "solarized-light", dark: "night-owl" }, // rules on parent scopes, underline
  ];
  for (const pair of otherPairs) {
    it(`gives Shiki's tree with ${pair.light} / ${pair.dark}`, async () => {
      const { core, loaded } = await highlighterWith(pair, Object.keys(LANGUAGE_SNIPPETS));
      const outcome = compareAll(core, pair, snippetBlocks(loaded));
      expect(outcome.differences).toEqual([]);
      expect(outcome.leftToShiki).toEqual([]);
    }, 300_000);
  }

  it("gives Shiki's tree where lines reach the length past which Shiki does not tokenize", async () => {
    const languages = ["typescript", "markdown", "html", "python", "json"];
    const { core, loaded } = await highlighterWith(DEFAULT_PAIR, languages);
    // A short limit makes many lines too long, the state carried past them into the next lines.
    expect(compareAll(core, DEFAULT_PAIR, snippetBlocks(loaded), 24).differences).toEqual([]);
    const long = `const a = "${"x".repeat(MAX_HIGHLIGHTED_LINE_LENGTH)}";\nconst b = 'after';\n/* ${"y ".repeat(MAX_HIGHLIGHTED_LINE_LENGTH / 4)}\nstill comment */`;
    const blocks = loaded.map((lang) => ({ lang, code: long, label: `${lang} long` }));
    expect(compareAll(core, DEFAULT_PAIR, blocks).differences).toEqual([]);
  }, 300_000);

  it("leaves plain text and ANSI to Shiki", async () => {
    const { core } = await highlighterWith(DEFAULT_PAIR, ["ansi"]);
    const options: TwoThemeOptions = {
      lang: "text",
      themes: DEFAULT_PAIR,
      defaultColor: "light",
      tokenizeTimeLimit: HIGHLIGHT_LINE_TIME_LIMIT_MS,
      tokenizeMaxLineLength: MAX_HIGHLIGHTED_LINE_LENGTH,
    };
    expect(twoThemeHast(core, "plain", options)).toBeUndefined();
    expect(
      twoThemeHast(core, "\u001b[31mred\u001b[0m", { ...options, lang: "ansi" }),
    ).toBeUndefined();
  });
});
