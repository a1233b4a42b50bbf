import type { Nodes, Root, RootContent } from "mdast";
import { gfmToMarkdown } from "mdast-util-gfm";
import { mathToMarkdown } from "mdast-util-math";
import { mdxToMarkdown } from "mdast-util-mdx";
import { toMarkdown } from "mdast-util-to-markdown";
import { forAgents } from "./agent-markdown.ts";
import type { JsxNodeData } from "./jsx-node-data.ts";

/**
 * Plain Markdown node types: a block made only of these says in its source text exactly what
 * its tree says. Components, expressions and anything a later step may have rewritten are not
 * among them.
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
 * so each top-level block of plain Markdown written in the page itself (no component, no
 * expression, no variable, no snippet content) is copied from the page's source as written;
 * only the other blocks are serialised. Blocks are joined by a blank line, as the serialiser
 * joins them; where that could merge two blocks (two lists in a row), the page is serialised
 * whole.
 */
export function pageMarkdown(tree: Root, source: string): string {
  const agentTree = forAgents(tree);
  const parts: { node: RootContent; text?: string }[] = agentTree.children.map((node) => {
    const text = sourceText(node, source);
    return text === undefined ? { node } : { node, text };
  });
  for (let index = 1; index < parts.length; index++) {
    if (parts[index]?.node.type === "list" && parts[index - 1]?.node.type === "list")
      return serialize(agentTree.children);
  }
  const blocks: string[] = [];
  let run: RootContent[] = [];
  const flush = (): void => {
    if (run.length === 0) return;
    const text = serialize(run);
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
  if (!isPlain(node)) return undefined;
  // A block indented as a whole (in a component, or by its author) has its lines after the
  // first indented as much: they lose that indentation, as its first line does.
  const indent = source.slice(source.lastIndexOf("\n", start - 1) + 1, start);
  if (!/^ *$/.test(indent)) return undefined;
  let text = source.slice(start, end);
  if (indent.length > 0) text = text.replace(new RegExp(`\n {0,${indent.length}}`, "g"), "\n");
  if (node.type === "code") {
    // `{{name}}` stands for a docs.json variable: the tree holds its value, the source does not.
    if (text.includes("{{")) return undefined;
    // Indented code reads differently after another block: let the serialiser fence it.
    return /^ {0,3}(`{3,}|~{3,})/.test(text) ? text.trimEnd() : undefined;
  }
  // Outside code, `{` opens an expression or a variable and `<` an element: the expansion may
  // have put their values in the tree as plain text, which the source does not say.
  return /[{<]/.test(text) ? undefined : text.trimEnd();
}

/** Plain Markdown all the way down, and all from the page itself (not inlined from a snippet). */
function isPlain(node: Nodes): boolean {
  if (!PLAIN_MARKDOWN.has(node.type)) return false;
  if ((node.data as JsxNodeData | undefined)?.sourceFile) return false;
  if ("children" in node) for (const child of node.children) if (!isPlain(child)) return false;
  return true;
}

function serialize(children: RootContent[]): string {
  try {
    return toMarkdown({ type: "root", children }, EXTENSIONS).trim();
  } catch {
    return "";
  }
}
