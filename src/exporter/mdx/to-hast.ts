import type { Element, ElementContent, Root as HastRoot, Properties } from "hast";
import { fromHtml } from "hast-util-from-html";
import { h, s } from "hastscript";
import type {
  Code,
  Heading,
  Html,
  Image,
  ImageReference,
  Link,
  LinkReference,
  Nodes,
  Root,
  RootContent,
} from "mdast";
import type { InlineMath, Math as MathNode } from "mdast-util-math";
import { defaultHandlers, type Handler, type State, toHast } from "mdast-util-to-hast";
import { renderCodeBlock } from "../code/render-code-block.ts";
import { textOf } from "../components/element-text.ts";
import { getComponent } from "../components/index.ts";
import type { PropValue } from "../components/types.ts";
import { drawMath } from "../math/render-math.ts";
import { collectElementClasses } from "./class-names.ts";
import type { JsxElement } from "./expand.ts";
import { HEADING_TEXT_PROPERTY, writtenHeadingText } from "./heading-text.ts";
import type { JsxNodeData } from "./jsx-node-data.ts";
import type { PageContext } from "./page-context.ts";
import { convertHtmlRun, groupHtmlRuns, type HtmlRun } from "./raw-html.ts";
import { styleObjectToCss } from "./style-object.ts";

/** Converts an expanded page tree to hast, mapping JSX elements to Quire's components. */
export function mdastToHast(tree: Root, context: PageContext): HastRoot {
  const handlers: Record<string, Handler> = {
    mdxJsxFlowElement: (state, node) => jsxElement(state, node, context, false),
    mdxJsxTextElement: (state, node) => jsxElement(state, node, context, true),
    mdxFlowExpression: (_state, node: MdxExpression) => expression(node, context),
    mdxTextExpression: (_state, node: MdxExpression) => expression(node, context),
    mdxjsEsm: () => undefined,
    yaml: () => undefined,
    heading: (state, node: Heading) => {
      const element = defaultHandlers.heading(state, node);
      const written = writtenHeadingText(node);
      if (written !== undefined) element.properties[HEADING_TEXT_PROPERTY] = written;
      return element;
    },
    code: (_state, node: Code) => codeBlock(node, context),
    math: (_state, node: MathNode) => math(node, context, true),
    inlineMath: (_state, node: InlineMath) => math(node, context, false),
    link: (state, node: Link) => withFile(node, context, () => link(state, node, context)),
    linkReference: (state, node: LinkReference) =>
      withFile(node, context, () => linkReference(state, node, context)),
    image: (_state, node: Image) => withFile(node, context, () => image(node, context)),
    imageReference: (state, node: ImageReference) =>
      withFile(node, context, () => imageReference(state, node, context)),
    html: (_state, node: Html) => withFile(node, context, () => rawHtml(node, context)),
    quireHtmlRun: (state, node: HtmlRun) => htmlRun(state, node, context),
  };
  // Inline HTML cut into tags is read whole for the conversion; the tree is put back for its Markdown.
  const restore = groupHtmlRuns(tree);
  try {
    return toHast(tree, { handlers, allowDangerousHtml: false }) as HastRoot;
  } finally {
    restore();
  }
}

/**
 * Renders a node with `context.currentFile` set to the file it came from (a snippet's nodes are
 * inlined into the page). What it renders is marked with that file, so that the sanitizing pass
 * over the whole page names the right file for anything it removes.
 */
function withFile<T extends ElementContent | ElementContent[] | undefined>(
  node: Nodes,
  context: PageContext,
  render: () => T,
): T {
  const sourceFile = (node.data as JsxNodeData | undefined)?.sourceFile;
  if (!sourceFile || sourceFile === context.currentFile) return render();
  const previous = context.currentFile;
  context.currentFile = sourceFile;
  try {
    const result = render();
    for (const rendered of Array.isArray(result) ? result : [result])
      if (rendered?.type === "element") rendered.data = { ...rendered.data, quireFile: sourceFile };
    return result;
  } finally {
    context.currentFile = previous;
  }
}

type MdxExpression = Extract<RootContent, { type: "mdxFlowExpression" | "mdxTextExpression" }>;

/**
 * An expression that computes content (the expansion turned literal ones into text): what it
 * renders in the sandbox, or nothing with a warning when the page runs no repository code.
 */
function expression(node: MdxExpression, context: PageContext): ElementContent[] {
  return withFile(node, context, () => {
    const data = (node.data ?? {}) as JsxNodeData;
    const computed = data.quireExpression;
    if (!computed) return [];
    const renderer = context.customComponents;
    if (!renderer) {
      const code = node.value.replace(/\s+/g, " ").trim();
      context.warn(
        `expression {${code.length > 40 ? `${code.slice(0, 40)}…` : code}} is not evaluated: ${computed.reason} (repository code is off for this export)`,
        node.position,
        "mdx-expression",
      );
      return [];
    }
    const content = renderer.renderExpression(
      {
        file: computed.file,
        exportName: computed.exportName,
        scope: computed.scope,
        code: node.value,
        ...(node.position ? { position: node.position } : {}),
      },
      context,
    );
    // The page's Markdown shows what it rendered, not its code.
    data.quireRenderedText = content.map(textOf).join("");
    return content;
  });
}

function jsxElement(state: State, node: JsxElement, context: PageContext, inline: boolean) {
  return withFile(node, context, () => {
    const data = (node.data ?? {}) as JsxNodeData;
    const props = data.quireProps ?? {};
    const name = node.name;
    if (!name) return state.all(node); // a fragment: <>...</>
    if (data.quireUnsupported) {
      const { file, exportName } = data.quireUnsupported;
      if (context.customComponents && file && exportName) {
        return context.customComponents.render(
          {
            name,
            file,
            exportName,
            props,
            children: state.all(node),
            inline,
            position: node.position ?? undefined,
          },
          context,
        );
      }
      context.warn(
        `<${name}> comes from "${data.quireUnsupported.specifier}", a code component; Quire does not run repository code, so it is left empty`,
        node.position,
        "code-component",
      );
      return h(inline ? "span" : "div", { className: ["quire-placeholder"], dataComponent: name });
    }
    if (/^[a-z]/.test(name)) return htmlElement(state, node, name, props, context);
    const component = getComponent(name);
    const children = state.all(node);
    if (!component) {
      context.warn(
        `unknown component <${name}>; its content is shown without it`,
        node.position,
        "unknown-component",
      );
      return children;
    }
    return component({ props, children, context, position: node.position ?? undefined, inline });
  });
}

/**
 * An HTML element written in MDX. Its attribute names are normalised here (`HREF` → `href`,
 * `class` → `className`); whether the element and each attribute may stay is decided by the
 * sanitizing pass over the whole page, which reports at this element's position.
 */
function htmlElement(
  state: State,
  node: JsxElement,
  tagName: string,
  props: Record<string, PropValue>,
  context: PageContext,
) {
  const properties: Properties = {};
  let noAnchor = false;
  for (const [key, value] of Object.entries(props)) {
    // `<img noZoom>`: the image opens no larger view on click (the client script reads this).
    if (key === "noZoom" && tagName === "img") {
      if (value !== false && value !== "false") properties.dataNoZoom = "";
      continue;
    }
    // `<h2 noAnchor>`: the heading shows no link to itself.
    if (key === "noAnchor" && /^h[1-6]$/.test(tagName)) {
      noAnchor = value !== false && value !== "false";
      continue;
    }
    if (key === "style" && value && typeof value === "object" && !Array.isArray(value)) {
      properties.style = styleObjectToCss(value);
    } else if (
      typeof value === "string" ||
      typeof value === "number" ||
      typeof value === "boolean"
    ) {
      properties[key === "class" ? "className" : key] = value;
    }
  }
  // Inside an <svg>, elements are SVG's: their names keep their case (`linearGradient`).
  const inSvg = context.svgDepth > 0 || tagName === "svg";
  if (tagName === "svg") context.svgDepth++;
  if (tagName === "a") context.linkDepth++;
  let children: ElementContent[];
  try {
    children = state.all(node);
  } finally {
    if (tagName === "svg") context.svgDepth--;
    if (tagName === "a") context.linkDepth--;
  }
  const element = (inSvg ? s : h)(tagName, properties, children) as Element;
  if (node.position) element.position = node.position;
  // Only the element's own classes: its children are counted where they are converted.
  collectElementClasses([element], context.classNames, false);
  if (noAnchor) {
    const classes = element.properties.className;
    element.properties.className = [...(Array.isArray(classes) ? classes : []), "no-anchor"];
  }
  rewriteUrls(element, context, node);
  return element;
}

/** Page links become relative links, files of the repository are copied into the bundle. */
function rewriteUrls(element: Element, context: PageContext, node: Nodes): void {
  const properties = element.properties;
  if (typeof properties.href === "string")
    properties.href = context.href(properties.href, node.position);
  for (const name of ["src", "poster"] as const) {
    const value = properties[name];
    if (typeof value !== "string") continue;
    const use = element.tagName === "img" || name === "poster" ? "image" : "resource";
    properties[name] = context.asset(value, node.position, use);
  }
}

function link(state: State, node: Link, context: PageContext): ElementContent | ElementContent[] {
  // A link inside a link is not HTML: the browser would end the outer one there.
  if (context.linkDepth > 0) {
    if (!isAutolink(node))
      context.warn(
        `a link inside another link is kept as text ("${shortText(node)}" → ${node.url})`,
        node.position,
        "nested-link",
      );
    return state.all(node);
  }
  const properties: Properties = { href: context.href(node.url, node.position) };
  if (node.title) properties.title = node.title;
  if (/^https?:\/\//i.test(node.url.trim())) {
    properties.target = "_blank";
    properties.rel = ["noopener", "noreferrer"];
  }
  context.linkDepth++;
  try {
    return { type: "element", tagName: "a", properties, children: state.all(node) };
  } finally {
    context.linkDepth--;
  }
}

/** A URL or e-mail address written as itself (GFM's literal autolinks, `<https://…>`). */
function isAutolink(node: Link): boolean {
  const only = node.children.length === 1 ? node.children[0] : undefined;
  if (only?.type !== "text") return false;
  const text = only.value;
  return node.url === text || node.url === `mailto:${text}` || node.url === `http://${text}`;
}

function shortText(node: Link): string {
  const text = node.children
    .map((child) => ("value" in child ? child.value : ""))
    .join("")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** `[text][name]` with `[name]: url` elsewhere: the same link as `[text](url)`. */
function linkReference(state: State, node: LinkReference, context: PageContext) {
  const definition = state.definitionById.get(String(node.identifier).toUpperCase());
  if (!definition) return defaultHandlers.linkReference(state, node);
  const resolved: Link = {
    type: "link",
    url: definition.url,
    title: definition.title ?? null,
    children: node.children,
    ...(node.position ? { position: node.position } : {}),
  };
  return link(state, resolved, context);
}

/** `![alt][name]` with `[name]: src`: the same image as `![alt](src)`. */
function imageReference(state: State, node: ImageReference, context: PageContext) {
  const definition = state.definitionById.get(String(node.identifier).toUpperCase());
  if (!definition) return defaultHandlers.imageReference(state, node);
  return image(
    {
      type: "image",
      url: definition.url,
      title: definition.title ?? null,
      alt: node.alt ?? "",
      ...(node.position ? { position: node.position } : {}),
    },
    context,
  );
}

function image(node: Image, context: PageContext): Element | undefined {
  const source = context.asset(node.url, node.position, "image");
  if (source === undefined)
    return h("span", { className: ["image-missing"] }, node.alt ?? "") as Element;
  const properties: Properties = { src: source, alt: node.alt ?? "", loading: "lazy" };
  if (node.title) properties.title = node.title;
  return { type: "element", tagName: "img", properties, children: [] };
}

const MERMAID_PLACEMENTS = new Set(["top-left", "top-right", "bottom-left", "bottom-right"]);

/**
 * A diagram's zoom and pan controls, from its fence meta: `actions={true|false}` shows or hides
 * them (the client shows them on tall diagrams otherwise), `placement` puts them in a corner.
 */
function mermaidControls(meta: string | null | undefined): Properties {
  const properties: Properties = {};
  const actions = /\bactions=\{?\s*(true|false)\s*\}?/.exec(meta ?? "")?.[1];
  if (actions) properties.dataActions = actions;
  const placement = /\bplacement=["']?([a-z-]+)["']?/.exec(meta ?? "")?.[1];
  if (placement && MERMAID_PLACEMENTS.has(placement)) properties.dataPlacement = placement;
  return properties;
}

function codeBlock(node: Code, context: PageContext): ElementContent {
  if (node.lang === "mermaid") {
    context.features.mermaid = true;
    return h(
      "pre",
      { className: ["mermaid"], ...mermaidControls(node.meta) },
      node.value,
    ) as Element;
  }
  return renderCodeBlock(
    { code: node.value, lang: node.lang ?? undefined, meta: node.meta ?? undefined },
    context,
  );
}

function math(node: MathNode | InlineMath, context: PageContext, display: boolean): ElementContent {
  return drawMath(node.value, display, context, node.position);
}

/**
 * Raw HTML in a page: parsed as the browser parses it, its links and files handled like those
 * written in MDX, and left to the page's sanitizing pass, which reports at the HTML's position.
 */
function rawHtml(node: Html, context: PageContext): ElementContent[] {
  const content = fromHtml(node.value, { fragment: true }).children as ElementContent[];
  visitElements(content, (element) => {
    // The fragment's own positions count from its first line, not the file's.
    if (node.position) element.position = node.position;
    else delete element.position;
    rewriteUrls(element, context, node);
  });
  collectElementClasses(content, context.classNames);
  return content;
}

/**
 * HTML cut into tags by the Markdown parser (`<a href="…">`, text, `</a>`), read as one piece:
 * its links and files are handled like those written in MDX, each at its own node's place, and
 * autolinks inside an HTML link stay text.
 */
function htmlRun(state: State, run: HtmlRun, context: PageContext): ElementContent[] {
  return convertHtmlRun(run, {
    convert: (child: RootContent, insideLink: boolean) => {
      if (insideLink) context.linkDepth++;
      try {
        const result = state.one(child, run as never);
        return result === undefined ? [] : Array.isArray(result) ? result : [result];
      } finally {
        if (insideLink) context.linkDepth--;
      }
    },
    adopt: (elements: ElementContent[], node: Html) =>
      withFile(node, context, () => {
        for (const element of elements)
          if (element.type === "element") rewriteUrls(element, context, node);
        collectElementClasses(elements, context.classNames, false);
        return undefined;
      }),
  });
}

function visitElements(nodes: ElementContent[], visit: (element: Element) => void): void {
  for (const child of nodes) {
    if (child.type !== "element") continue;
    visit(child);
    visitElements(child.children, visit);
  }
}
