import type { Element, ElementContent, Root } from "hast";
import { toHtml } from "hast-util-to-html";
import { h } from "hastscript";
import { TextCache } from "../text-cache.ts";
import { codeThemesKey, highlightToHast, languageId } from "./highlighter.ts";
import { parseCodeMeta } from "./meta.ts";
import { readNotations } from "./notations.ts";
import type { TwoslashData } from "./twoslash/twoslash-protocol.ts";
import { twoslashTransformer } from "./twoslash/twoslash-render.ts";

/** What a code block asks of the page: the icon of its title, when the meta names one. */
export interface CodeBlockContext {
  icon(name: string, options: { size: number }): Element | undefined;
  /** The buttons' words, in the page's language. */
  /** The block's button labels in the page's language (from messages/, which code/ does not import). */
  readonly messages: {
    readonly copy: string;
    readonly copyCode: string;
    readonly showMore: string;
  };
  /** The twoslash result of a block's code, when the page computed one (twoslash/). */
  twoslash?(code: string, language: string | undefined): TwoslashData | undefined;
}

export interface CodeBlockInput {
  code: string;
  lang?: string;
  meta?: string;
}

/**
 * The HTML of the blocks a thread highlighted last, by everything that makes it, up to
 * 4 million characters of keys and HTML. Bounded by size, not count: an API reference's examples
 * run to tens of kilobytes a block and are seldom repeated, and 4,000 of them held ~20 MB of
 * each render thread's heap on Spree's docs (decisions.md, "Spree's docs again").
 */
const cache = new TextCache(4_000_000);

/**
 * A fenced code block as the page shows it: a header with its title (or language) and a
 * copy button, then the code highlighted at export time in light and dark, with line
 * highlights, focus, diff markers and optional line numbers. A block the thread highlighted
 * recently is not highlighted again.
 */
export function renderCodeBlock(input: CodeBlockInput, context: CodeBlockContext): Element {
  const meta = parseCodeMeta(input.meta);
  const lines = input.code.split("\n");
  const { code, marks, words } = readNotations(input.code);
  for (const line of meta.highlight) marks.set(line, [...(marks.get(line) ?? []), "highlight"]);
  for (const line of meta.focus) marks.set(line, [...(marks.get(line) ?? []), "focus"]);
  const language = input.lang?.toLowerCase();
  // Type information computed before the page rendered (twoslash/), when the block asks for it.
  const types = meta.twoslash ? context.twoslash?.(code, language) : undefined;
  const highlighted = highlightedHtml(code, language, marks, words, meta.lineNumbers, types);
  const hasFocus = [...marks.values()].some((kinds) => kinds.includes("focus"));
  const label =
    meta.title ?? (language && languageId(language) !== "text" ? language : (language ?? ""));
  const iconElement = meta.icon ? context.icon(meta.icon, { size: 14 }) : undefined;
  const header = h("div", { className: ["code-header"] }, [
    h("span", { className: ["code-title"] }, [...(iconElement ? [iconElement] : []), label]),
    h(
      "button",
      { type: "button", className: ["copy-code"], ariaLabel: context.messages.copyCode },
      context.messages.copy,
    ),
  ]);
  const className = ["code-block"];
  if (meta.wrap) className.push("code-wrap");
  if (meta.lineNumbers) className.push("code-line-numbers");
  if (hasFocus) className.push("code-has-focus");
  if (meta.expandable && lines.length > 12) className.push("code-expandable");
  if (types) className.push("code-twoslash");
  const body: ElementContent[] = [
    header,
    { type: "raw", value: highlighted } as unknown as ElementContent,
  ];
  if (meta.expandable && lines.length > 12) {
    body.push(
      h(
        "button",
        { type: "button", className: ["code-expand"], ariaExpanded: "false" },
        context.messages.showMore,
      ) as Element,
    );
  }
  return h("div", { className, dataTitle: meta.title, dataLanguage: language }, body) as Element;
}

function highlightedHtml(
  code: string,
  language: string | undefined,
  marks: Map<number, string[]>,
  words: string[],
  lineNumbers: boolean,
  types: TwoslashData | undefined,
): string {
  const key = `${codeThemesKey()}\u0000${language ?? ""}\u0000${lineNumbers}\u0000${types ? "twoslash" : ""}\u0000${[...marks].map(([line, kinds]) => `${line}:${kinds.join("+")}`).join(",")}\u0000${words.join("\u0001")}\u0000${code}`;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const tree = highlightToHast(code, language, types ? [twoslashTransformer(types)] : []);
  decorateLines(tree, marks, words);
  const html = toHtml(tree);
  cache.set(key, html);
  return html;
}

const LINE_CLASSES: Record<string, string> = {
  "++": "diff-add",
  "--": "diff-remove",
  highlight: "highlighted",
  hl: "highlighted",
  focus: "focused",
  error: "highlighted-error",
  warning: "highlighted-warning",
};

function decorateLines(tree: Root, marks: Map<number, string[]>, words: string[]): void {
  const pre = tree.children.find(
    (child): child is Element => child.type === "element" && child.tagName === "pre",
  );
  const code = pre?.children.find(
    (child): child is Element => child.type === "element" && child.tagName === "code",
  );
  if (!pre || !code) return;
  let lineNumber = 0;
  for (const child of code.children) {
    // Shiki's hast names classes `class` (a string), not hast's usual `className` list.
    if (
      child.type !== "element" ||
      !String(child.properties.class ?? child.properties.className ?? "").includes("line")
    )
      continue;
    lineNumber += 1;
    const kinds = marks.get(lineNumber);
    if (kinds)
      child.properties.class = [
        "line",
        ...kinds.map((kind) => LINE_CLASSES[kind] ?? "highlighted"),
      ].join(" ");
    if (words.length > 0) markWords(child, words);
  }
}

function markWords(line: Element, words: string[]): void {
  for (const token of line.children) {
    if (token.type !== "element") continue;
    const text = token.children[0];
    if (text?.type === "text" && words.some((word) => text.value.includes(word))) {
      token.properties.class = "highlighted-word";
    }
  }
}
