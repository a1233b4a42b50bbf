import type { ShikiTransformer } from "shiki";
import type { TwoslashData } from "./twoslash-protocol.ts";

type TransformerFactory = typeof import("@shikijs/twoslash/core")["createTransformerFactory"];
let makeTransformer: ReturnType<TransformerFactory> | undefined;

/**
 * Loads Shiki's twoslash renderer (not twoslash itself, nor TypeScript: the types come from
 * the twoslash thread). Only pages with twoslash blocks load it.
 */
export async function loadTwoslashRenderer(): Promise<void> {
  if (makeTransformer) return;
  const { createTransformerFactory, rendererRich } = await import("@shikijs/twoslash/core");
  const renderer = rendererRich({
    // Queries and errors as lines under the code, always shown; hovers as popups in the
    // token, shown by CSS on hover and on keyboard focus (the token can take focus).
    queryRendering: "line",
    errorRendering: "line",
    hast: { hoverToken: { properties: { tabindex: "0" } } },
  });
  makeTransformer = createTransformerFactory(() => {
    throw new Error("twoslash results are computed before the page renders");
  }, renderer);
}

/** Shiki's twoslash transformer, fed the result computed for this block. */
export function twoslashTransformer(data: TwoslashData): ShikiTransformer {
  if (!makeTransformer) throw new Error("the twoslash renderer was not loaded for this page");
  return makeTransformer({ twoslasher: () => data, filter: () => true });
}
