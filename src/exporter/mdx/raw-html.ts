import { randomBytes } from "node:crypto";
import type { Comment, Element, ElementContent, Root as HastRoot } from "hast";
import { fromHtml } from "hast-util-from-html";
import type { Html, Parent, RootContent } from "mdast";
import type { Position } from "unist";

/*
 * Raw HTML in a Markdown page. CommonMark cuts inline HTML into one node per tag
 * (`<a href="x">`, the text, `</a>`), so converting each node alone would give an empty link
 * followed by its text. A parent whose HTML nodes do not each stand alone is therefore read as
 * one piece of HTML, as the browser would read the page, with its Markdown children (text,
 * emphasis, autolinks) converted by Quire and put in their places.
 */

/** A parent's children read together: its HTML with the other nodes in their places. */
export interface HtmlRun {
  type: "quireHtmlRun";
  children: RootContent[];
  position?: Position;
}

/**
 * Replaces, for the conversion only, the children of every parent that holds an HTML node
 * which opens an element it does not close (or closes one it did not open) by one `HtmlRun`;
 * returns a function that puts the tree back (its Markdown is written out afterwards).
 */
export function groupHtmlRuns(tree: Parent): () => void {
  const changed: { parent: Parent; children: Parent["children"] }[] = [];
  const visit = (parent: Parent): void => {
    let needsRun = false;
    for (const child of parent.children as RootContent[]) {
      if (child.type === "html") needsRun ||= !standsAlone(child.value);
      else if ("children" in child) visit(child as Parent);
    }
    if (!needsRun) return;
    changed.push({ parent, children: parent.children });
    const run: HtmlRun = {
      type: "quireHtmlRun",
      children: parent.children as RootContent[],
      ...(parent.position ? { position: parent.position } : {}),
    };
    parent.children = [run as unknown as RootContent] as Parent["children"];
  };
  visit(tree);
  return () => {
    for (const { parent, children } of changed.reverse()) parent.children = children;
  };
}

const VOID_ELEMENTS = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);

/** Whether a piece of HTML closes every element it opens and no other. */
export function standsAlone(html: string): boolean {
  const open: string[] = [];
  const text = html.replace(/<!--[\s\S]*?-->/g, "");
  for (const match of text.matchAll(
    /<(\/?)([a-zA-Z][\w:-]*)\b(?:[^>"']|"[^"]*"|'[^']*')*?(\/?)>/g,
  )) {
    const name = (match[2] as string).toLowerCase();
    if (match[1]) {
      if (open.pop() !== name) return false;
    } else if (!match[3] && !VOID_ELEMENTS.has(name)) {
      open.push(name);
    }
  }
  return open.length === 0;
}

/** How the page's converter handles the pieces of a run. */
export interface HtmlRunConverter {
  /** Converts one Markdown child; `insideLink` when the HTML around it is a link. */
  convert(node: RootContent, insideLink: boolean): ElementContent[];
  /** Handles the elements of one HTML node (links, files, classes) at that node's place. */
  adopt(elements: ElementContent[], node: Html): void;
}

/**
 * Converts a run: its HTML parsed as one fragment, where each Markdown child stands as a
 * comment carrying a random token (so the page's own comments cannot pass for one), then
 * replaced by its conversion.
 */
export function convertHtmlRun(run: HtmlRun, converter: HtmlRunConverter): ElementContent[] {
  const token = `quire-slot-${randomBytes(8).toString("hex")}`;
  const pieces: { start: number; end: number; node: Html }[] = [];
  let html = "";
  run.children.forEach((child, index) => {
    if (child.type === "html") {
      pieces.push({ start: html.length, end: html.length + child.value.length, node: child });
      html += child.value;
    } else {
      html += `<!--${token}:${index}-->`;
    }
  });
  const content = (fromHtml(html, { fragment: true }) as HastRoot).children as ElementContent[];
  // Each element belongs to the HTML node it was written in: its links and files are resolved there.
  const owner = (element: Element): Html | undefined => {
    const offset = element.position?.start.offset;
    if (offset === undefined) return undefined;
    return pieces.find((piece) => offset >= piece.start && offset < piece.end)?.node;
  };
  const byOwner = new Map<Html, Element[]>();
  const collect = (nodes: ElementContent[]): void => {
    for (const node of nodes) {
      if (node.type !== "element") continue;
      const html = owner(node);
      if (html) byOwner.set(html, [...(byOwner.get(html) ?? []), node]);
      collect(node.children);
    }
  };
  collect(content);
  for (const [node, elements] of byOwner) {
    for (const element of elements) {
      if (node.position) element.position = node.position;
      else delete element.position;
    }
    converter.adopt(elements, node);
  }
  return fillSlots(content, token, run.children, converter, false);
}

function fillSlots(
  nodes: ElementContent[],
  token: string,
  children: RootContent[],
  converter: HtmlRunConverter,
  insideLink: boolean,
): ElementContent[] {
  const result: ElementContent[] = [];
  for (const node of nodes) {
    if (node.type === "comment") {
      const index = slotIndex(node, token);
      const child = index === undefined ? undefined : children[index];
      if (child) result.push(...converter.convert(child, insideLink));
      continue;
    }
    if (node.type === "element") {
      const inLink = insideLink || node.tagName === "a";
      node.children = fillSlots(node.children, token, children, converter, inLink);
    }
    result.push(node);
  }
  return result;
}

function slotIndex(node: Comment, token: string): number | undefined {
  const match = /^(quire-slot-[0-9a-f]+):(\d+)$/.exec(node.value);
  return match && match[1] === token ? Number(match[2]) : undefined;
}
