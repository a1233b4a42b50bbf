import { randomUUID } from "node:crypto";
import type { Element, ElementContent, Nodes, Properties, Root, RootContent } from "hast";
import { type Schema, sanitize } from "hast-util-sanitize";
import { html, svg } from "property-information";
import type { Position } from "unist";
import {
  ANIMATION_ELEMENTS,
  DENIED_PROPERTIES,
  EMPTY,
  HTML_ELEMENTS,
  isAllowedElement,
  REMOVED_WITH_CONTENT,
  SVG_ELEMENTS,
  TEXT_ONLY,
  urlUseOf,
} from "./html-allow-list.ts";
import { checkSrcset, checkUrl, type UrlVerdict } from "./url-policy.ts";

/**
 * Told of each thing removed, with the node's place when the tree knows it, and the file it
 * came from when that is not the page's own (content inlined from a snippet).
 */
export type SanitizeReport = (
  message: string,
  position: Position | undefined,
  file: string | undefined,
) => void;

declare module "hast" {
  interface ElementData {
    /** The file an element was converted from, when not the page's own (a snippet). */
    quireFile?: string;
  }
}

/** Stands in for a trusted raw node while the tree is checked (see `sanitizeNodes`). */
const RAW_STAND_IN = "quire-raw";

/**
 * Every property HTML and SVG define, but event handlers and the denied ones: the names are
 * the syntax tree's (`className`, `ariaLabel`, `xLinkHref`), so an attribute written in another
 * case (`HREF`, `SrcDoc`) that was never normalised matches nothing and is dropped.
 */
const ALLOWED_PROPERTIES = inCommonOrder(
  [...new Set([...Object.keys(html.property), ...Object.keys(svg.property)])].filter(
    (name) => !/^on[A-Z]/.test(name) && !DENIED_PROPERTIES.has(name),
  ),
);

/**
 * The allowed names with those pages use most first. The library looks every property of
 * every element up by walking this list from its start (some 640 names): `className` and `id`
 * were a hundred and more steps in. Only the order changes; the names allowed are the same.
 */
function inCommonOrder(allowed: string[]): string[] {
  return commonFirst(allowed, [
    "className",
    "id",
    "href",
    "ariaLabel",
    "type",
    "role",
    "style",
    "title",
    "src",
    "alt",
    "tabIndex",
    "ariaHidden",
    "ariaSelected",
    "ariaControls",
    "ariaLabelledBy",
    "ariaExpanded",
    "ariaCurrent",
    "align",
    "open",
    "hidden",
    "target",
    "rel",
    "width",
    "height",
    "viewBox",
    "xmlns",
    "fill",
    "stroke",
    "d",
  ]);
}

/**
 * The allowed elements, the ones pages are made of first, for the same reason: the library
 * checks each element against the list from its start, and a raw stand-in (every code block)
 * came last, after some 180 names.
 */
const ALLOWED_ELEMENTS = commonFirst(
  [...new Set([...HTML_ELEMENTS, ...SVG_ELEMENTS, RAW_STAND_IN])],
  [
    "div",
    "p",
    "span",
    "a",
    "code",
    RAW_STAND_IN,
    "li",
    "ul",
    "ol",
    "strong",
    "em",
    "h2",
    "h3",
    "h4",
    "h1",
    "h5",
    "h6",
    "button",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "pre",
    "img",
    "svg",
    "path",
    "details",
    "summary",
    "br",
    "blockquote",
    "hr",
  ],
);

/** `list` in the same membership, with the names of `common` it holds moved to its front. */
function commonFirst(list: string[], common: string[]): string[] {
  const first = common.filter((name) => list.includes(name));
  const moved = new Set(first);
  return [...first, ...list.filter((name) => !moved.has(name))];
}

const SCHEMA: Schema = {
  tagNames: ALLOWED_ELEMENTS,
  attributes: { "*": [...ALLOWED_PROPERTIES, "data*"] },
  // Checked by the one URL rule (url-policy.ts) before the library sees the tree.
  protocols: {},
  // Ids are the page's anchors; Quire's scripts do not read globals that an id could shadow.
  clobber: [],
  clobberPrefix: "",
  strip: [...REMOVED_WITH_CONTENT].filter((name) => name !== "title"),
  ancestors: {
    tbody: ["table"],
    thead: ["table"],
    tfoot: ["table"],
    tr: ["table"],
    td: ["table"],
    th: ["table"],
  },
  required: {},
  allowComments: false,
  allowDoctypes: false,
};

/**
 * Sanitizes page content: the one allow-list every piece of HTML passes on its way into a page
 * (MDX, raw HTML, Quire's components, OpenAPI text, repository components). Names are
 * normalised before this runs (the tree's property names); then
 * - every URL property passes the URL rule for its use, or is removed (and reported);
 * - SVG animation that targets a link is removed with its element;
 * - `hast-util-sanitize` keeps only allowed elements and properties;
 * - elements the browser parses as text keep only text (`<style>` only when its text holds no
 *   `<`, in HTML and SVG alike), so what the browser reads back is the tree that was checked.
 * `raw` nodes are HTML Quire rendered itself (Shiki, KaTeX, icons) and are kept as they are;
 * no element in the input can pass for one, as their stand-ins carry a random token.
 */
export function sanitizeNodes(
  nodes: readonly (ElementContent | RootContent)[],
  report: SanitizeReport = () => {},
): ElementContent[] {
  // From Node's batched entropy: a fresh 12-byte read cost a call into the system per page.
  const token = randomUUID();
  const raws: string[] = [];
  const prepared = prepare(nodes, { token, raws, report, inSvg: false, file: undefined });
  const cleaned = sanitize({ type: "root", children: prepared }, SCHEMA) as Root;
  return finish(cleaned.children as ElementContent[], { token, raws });
}

/** Sanitizes a root in place of its children; see `sanitizeNodes`. */
export function sanitizeRoot(root: Root, report?: SanitizeReport): Root {
  return { ...root, children: sanitizeNodes(root.children, report) };
}

interface PrepareState {
  token: string;
  raws: string[];
  report: SanitizeReport;
  inSvg: boolean;
  /** The snippet the content came from (marked by the MDX converter), when not the page. */
  file: string | undefined;
}

/** A copy of the nodes with raw nodes stood in for, bad URLs and link animations removed. */
function prepare(
  nodes: readonly (ElementContent | RootContent | Nodes)[],
  state: PrepareState,
): ElementContent[] {
  const result: ElementContent[] = [];
  for (const node of nodes) {
    if (node.type === "raw") {
      state.raws.push(node.value);
      result.push({
        type: "element",
        tagName: RAW_STAND_IN,
        properties: { dataQuireRaw: `${state.token}:${state.raws.length - 1}` },
        children: [],
      });
    } else if (node.type === "element") {
      result.push(...prepareElement(node, state));
    } else if (node.type === "text") {
      result.push(node);
    }
    // Comments and doctypes are dropped by the library anyway.
  }
  return result;
}

/** The element checked, its content alone when the element may not stay, or nothing. */
function prepareElement(element: Element, outer: PrepareState): ElementContent[] {
  const { tagName } = element;
  const file = element.data?.quireFile;
  const state = typeof file === "string" && file !== outer.file ? withFile(outer, file) : outer;
  const inSvg = state.inSvg || tagName === "svg";
  const htmlTitle = tagName === "title" && !state.inSvg;
  if (REMOVED_WITH_CONTENT.has(tagName) || htmlTitle) {
    tell(state, `<${tagName}> is not allowed in a page and is left out`, element);
    return [];
  }
  const children = (): ElementContent[] =>
    prepare(element.children, inSvg === state.inSvg ? state : { ...state, inSvg });
  if (!isAllowedElement(tagName, state.inSvg) && tagName !== RAW_STAND_IN) {
    tell(state, `<${tagName}> is not allowed ${where(state)}; its content is kept`, element);
    return children();
  }
  if (ANIMATION_ELEMENTS.has(tagName) && animatesLink(element.properties)) {
    tell(state, `<${tagName}> may not animate a link and is left out`, element);
    return [];
  }
  const properties: Properties = {};
  for (const [name, value] of Object.entries(element.properties ?? {})) {
    if (/^on[A-Za-z]/.test(name)) {
      tell(state, `<${tagName} ${name}>: event handlers are not allowed`, element);
      continue;
    }
    const use = urlUseOf(tagName, name);
    if (use !== undefined && value !== undefined && value !== null) {
      const text = Array.isArray(value) ? value.join(" ") : String(value);
      const verdict = checkUrlFor(text, use);
      if (!verdict.ok) {
        tell(
          state,
          `<${tagName}> ${attributeName(name)} "${shorten(text)}" was removed: ${verdict.reason}`,
          element,
        );
        continue;
      }
      properties[name] = verdict.url;
      continue;
    }
    properties[name] = value;
  }
  return [{ ...element, properties, children: children() }];
}

function where(state: PrepareState): string {
  return state.inSvg ? "inside an <svg>" : "in a page";
}

/** The state for content from another file: reports name that file. */
function withFile(outer: PrepareState, file: string): PrepareState {
  return { ...outer, file };
}

function tell(state: PrepareState, message: string, element: Element): void {
  state.report(message, element.position, state.file);
}

function checkUrlFor(
  value: string,
  use: "link" | "image" | "resource" | "local" | "srcset",
): UrlVerdict {
  if (use === "srcset") return checkSrcset(value);
  if (use === "local") {
    const verdict = checkUrl(value, "resource");
    if (verdict.ok && /^[a-z][a-z0-9+.-]*:|^\/\//i.test(verdict.url.replace(/[\t\n\r]/g, "")))
      return { ok: false, reason: "it may only point into the page or the site" };
    return verdict;
  }
  return checkUrl(value, use);
}

function animatesLink(properties: Properties | undefined): boolean {
  const target = properties?.attributeName;
  return typeof target === "string" && /href/i.test(target);
}

interface FinishState {
  token: string;
  raws: string[];
}

/**
 * After the library: text-only elements keep only text, a `<style>` that could end itself goes, and raw stand-ins
 * carrying this call's token become their raw HTML again (any other goes).
 */
function finish(nodes: ElementContent[], state: FinishState): ElementContent[] {
  const result: ElementContent[] = [];
  for (const node of nodes) {
    if (node.type !== "element") {
      result.push(node);
      continue;
    }
    if (node.tagName === RAW_STAND_IN) {
      const raw = rawFor(node, state);
      if (raw !== undefined) result.push({ type: "raw", value: raw } as unknown as ElementContent);
      continue;
    }
    if (node.tagName === "style" && !styleTextIsSafe(node)) continue;
    if (EMPTY.has(node.tagName)) node.children = [];
    else if (TEXT_ONLY.has(node.tagName))
      node.children = node.children.filter((child) => child.type === "text");
    else if (node.tagName === "select")
      node.children = node.children.filter(
        (child) =>
          child.type === "element" && (child.tagName === "option" || child.tagName === "optgroup"),
      );
    else node.children = finish(node.children, state);
    if (node.tagName === "optgroup")
      node.children = node.children.filter(
        (child) => child.type === "element" && child.tagName === "option",
      );
    result.push(node);
  }
  return result;
}

function rawFor(node: Element, state: FinishState): string | undefined {
  const mark = node.properties.dataQuireRaw;
  if (typeof mark !== "string") return undefined;
  const [token, index] = mark.split(":");
  return token === state.token ? state.raws[Number(index)] : undefined;
}

/** A `<style>`'s text is written as it is: it must not be able to end the element. */
function styleTextIsSafe(style: Element): boolean {
  return style.children.every((child) => child.type === "text" && !child.value.includes("<"));
}

/** The attribute as an author wrote it: `xLinkHref` → `xlink:href`, `srcSet` → `srcset`. */
function attributeName(property: string): string {
  if (property === "xLinkHref") return "xlink:href";
  return property.toLowerCase();
}

function shorten(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}
