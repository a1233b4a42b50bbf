import { bundledLanguages } from "shiki";
import { INITIAL } from "shiki/textmate";
import { describe, expect, it } from "vitest";
import { highlighterWith } from "../../../bench/shiki-highlighter.ts";
import { readConvertedExpressions } from "../../../src/exporter/code/converted-expressions.ts";
import { TokenizedLines } from "../../../src/exporter/code/tokenized-lines.ts";
import { type TwoThemeOptions, twoThemeHast } from "../../../src/exporter/code/two-theme-hast.ts";

const THEMES = { light: "github-light", dark: "github-dark" };

function options(lang: string): TwoThemeOptions {
  return {
    lang,
    themes: THEMES,
    defaultColor: "light",
    tokenizeTimeLimit: 0,
    tokenizeMaxLineLength: 1000,
  };
}

describe("lines tokenized once per state", () => {
  it("colours a repeated line by the state before it, in either order, as Shiki does", async () => {
    // The same line inside a comment, a template string, and as code: the kept tokens of one
    // must never be handed to another.
    const blocks = [
      "const a = 1;\n",
      "/*\nconst a = 1;\n*/\nconst a = 1;\n",
      "const s = `\nconst a = 1;\n`;\nconst a = 1;\n",
      "const a = 1;\n/*\nconst a = 1;\n",
    ];
    for (const order of [blocks, [...blocks].reverse()]) {
      const { core } = await highlighterWith(THEMES, ["javascript"]);
      for (const code of order) {
        const expected = JSON.stringify(core.codeToHast(code, options("javascript")));
        expect(JSON.stringify(twoThemeHast(core, code, options("javascript"))), code).toBe(
          expected,
        );
        // And again, now from kept lines.
        expect(JSON.stringify(twoThemeHast(core, code, options("javascript"))), code).toBe(
          expected,
        );
      }
    }
  });

  it("tokenizes a line again once a grammar its block embeds is loaded", async () => {
    const { core } = await highlighterWith(THEMES, ["markdown"]);
    const code = "Some text\n\n```python\nprint('hi')\n```\n";
    const before = JSON.stringify(twoThemeHast(core, code, options("markdown")));
    const python = await bundledLanguages.python();
    readConvertedExpressions(python.default);
    await core.loadLanguage(python);
    const after = JSON.stringify(twoThemeHast(core, code, options("markdown")));
    expect(after).toBe(JSON.stringify(core.codeToHast(code, options("markdown"))));
    expect(after).not.toBe(before);
  });

  it("holds a bounded amount whatever the code blocks hold, and no very long line", () => {
    const lines = new TokenizedLines<string[]>();
    const keep = (line: string, tokens: number) =>
      lines.set(
        1,
        INITIAL,
        line,
        Array.from({ length: tokens }, () => "t"),
        tokens,
        INITIAL,
      );
    for (let index = 0; index < 30_000; index++) keep(`line ${index}`, 3);
    expect(lines.size).toBeGreaterThan(0);
    expect(lines.size).toBeLessThanOrEqual(20_000);
    // About 16 MB: 900-character lines of 100 tokens each fit well under 20,000 lines.
    for (let index = 0; index < 20_000; index++) keep(`${index} ${"x".repeat(900)}`, 100);
    expect(lines.size).toBeLessThan(10_000);
    const long = "y".repeat(5_000);
    keep(long, 1);
    expect(lines.get(1, INITIAL, long)).toBeUndefined();
    keep("short", 1);
    expect(lines.get(1, INITIAL, "short")?.tokens).toEqual(["t"]);
    expect(lines.get(2, INITIAL, "short")).toBeUndefined();
  });
});
