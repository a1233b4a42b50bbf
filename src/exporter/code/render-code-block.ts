import type { Element } from "hast";
import { h } from "hastscript";
import type { ComponentContext } from "../components/types.ts";

export interface CodeBlockInput {
  code: string;
  lang?: string;
  meta?: string;
}

/** A fenced code block as the page shows it. */
export function renderCodeBlock(input: CodeBlockInput, _context: ComponentContext): Element {
  return h("div", { className: ["code-block"], dataLanguage: input.lang }, [
    h("pre", [h("code", { className: input.lang ? [`language-${input.lang}`] : [] }, input.code)]),
  ]) as Element;
}
