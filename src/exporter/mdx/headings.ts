import { slug as githubSlug } from "github-slugger";
import type { ElementContent, Root, RootContent } from "hast";
import { hasClass, SKIPPED_FOR_TEXT, textOf } from "../components/element-text.ts";
import { ENGLISH, fillMessage, type Messages } from "../messages/index.ts";
import type { SearchSection, TocEntry } from "./rendered-page.ts";

const HEADING = /^h([1-6])$/;

/**
 * Heading ids as Mintlify makes them: GitHub's slug of each word (lower case, punctuation
 * dropped, letters of every script and `-` kept), joined by one dash, so a word that was only
 * punctuation leaves no trace. `## \`run\` — locally` is `#run-locally`, where GitHub has
 * `#run--locally`, and `## Install - macOS` stays `#install---macos`, as authors link them. A
 * repeated id takes `-1`, `-2`… as on GitHub.
 */
class HeadingSlugger {
  private readonly counts = new Map<string, number>();

  slug(text: string): string {
    const words = text.split(/\s+/).map((word) => githubSlug(word));
    const base = words.filter(Boolean).join("-") || "section";
    let id = base;
    while (this.counts.has(id)) {
      const count = (this.counts.get(base) ?? 0) + 1;
      this.counts.set(base, count);
      id = `${base}-${count}`;
    }
    this.counts.set(id, 0);
    return id;
  }
}

/**
 * Gives every heading an id and an anchor link, and collects the table of contents (h2–h4)
 * and the search sections (text grouped under each heading), in one pass over the tree.
 */
export function processHeadings(
  tree: Root,
  messages: Pick<Messages, "linkToHeading"> = ENGLISH,
): { toc: TocEntry[]; sections: SearchSection[] } {
  const slugger = new HeadingSlugger();
  // Components (accordions, fields, tabs) already gave ids; a heading's slug must not repeat one.
  const taken = collectIds(tree.children);
  const toc: TocEntry[] = [];
  const sections: SearchSection[] = [{ anchor: "", heading: "", text: "" }];

  // A heading inside a link (a card written as `<a>`) gets no anchor: a link may not hold a link.
  const visit = (nodes: (RootContent | ElementContent)[], insideLink: boolean): void => {
    for (const node of nodes) {
      if (node.type === "text") {
        appendText(sections, node.value);
        continue;
      }
      if ((node as { type: string }).type === "raw") continue;
      if (node.type !== "element") continue;
      if (SKIPPED_FOR_TEXT.has(node.tagName) || hasClass(node, "katex-mathml")) continue;
      const match = HEADING.exec(node.tagName);
      if (match && !hasClass(node, "not-heading")) {
        const depth = Number(match[1]);
        const text = textOf(node).trim();
        let id =
          typeof node.properties.id === "string" && node.properties.id !== ""
            ? node.properties.id
            : slugger.slug(text || "section");
        while (id !== node.properties.id && taken.has(id)) id = slugger.slug(text || "section");
        node.properties.id = id;
        if (depth >= 2 && depth <= 4) {
          if (!hasClass(node, "no-anchor") && !insideLink) {
            node.children = [
              ...node.children,
              {
                type: "element",
                tagName: "a",
                properties: {
                  className: ["heading-anchor"],
                  href: `#${id}`,
                  ariaLabel: fillMessage(messages.linkToHeading, { heading: text }),
                },
                children: [{ type: "text", value: "#" }],
              },
            ];
          }
          if (!hasClass(node, "no-toc")) toc.push({ depth: depth as 2 | 3 | 4, id, text });
          sections.push({ anchor: id, heading: text, text: "" });
        }
        continue;
      }
      visit(node.children, insideLink || node.tagName === "a");
      if (BLOCK_TAGS.has(node.tagName)) appendText(sections, " ");
    }
  };
  visit(tree.children, false);
  for (const section of sections) section.text = section.text.replace(/\s+/g, " ").trim();
  return { toc, sections: sections.filter((section, index) => index > 0 || section.text !== "") };
}

export function collectIds(
  nodes: (RootContent | ElementContent)[],
  ids = new Set<string>(),
): Set<string> {
  for (const node of nodes) {
    if (node.type !== "element") continue;
    if (typeof node.properties.id === "string") ids.add(node.properties.id);
    collectIds(node.children, ids);
  }
  return ids;
}

const BLOCK_TAGS = new Set([
  "p",
  "div",
  "li",
  "td",
  "th",
  "pre",
  "blockquote",
  "tr",
  "summary",
  "details",
  "dd",
  "dt",
  "figcaption",
  "br",
]);

function appendText(sections: SearchSection[], text: string): void {
  const current = sections[sections.length - 1];
  if (current) current.text += text;
}
