import type { Element, ElementContent } from "hast";
import { h } from "hastscript";
import { color, number, text } from "./props.ts";
import type { Component } from "./types.ts";

/** An image or video in a frame, with an optional caption (Markdown) and hint. */
export const Frame: Component = ({ props, children, context }) => {
  const caption = text(props, "caption");
  const hint = text(props, "hint");
  const content: ElementContent[] = [];
  if (hint) content.push(h("p", { className: ["frame-hint"] }, hint) as Element);
  content.push(h("div", { className: ["frame-content"] }, children) as Element);
  if (caption) content.push(h("figcaption", context.markdown(caption)) as Element);
  return h("figure", { className: ["frame"] }, content) as Element;
};

/** An inline icon by name (Lucide or Font Awesome), or an image path/URL given as `icon` or `src`. */
export const Icon: Component = ({ props, context, position }) => {
  // Mintlify's own pages also write `<Icon name="trash-2" />`.
  const name = text(props, "icon") ?? text(props, "name") ?? text(props, "src");
  if (!name) {
    context.warn('<Icon> needs an icon name (icon="…")', position);
    return [];
  }
  const icon = context.icon(name, {
    size: number(props, "size") ?? 16,
    color: color(props, "color"),
    iconType: text(props, "iconType"),
  });
  if (!icon) {
    context.warn(`icon "${name}" is in neither Lucide nor Font Awesome`, position, "unknown-icon");
    return [];
  }
  return h("span", { className: ["inline-icon"] }, [icon]) as Element;
};
