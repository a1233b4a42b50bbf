import type { Element, ElementContent } from "hast";
import { h } from "hastscript";
import { text } from "./props.ts";
import type { Component } from "./types.ts";

/** A linked tile with a preview (children or an image), title and description. */
export const Tile: Component = ({ props, children, context, position }) => {
  const href = text(props, "href");
  const title = text(props, "title");
  const description = text(props, "description");
  const image = text(props, "img");
  const imageSource = image === undefined ? undefined : context.asset(image, position);
  const target = href === undefined ? undefined : context.href(href, position);
  const preview: ElementContent[] = imageSource
    ? [
        h("img", {
          src: imageSource,
          alt: title ?? "",
          loading: "lazy",
        }) as Element,
      ]
    : children;
  const content = [
    h("div", { className: ["tile-preview"] }, preview),
    ...(title ? [h("p", { className: ["tile-title"] }, title)] : []),
    ...(description ? [h("p", { className: ["tile-description"] }, description)] : []),
  ];
  return (
    target !== undefined
      ? h("a", { className: ["tile"], href: target }, content)
      : h("div", { className: ["tile"] }, content)
  ) as Element;
};
