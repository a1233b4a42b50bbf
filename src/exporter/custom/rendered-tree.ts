import type { ElementContent } from "hast";
import { fromHtml } from "hast-util-from-html";
import { h, s } from "hastscript";
import type { RenderedNode } from "./sandbox.ts";

const TAG = /^[A-Za-z][A-Za-z0-9.-]*$/;

/** One of Mintlify's components as a component rendered it: Quire renders it afterwards. */
export interface BuiltinUse {
  name: string;
  /** JSON data only: the sandbox dropped functions and elements. */
  props: Record<string, unknown>;
}

/**
 * Where the built-in components of a render go: each becomes a placeholder element holding its
 * children, marked with a token no component can guess (`marker`), and its use is kept in
 * `uses` by the number the placeholder carries.
 */
export interface BuiltinPlaceholders {
  marker: string;
  uses: BuiltinUse[];
}

/**
 * The syntax tree of what a component rendered in the sandbox (plain data, checked here, as it
 * came from code Quire does not trust). SVG elements get SVG's property names; HTML a component
 * set itself is parsed; the place of the element's children becomes an empty slot element that
 * the caller fills with Quire's own content; a built-in component becomes a placeholder (see
 * `BuiltinPlaceholders`). The result is sanitized by the caller.
 */
export function renderedToHast(
  nodes: readonly RenderedNode[],
  builtins: BuiltinPlaceholders,
  inSvg = false,
): ElementContent[] {
  const result: ElementContent[] = [];
  for (const node of nodes) {
    if (typeof node === "string") {
      result.push({ type: "text", value: node });
    } else if (Array.isArray(node)) {
      const [tag, attributes, ...children] = node;
      if (typeof tag !== "string" || !TAG.test(tag)) continue;
      const svg = tag.toLowerCase() === "svg" || (inSvg && tag !== "foreignObject");
      const properties = attributes && typeof attributes === "object" ? attributes : {};
      result.push((svg ? s : h)(tag, properties, renderedToHast(children, builtins, svg)));
    } else if (!node || typeof node !== "object") {
      // Not something the prelude writes: left out.
    } else if ("h" in node && typeof node.h === "string") {
      result.push(...(fromHtml(node.h, { fragment: true }).children as ElementContent[]));
    } else if ("s" in node) {
      const tag = node.s === "span" ? "span" : "div";
      result.push({
        type: "element",
        tagName: tag,
        properties: { className: ["quire-children"], dataQuireSlot: "" },
        children: [],
      });
    } else if ("c" in node && typeof node.c === "string" && Array.isArray(node.ch)) {
      const props = node.p && typeof node.p === "object" && !Array.isArray(node.p) ? node.p : {};
      builtins.uses.push({ name: node.c, props });
      result.push({
        type: "element",
        tagName: "div",
        properties: { dataQuireBuiltin: `${builtins.marker}:${builtins.uses.length - 1}` },
        children: renderedToHast(node.ch, builtins, inSvg),
      });
    }
  }
  return result;
}
