/**
 * Compares one-pass two-theme highlighting (src/exporter/code/two-theme-hast.ts) with Shiki's
 * `codeToHast` on the fenced code blocks under a directory: how many blocks give the same tree
 * (as JSON), then the time per block of each, in alternating rounds after a warm-up.
 * Usage: node bench/one-pass-highlighting.ts DIR [ROUNDS] [LIGHT,DARK]
 *   e.g. node bench/generate-site.ts /tmp/shiki-corpus 2000 && node bench/one-pass-highlighting.ts /tmp/shiki-corpus
 */
import { performance } from "node:perf_hooks";
import type { HighlighterCore } from "shiki";
import { languageId } from "../src/exporter/code/highlighter.ts";
import { type TwoThemeOptions, twoThemeHast } from "../src/exporter/code/two-theme-hast.ts";
import {
  HIGHLIGHT_LINE_TIME_LIMIT_MS,
  MAX_HIGHLIGHTED_LINE_LENGTH,
} from "../src/exporter/limits.ts";
import { codeFencesUnder } from "./code-fences.ts";
import { highlighterWith } from "./shiki-highlighter.ts";

const [dir, roundsArg = "5", pairArg = "github-light,github-dark"] = process.argv.slice(2);
if (!dir) {
  console.error("Usage: node bench/one-pass-highlighting.ts DIR [ROUNDS] [LIGHT,DARK]");
  process.exit(2);
}
const [light = "", dark = ""] = pairArg.split(",");
const rounds = Number(roundsArg);

const fences = codeFencesUnder(dir);
const { core, loaded: loadedLanguages } = await highlighterWith(
  { light, dark },
  new Set(fences.map((fence) => languageId(fence.language))),
);
const loaded = new Set(["text", ...loadedLanguages]);
const blocks = fences.map((fence) => {
  const id = languageId(fence.language);
  const options: TwoThemeOptions = {
    lang: loaded.has(id) ? id : "text",
    themes: { light, dark },
    defaultColor: "light",
    tokenizeTimeLimit: HIGHLIGHT_LINE_TIME_LIMIT_MS,
    tokenizeMaxLineLength: MAX_HIGHLIGHTED_LINE_LENGTH,
  };
  return { code: fence.code, options, source: fence.source };
});

function shikiPath(highlighter: HighlighterCore, block: (typeof blocks)[number]): unknown {
  return highlighter.codeToHast(block.code, block.options);
}
function onePath(highlighter: HighlighterCore, block: (typeof blocks)[number]): unknown {
  return (
    twoThemeHast(highlighter, block.code, block.options) ??
    highlighter.codeToHast(block.code, block.options)
  );
}

// The comparison is also the warm-up of both paths.
let identical = 0;
let leftToShiki = 0;
const differing: string[] = [];
for (const block of blocks) {
  const expected = JSON.stringify(shikiPath(core, block));
  const tree = twoThemeHast(core, block.code, block.options);
  if (!tree) leftToShiki++;
  if (JSON.stringify(tree ?? shikiPath(core, block)) === expected) identical++;
  else differing.push(`${block.source} (${block.options.lang})`);
}
console.log(`${blocks.length} blocks (${[...loaded].join(", ")}), themes ${light} / ${dark}`);
console.log(
  `identical: ${identical}; different: ${differing.length}; left to Shiki (plain text etc.): ${leftToShiki}`,
);
for (const label of differing.slice(0, 20)) console.log(`  differs: ${label}`);

function timeRound(run: typeof shikiPath): number {
  const start = performance.now();
  for (const block of blocks) run(core, block);
  return ((performance.now() - start) * 1000) / blocks.length;
}
const times = { shiki: [] as number[], onePass: [] as number[] };
for (let round = 0; round < rounds; round++) {
  // Alternate which goes first, so drift in the machine's load falls on both.
  if (round % 2 === 0) {
    times.shiki.push(timeRound(shikiPath));
    times.onePass.push(timeRound(onePath));
  } else {
    times.onePass.push(timeRound(onePath));
    times.shiki.push(timeRound(shikiPath));
  }
}
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const show = (values: number[]) => values.map((value) => value.toFixed(0)).join(" ");
console.log(
  `µs per block, Shiki codeToHast: ${show(times.shiki)} (median ${median(times.shiki).toFixed(0)})`,
);
console.log(
  `µs per block, one pass:         ${show(times.onePass)} (median ${median(times.onePass).toFixed(0)})`,
);
process.exit(differing.length > 0 ? 1 : 0);
