import GithubSlugger from "github-slugger";
import type { Element, ElementContent, Root, RootContent } from "hast";
import { hasClass, SKIPPED_FOR_TEXT, textOf } from "../components/element-text.ts";
import { ENGLISH, fillMessage, type Messages } from "../messages/index.ts";
import { HeadingSlugger, headingAliases, mintlifyHeadingSlug } from "./heading-slug.ts";
import { HEADING_TEXT_PROPERTY } from "./heading-text.ts";
import type { SearchSection, TocEntry } from "./rendered-page.ts";

const HEADING = /^h([1-6])$/;

/**
 * Gives every heading an id and an anchor link, and collects the table of contents (h2–h4)
 * and the search sections (text grouped under each heading), in one pass over the tree.
 */
export function processHeadings(
  tree: Root,
  messages: Pick<Messages, "linkToHeading"> = ENGLISH,
): { toc: TocEntry[]; sections: SearchSection[] } {
  // Components (accordions, fields, tabs) already gave ids; a heading's slug must not repeat one.
  const taken = collectIds(tree.children);
  const slugger = new HeadingSlugger(taken);
  // GitHub's slugs (with its `-1`, `-2`) are answered too, as aliases.
  const github = new GithubSlugger();
  const toc: TocEntry[] = [];
  const sections: SearchSection[] = [{ anchor: "", heading: "", text: "" }];
  const aliased: { node: Element; aliases: string[] }[] = [];
  const headingIds = new Set<string>();

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
      // A heading holding a component is named by the words its author wrote (heading-text.ts).
      const written = match ? node.properties[HEADING_TEXT_PROPERTY] : undefined;
      if (match) delete node.properties[HEADING_TEXT_PROPERTY];
      if (match && !hasClass(node, "not-heading")) {
        const depth = Number(match[1]);
        const text = (typeof written === "string" ? written : textOf(node)).trim();
        const named = node.properties.id;
        const githubId = github.slug(text || "section");
        let id: string;
        // An id the heading names replaces the generated one and its other forms.
        let aliases: string[] = [];
        if (typeof named === "string" && named !== "") {
          id = named;
          slugger.claim(id);
        } else {
          const slug = mintlifyHeadingSlug(text);
          id = slugger.next(slug.id || "section");
          if (text)
            aliases = headingAliases(text, { github: githubId, ...slug }).filter(
              (alias) => alias !== id,
            );
        }
        node.properties.id = id;
        headingIds.add(id);
        if (aliases.length > 0) aliased.push({ node, aliases });
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
  // Every id of the page: the ones components gave, and the headings'.
  if (aliased.length > 0) addAliases(aliased, new Set([...taken, ...headingIds]));
  for (const section of sections) section.text = section.text.replace(/\s+/g, " ").trim();
  return { toc, sections: sections.filter((section, index) => index > 0 || section.text !== "") };
}

/**
 * Puts each heading's other ids on empty anchors inside it, once every id of the page is
 * known: an alias never takes an id an element or another heading has, and the first heading
 * to give an alias keeps it.
 */
function addAliases(aliased: { node: Element; aliases: string[] }[], ids: Set<string>): void {
  for (const { node, aliases } of aliased) {
    const free = aliases.filter((alias) => !ids.has(alias));
    for (const alias of free) ids.add(alias);
    if (free.length > 0)
      node.children = [
        ...free.map(
          (alias): Element => ({
            type: "element",
            tagName: "span",
            properties: { id: alias, className: ["heading-alias"] },
            children: [],
          }),
        ),
        ...node.children,
      ];
  }
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
