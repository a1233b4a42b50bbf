/**
 * What a page may contain: the elements Quire's own components emit and authors commonly write,
 * and nothing that runs script, loads a document of its own, submits a form, or parses
 * differently when the browser reads it back (the roots of mutation XSS: raw-text elements
 * with markup inside, MathML, forms, templates). Element names are as the syntax tree holds
 * them (HTML lower case, SVG in its own case). Kept free of Node APIs: the islands runtime
 * bundles it to hold components rendered in the browser to the same list.
 */

/** HTML elements a page may hold. */
export const HTML_ELEMENTS: ReadonlySet<string> = new Set([
  "a",
  "abbr",
  "address",
  "area",
  "article",
  "aside",
  "audio",
  "b",
  "bdi",
  "bdo",
  "blockquote",
  "br",
  "button",
  "caption",
  "center",
  "cite",
  "code",
  "col",
  "colgroup",
  "data",
  "dd",
  "del",
  "details",
  "dfn",
  "div",
  "dl",
  "dt",
  "em",
  "figcaption",
  "figure",
  "font",
  "footer",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hgroup",
  "hr",
  "i",
  "iframe",
  "img",
  "input",
  "ins",
  "kbd",
  "label",
  "li",
  "main",
  "map",
  "mark",
  "meter",
  "nav",
  "ol",
  "optgroup",
  "option",
  "output",
  "p",
  "picture",
  "pre",
  "progress",
  "q",
  "rp",
  "rt",
  "ruby",
  "s",
  "samp",
  "section",
  "select",
  "small",
  "source",
  "span",
  "strike",
  "strong",
  "style",
  "sub",
  "summary",
  "sup",
  "table",
  "tbody",
  "td",
  "tfoot",
  "th",
  "thead",
  "time",
  "tr",
  "track",
  "tt",
  "u",
  "ul",
  "var",
  "video",
  "wbr",
]);

/**
 * SVG elements a page may hold: shapes, text, paint servers, filters and animation. Not
 * `script`, `foreignObject` (HTML inside SVG), `set` or `mpath` (animation that can target a link).
 */
export const SVG_ELEMENTS: ReadonlySet<string> = new Set([
  "svg",
  "a",
  "animate",
  "animateMotion",
  "animateTransform",
  "circle",
  "clipPath",
  "defs",
  "desc",
  "ellipse",
  "feBlend",
  "feColorMatrix",
  "feComponentTransfer",
  "feComposite",
  "feConvolveMatrix",
  "feDiffuseLighting",
  "feDisplacementMap",
  "feDistantLight",
  "feDropShadow",
  "feFlood",
  "feFuncA",
  "feFuncB",
  "feFuncG",
  "feFuncR",
  "feGaussianBlur",
  "feImage",
  "feMerge",
  "feMergeNode",
  "feMorphology",
  "feOffset",
  "fePointLight",
  "feSpecularLighting",
  "feSpotLight",
  "feTile",
  "feTurbulence",
  "filter",
  "g",
  "image",
  "line",
  "linearGradient",
  "marker",
  "mask",
  "metadata",
  "path",
  "pattern",
  "polygon",
  "polyline",
  "radialGradient",
  "rect",
  "stop",
  "style",
  "symbol",
  "text",
  "textPath",
  "title",
  "tspan",
  "use",
  "view",
]);

/**
 * Elements removed together with everything inside them (other refused elements keep their
 * content). An HTML `title` goes too; an SVG one is allowed.
 */
export const REMOVED_WITH_CONTENT: ReadonlySet<string> = new Set([
  "script",
  "noscript",
  "template",
  "foreignObject",
  "textarea",
  "xmp",
  "plaintext",
  "noembed",
  "noframes",
  "head",
  "object",
  "embed",
  "applet",
  "frame",
  "frameset",
  "set",
  "mpath",
  "math",
]);

/**
 * Elements whose content the browser reads as text (or, for `option`, as text only): anything
 * but text inside them would be read back differently from what was checked.
 */
export const TEXT_ONLY: ReadonlySet<string> = new Set(["style", "option", "title", "desc"]);

/** Elements that keep no content at all (an `iframe`'s content is never shown). */
export const EMPTY: ReadonlySet<string> = new Set(["iframe"]);

/** SMIL animation elements: they may animate anything but a link. */
export const ANIMATION_ELEMENTS: ReadonlySet<string> = new Set([
  "animate",
  "animateMotion",
  "animateTransform",
]);

/** True when an element of this name may appear in a page (in HTML, or inside an `<svg>`). */
export function isAllowedElement(tagName: string, inSvg = false): boolean {
  return inSvg ? SVG_ELEMENTS.has(tagName) : HTML_ELEMENTS.has(tagName) || tagName === "svg";
}

/**
 * Attributes never allowed, whatever the element: form submission, inline documents, script
 * loading and metadata, focus stealing, and XML features that rebase or re-target links.
 * (Event handlers, `on*`, are never allowed either.)
 */
export const DENIED_PROPERTIES: ReadonlySet<string> = new Set([
  "action",
  "formAction",
  "formEncType",
  "formMethod",
  "formNoValidate",
  "formTarget",
  "form",
  "method",
  "encType",
  "noValidate",
  "acceptCharset",
  "srcDoc",
  "httpEquiv",
  "content",
  "charSet",
  "integrity",
  "nonce",
  "noModule",
  "async",
  "defer",
  "blocking",
  "language",
  "event",
  "manifest",
  "archive",
  "classId",
  "codeBase",
  "codeType",
  "code",
  "data",
  "declare",
  "standby",
  "object",
  "valueType",
  "background",
  "lowSrc",
  "longDesc",
  "ping",
  "autoFocus",
  "is",
  "shadowRootMode",
  "shadowRootClonable",
  "shadowRootDelegatesFocus",
  "shadowRootSerializable",
  "shadowRootCustomElementRegistry",
  "xmlBase",
  "xLinkActuate",
  "xLinkShow",
  "xLinkArcRole",
  "xLinkRole",
  "xLinkType",
  "handler",
  "contentScriptType",
  "contentEditable",
  "command",
  "commandFor",
]);

/** Properties holding a URL, by how the URL is used on each element (see url-policy.ts). */
export function urlUseOf(
  tagName: string,
  property: string,
): "link" | "image" | "resource" | "local" | "srcset" | undefined {
  switch (property) {
    case "href":
    case "xLinkHref":
      if (tagName === "a" || tagName === "area") return "link";
      if (tagName === "image" || tagName === "feImage") return "image";
      // `<use>`, `<textPath>`, gradients and patterns point into the page or the bundle.
      return "local";
    case "src":
      return tagName === "img" || tagName === "input" ? "image" : "resource";
    case "srcSet":
    case "imageSrcSet":
      return "srcset";
    case "poster":
      return "image";
    case "cite":
      return "link";
    default:
      return undefined;
  }
}
