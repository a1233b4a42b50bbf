import type { Element, ElementContent } from "hast";
import { h } from "hastscript";
import { KINDS as CALLOUT_KINDS } from "./callouts.ts";
import { containsLink } from "./element-text.ts";
import { color, flag, number, text } from "./props.ts";
import type { Component } from "./types.ts";

/** A card: icon, title, text, optional image, and (with href) one link around it all. */
export const Card: Component = ({ props, children, context, position }) => {
  const title = text(props, "title");
  const href = text(props, "href");
  // `type="warning"` etc. themes the card like that callout, with its icon unless one is given.
  const type = text(props, "type");
  const kind =
    type && Object.hasOwn(CALLOUT_KINDS, type) ? (type as keyof typeof CALLOUT_KINDS) : undefined;
  const iconName = text(props, "icon") ?? (kind ? CALLOUT_KINDS[kind].icon : undefined);
  const image = text(props, "img");
  const horizontal = flag(props, "horizontal");
  const cta = text(props, "cta");
  const target = href === undefined ? undefined : context.href(href, position);
  const external = Boolean(target && /^https?:/i.test(target));
  const showArrow = props.arrow === undefined ? external : flag(props, "arrow");
  const icon = iconName
    ? context.icon(iconName, {
        size: 20,
        color: color(props, "color"),
        iconType: text(props, "iconType"),
      })
    : undefined;
  const link =
    target !== undefined
      ? { href: target, ...(external ? { target: "_blank", rel: ["noopener"] } : {}) }
      : undefined;
  // A link inside a link is not HTML (browsers split such a card apart), so then only the title links, stretched over the card.
  const stretched = link !== undefined && containsLink(children);
  const inner: ElementContent[] = [];
  const imageSource = image === undefined ? undefined : context.asset(image, position);
  if (imageSource !== undefined)
    inner.push(
      h("img", {
        className: ["card-image"],
        src: imageSource,
        alt: title ?? "",
        loading: "lazy",
      }) as Element,
    );
  const body: ElementContent[] = [];
  if (icon) body.push(h("span", { className: ["card-icon"] }, [icon]) as Element);
  const textPart: ElementContent[] = [];
  if (title)
    textPart.push(
      h(
        "p",
        { className: ["card-title"] },
        stretched ? [h("a", { className: ["card-cover"], ...link }, title)] : title,
      ) as Element,
    );
  else if (stretched)
    textPart.push(
      h("a", { className: ["card-cover"], ...link, ariaLabel: cta ?? href }) as Element,
    );
  if (children.length > 0)
    textPart.push(h("div", { className: ["card-body"] }, children) as Element);
  if (cta) textPart.push(h("span", { className: ["card-cta"] }, [cta, " →"]) as Element);
  body.push(h("div", { className: ["card-text"] }, textPart) as Element);
  if (showArrow && link)
    body.push(h("span", { className: ["card-arrow"], ariaHidden: "true" }, "↗") as Element);
  inner.push(h("div", { className: ["card-content"] }, body) as Element);
  const className = [
    "card",
    ...(horizontal ? ["card-horizontal"] : []),
    ...(link ? ["card-link"] : []),
    ...(kind ? ["card-typed", `card-type-${kind}`] : []),
  ];
  if (!link) return h("div", { className }, inner) as Element;
  if (stretched) return h("div", { className: [...className, "card-stretched"] }, inner) as Element;
  return h("a", { className, ...link }, inner) as Element;
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
export const Column: Component = ({ children }) =>
  h("div", { className: ["column"] }, children) as Element;
