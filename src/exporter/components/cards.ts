import type { Element, ElementContent } from "hast";
import { h } from "hastscript";
import { color, flag, number, text } from "./props.ts";
import type { Component } from "./types.ts";

/** A card: icon, title, text, optional image, and (with href) one link around it all. */
export const Card: Component = ({ props, children, context }) => {
  const title = text(props, "title");
  const href = text(props, "href");
  const iconName = text(props, "icon");
  const image = text(props, "img");
  const horizontal = flag(props, "horizontal");
  const cta = text(props, "cta");
  const showArrow = props.arrow === undefined ? Boolean(href && /^https?:/i.test(href)) : flag(props, "arrow");
  const icon = iconName ? context.icon(iconName, { size: 20, color: color(props, "color"), iconType: text(props, "iconType") }) : undefined;
  const inner: ElementContent[] = [];
  if (image) inner.push(h("img", { className: ["card-image"], src: context.asset(image), alt: title ?? "", loading: "lazy" }) as Element);
  const body: ElementContent[] = [];
  if (icon) body.push(h("span", { className: ["card-icon"] }, [icon]) as Element);
  const textPart: ElementContent[] = [];
  if (title) textPart.push(h("p", { className: ["card-title"] }, title) as Element);
  if (children.length > 0) textPart.push(h("div", { className: ["card-body"] }, children) as Element);
  if (cta) textPart.push(h("span", { className: ["card-cta"] }, [cta, " →"]) as Element);
  body.push(h("div", { className: ["card-text"] }, textPart) as Element);
  if (showArrow && href) body.push(h("span", { className: ["card-arrow"], ariaHidden: "true" }, "↗") as Element);
  inner.push(h("div", { className: ["card-content"] }, body) as Element);
  const className = ["card", ...(horizontal ? ["card-horizontal"] : []), ...(href ? ["card-link"] : [])];
  if (!href) return h("div", { className }, inner) as Element;
  const external = /^https?:/i.test(href);
  return h("a", { className, href: context.href(href), ...(external ? { target: "_blank", rel: ["noopener"] } : {}) }, inner) as Element;
};

function grid(defaultColumns: number): Component {
  return ({ props, children }) => {
    const columns = Math.min(Math.max(Math.round(number(props, "cols") ?? defaultColumns), 1), 4);
    return h("div", { className: ["card-group", `cols-${columns}`] }, children) as Element;
  };
}

export const CardGroup = grid(2);
export const Columns = grid(2);
/** A cell of <Columns> holding arbitrary content. */
export const Column: Component = ({ children }) => h("div", { className: ["column"] }, children) as Element;
