import type { Element, ElementContent } from "hast";
import { h } from "hastscript";
import { color, flag, text } from "./props.ts";
import type { Component } from "./types.ts";

/**
 * A term with an explanation that shows on hover and on keyboard focus (CSS only), and is
 * announced by screen readers through aria-describedby.
 */
export const Tooltip: Component = ({ props, children, context, position }) => {
  const id = context.uniqueId("tooltip");
  const headline = text(props, "headline");
  const cta = text(props, "cta");
  const href = text(props, "href");
  const target = href === undefined ? undefined : context.href(href, position);
  const tip: ElementContent[] = [];
  if (headline) tip.push(h("strong", { className: ["tooltip-headline"] }, headline) as Element);
  tip.push(h("span", text(props, "tip") ?? "") as Element);
  if (cta && target !== undefined)
    tip.push(h("a", { className: ["tooltip-cta"], href: target }, cta) as Element);
  return h("span", { className: ["tooltip"] }, [
    h("span", { className: ["tooltip-term"], tabIndex: 0, ariaDescribedby: id }, children),
    h("span", { className: ["tooltip-tip"], role: "tooltip", id }, tip),
  ]) as Element;
};

const BADGE_COLORS = new Set([
  "gray",
  "blue",
  "green",
  "yellow",
  "orange",
  "red",
  "purple",
  "white",
  "surface",
  "white-destructive",
  "surface-destructive",
]);

/** A small label: `<Badge color="green" size="sm" shape="pill" icon="check">Stable</Badge>`. */
export const Badge: Component = ({ props, children, context }) => {
  const tone = text(props, "color") ?? "gray";
  const size = text(props, "size") ?? "md";
  const shape = text(props, "shape") ?? "rounded";
  const iconName = text(props, "icon");
  const icon = iconName
    ? context.icon(iconName, { size: 12, iconType: text(props, "iconType") })
    : undefined;
  const className = [
    "badge",
    `badge-${BADGE_COLORS.has(tone) ? tone : "gray"}`,
    `badge-${size}`,
    `badge-${shape}`,
  ];
  if (flag(props, "stroke")) className.push("badge-stroke");
  if (flag(props, "disabled")) className.push("badge-disabled");
  return h("span", { className }, [...(icon ? [icon] : []), ...children]) as Element;
};

/** A colour swatch list: `<Color variant="compact"><Color.Item name="brand" value="#16A34A" /></Color>`. */
export const Color: Component = ({ props, children }) =>
  h(
    "div",
    {
      className: [
        "color-palette",
        `color-${text(props, "variant") === "table" ? "table" : "compact"}`,
      ],
    },
    children,
  ) as Element;

export const ColorRow: Component = ({ props, children }) => {
  const title = text(props, "title");
  return h("div", { className: ["color-row"] }, [
    ...(title ? [h("p", { className: ["color-row-title"] }, title)] : []),
    h("div", { className: ["color-row-items"] }, children),
  ]) as Element;
};

export const ColorItem: Component = ({ props }) => {
  const name = text(props, "name") ?? "";
  const value = props.value;
  const swatch = (light: string | undefined, dark?: string): Element =>
    h("span", {
      className: ["color-swatch"],
      style: `--swatch-light:${light ?? "transparent"};--swatch-dark:${dark ?? light ?? "transparent"}`,
    }) as Element;
  let values: string[];
  let element: Element;
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const light = color(value as Record<string, string>, "light");
    const dark = color(value as Record<string, string>, "dark");
    values = [light, dark].filter((item): item is string => Boolean(item));
    element = swatch(light, dark);
  } else {
    const single = color(props, "value");
    values = single ? [single] : [];
    element = swatch(single);
  }
  return h("div", { className: ["color-item"] }, [
    element,
    h("span", { className: ["color-name"] }, name),
    h("code", { className: ["color-value"] }, values.join(" / ")),
  ]) as Element;
};

/**
 * `<Link href="/quickstart">Quickstart</Link>`: a link, as Mintlify's pages may write one
 * without importing anything (its list of allowed components has `Link`); the href is checked
 * and rewritten as a Markdown link's is, and counts for the broken-link check.
 */
export const Link: Component = ({ props, children, context, position }) => {
  const href = text(props, "href");
  if (href === undefined) context.warn('<Link> needs an href (href="/page")', position);
  const target = href === undefined ? undefined : context.href(href, position);
  return h("a", target === undefined ? {} : { href: target }, children) as Element;
};

/** `<MDX>…</MDX>`: Mintlify's wrapper for content parsed as MDX, which this content already is. */
export const Mdx: Component = ({ children }) => children;
