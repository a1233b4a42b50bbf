import type { Code } from "mdast";
import type { Problem } from "../../problems.ts";
import { parseCodeMeta } from "../meta.ts";
import { readNotations } from "../notations.ts";
import type { TwoslashData, TwoslashExtension } from "./twoslash-protocol.ts";
import { loadTwoslashRenderer } from "./twoslash-render.ts";
import { twoslashChecker } from "./twoslash-thread.ts";

/** The part of mdx/'s node data that names the snippet a block was inlined from (code/ does not import mdx/). */
interface InlinedFrom {
  sourceFile?: string;
}

/** Fence languages twoslash checks, as the file type it checks them as. */
const EXTENSIONS: Record<string, TwoslashExtension> = {
  ts: "ts",
  typescript: "ts",
  tsx: "tsx",
  js: "js",
  javascript: "js",
  jsx: "jsx",
};

/** The file type a twoslash block of this fence language is checked as, if any. */
export function twoslashExtension(language: string | undefined): TwoslashExtension | undefined {
  return language ? EXTENSIONS[language.toLowerCase()] : undefined;
}

/** A page's twoslash results by code and language, for the code block renderer. */
export type TwoslashLookup = (
  code: string,
  language: string | undefined,
) => TwoslashData | undefined;

export interface PageTwoslash {
  lookup: TwoslashLookup | undefined;
  problems: Problem[];
}

/**
 * Type-checks a page's twoslash blocks (` ```ts twoslash `) in the twoslash thread, before the
 * page renders, since rendering is synchronous. `codeBlocks` are the page's code blocks in
 * document order. A page without any starts nothing. A block that fails or overruns is
 * reported as a warning at its line and rendered as ordinary code.
 */
export async function computePageTwoslash(
  codeBlocks: readonly Code[],
  file: string,
): Promise<PageTwoslash> {
  const blocks: { node: Code; code: string; extension: TwoslashExtension }[] = [];
  for (const node of codeBlocks) {
    // Meta without the word cannot ask for twoslash: its parse is left to the code renderer.
    if (!node.meta?.includes("twoslash")) continue;
    const extension = twoslashExtension(node.lang ?? undefined);
    if (!extension || !parseCodeMeta(node.meta).twoslash) continue;
    blocks.push({ node, code: readNotations(node.value).code, extension });
  }
  if (blocks.length === 0) return { lookup: undefined, problems: [] };

  await loadTwoslashRenderer();
  const checker = twoslashChecker();
  const results = new Map<string, TwoslashData>();
  const failed = new Set<string>();
  const problems: Problem[] = [];
  for (const { node, code, extension } of blocks) {
    const key = lookupKey(code, extension);
    if (results.has(key) || failed.has(key)) continue;
    const outcome = await checker.check(code, extension);
    if (outcome.ok) {
      results.set(key, outcome.result);
      continue;
    }
    failed.add(key);
    problems.push({
      severity: "warning",
      rule: "twoslash",
      file: (node.data as InlinedFrom | undefined)?.sourceFile ?? file,
      line: node.position?.start.line,
      column: node.position?.start.column,
      message: `twoslash: ${outcome.message} (the block is shown without type information)`,
    });
  }
  const lookup: TwoslashLookup = (code, language) => {
    const extension = twoslashExtension(language);
    return extension ? results.get(lookupKey(code, extension)) : undefined;
  };
  return { lookup, problems };
}

function lookupKey(code: string, extension: TwoslashExtension): string {
  return `${extension}\u0000${code}`;
}
