import type { Nodes, Root, RootContent } from "mdast";
import { gfmToMarkdown } from "mdast-util-gfm";
import { mathToMarkdown } from "mdast-util-math";
import { mdxToMarkdown } from "mdast-util-mdx";
import { toMarkdown } from "mdast-util-to-markdown";
import { forAgents, inParagraphs } from "./agent-markdown.ts";
import type { JsxNodeData } from "./jsx-node-data.ts";

/**
 * Plain Markdown node types: a block made only of these (and components, `asWritten`) says in
 * its source text exactly what its tree says. Expressions and anything a later step may have
 * rewritten are not among them.
 */
const PLAIN_MARKDOWN = new Set([
  "paragraph",
  "heading",
  "text",
  "emphasis",
  "strong",
  "delete",
  "inlineCode",
  "link",
  "image",
  "linkReference",
  "imageReference",
  "definition",
  "footnoteReference",
  "footnoteDefinition",
  "list",
  "listItem",
  "code",
  "table",
  "tableRow",
  "tableCell",
  "blockquote",
  "thematicBreak",
  "break",
  "inlineMath",
  "math",
]);

const EXTENSIONS = { extensions: [gfmToMarkdown(), mathToMarkdown(), mdxToMarkdown()] };

/**
 * The page's Markdown with snippets inlined, imports removed and components as written, for
 * `.md` files and llms-full.txt. Re-serialising a whole tree costs about as much as parsing it,
 * so each top-level block of Markdown and components written in the page itself (no
 * expression, no variable, no snippet content) is copied from the page's source as the author
 * wrote it; only the other blocks are serialised. Blocks are joined by a blank line, as the
 * serialiser joins them; where that could merge two blocks (two lists in a row), the page is
 * serialised whole.
 */
export function pageMarkdown(tree: Root, source: string): string {
  const agentTree = forAgents(tree);
  const parts: { node: RootContent; text?: string }[] = agentTree.children.map((node) => {
    const text = sourceText(node, source);
    return text === undefined ? { node } : { node, text };
  });
  for (let index = 1; index < parts.length; index++) {
    if (parts[index]?.node.type === "list" && parts[index - 1]?.node.type === "list")
      return serializeMarkdown(agentTree.children);
  }
  const blocks: string[] = [];
  let run: RootContent[] = [];
  const flush = (): void => {
    if (run.length === 0) return;
    const text = serializeMarkdown(run);
    if (text) blocks.push(text);
    run = [];
  };
  for (const part of parts) {
    if (part.text === undefined) {
      run.push(part.node);
      continue;
    }
    flush();
    if (part.text) blocks.push(part.text);
  }
  flush();
  return blocks.join("\n\n");
}

/** A block's text as written in the page, when the source says exactly what the block says. */
function sourceText(node: RootContent, source: string): string | undefined {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined || end > source.length) return undefined;
  const written = asWritten(node);
  if (!written) return undefined;
  // A block indented as a whole (in a component, or by its author) has its lines after the
  // first indented as much: they lose that indentation, as its first line does.
  const indent = source.slice(source.lastIndexOf("\n", start - 1) + 1, start);
  if (!/^ *$/.test(indent)) return undefined;
  if (!bracesAccounted(source, start, end, written)) return undefined;
  let text = source.slice(start, end);
  if (indent.length > 0) text = text.replace(new RegExp(`\n {0,${indent.length}}`, "g"), "\n");
  // Indented code reads differently after another block: let the serialiser fence it.
  if (node.type === "code" && !/^ {0,3}(`{3,}|~{3,})/.test(text)) return undefined;
  return text.trimEnd();
}

/** What a block copied as written holds: its components' `{` and its code. */
interface Written {
  /** How many `{` its components' attribute expressions (`cols={2}`) account for. */
  attributeBraces: number;
  /** Source ranges of its code, where `{` is the code's own. */
  code: [number, number][];
}

/**
 * Whether the block is plain Markdown and components all the way down, all from the page
 * itself, as the expansion left it (no snippet inlined, no expression's value put in, no
 * element left out), with a place in the source for every node: the serialiser would write
 * back what the author wrote, only laid out its own way. `<Visibility>` is what the Markdown
 * copy rewrites, and a spread (`{...props}`) is not a literal.
 */
function asWritten(block: RootContent): Written | undefined {
  const written: Written = { attributeBraces: 0, code: [] };
  const visit = (node: Nodes): boolean => {
    const data = node.data as JsxNodeData | undefined;
    if (data?.sourceFile || data?.quireRewritten || !node.position) return false;
    if (node.type === "mdxJsxFlowElement" || node.type === "mdxJsxTextElement") {
      if (node.name === "Visibility") return false;
      for (const attribute of node.attributes) {
        if (attribute.type === "mdxJsxExpressionAttribute") return false;
        if (typeof attribute.value === "object" && attribute.value)
          written.attributeBraces += 1 + countBraces(attribute.value.value);
      }
    } else if (!PLAIN_MARKDOWN.has(node.type)) return false;
    if (node.type === "code" || node.type === "inlineCode") {
      const { start, end } = node.position;
      if (start.offset !== undefined && end.offset !== undefined)
        written.code.push([start.offset, end.offset]);
    }
    if ("children" in node) for (const child of node.children) if (!visit(child)) return false;
    return true;
  };
  return visit(block) ? written : undefined;
}

/**
 * Whether every `{` of the block's text opens one of its attribute expressions: elsewhere it
 * is an expression or a `{{variable}}`, whose value the tree holds and the source does not.
 * In code, only `{{` (a variable) counts.
 */
function bracesAccounted(source: string, start: number, end: number, written: Written): boolean {
  let braces = 0;
  let from = start;
  // The code ranges come in the order of the source: the walk visits a block's nodes in it.
  for (const [codeStart, codeEnd] of written.code) {
    braces += countBraces(source.slice(from, codeStart));
    if (source.slice(codeStart, codeEnd).includes("{{")) return false;
    from = codeEnd;
  }
  braces += countBraces(source.slice(from, end));
  return braces === written.attributeBraces;
}

function countBraces(text: string): number {
  let count = 0;
  for (let index = text.indexOf("{"); index !== -1; index = text.indexOf("{", index + 1)) count++;
  return count;
}

/** Blocks serialised as Markdown ("" when the serialiser cannot write them). */
export function serializeMarkdown(children: RootContent[]): string {
  try {
    const root: Root = { type: "root", children: children.map(withComponentParagraphs) };
    return toMarkdown(root, EXTENSIONS).trim();
  } catch {
    return "";
  }
}

/**
 * The node with the text of each component written on one line (`<Note>On the {plan} plan.</Note>`)
 * put in a paragraph: the serialiser writes a component's children as blocks, each text,
 * value and emphasis a paragraph of its own. Copied where it changes: the page's HTML was made
 * from the same tree.
 */
function withComponentParagraphs<T extends RootContent>(node: T): T {
  if (!("children" in node)) return node;
  const original = node.children as RootContent[];
  let children = original.map(withComponentParagraphs);
  if (node.type === "mdxJsxFlowElement") children = inParagraphs(children);
  const changed = children.some((child, index) => child !== original[index]);
  return changed || children.length !== original.length ? { ...node, children } : node;
}
