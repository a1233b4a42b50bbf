import type { Element, ElementContent } from "hast";
import { h } from "hastscript";
import { flag, number, slug, text } from "./props.ts";
import type { Component } from "./types.ts";

const TITLE_TAGS = new Set(["h2", "h3", "h4", "p"]);

/** Numbered steps; each title is a real heading or has an id, so a step can be linked and listed. */
export const Steps: Component = ({ props, children }) => {
  const titleSize = text(props, "titleSize");
  // Steps render before their parent, so the group's title size is applied to them here.
  if (titleSize && TITLE_TAGS.has(titleSize))
    for (const child of children) applyTitleSize(child, titleSize);
  return h("ol", { className: ["steps"], dataTitleSize: titleSize }, children) as Element;
};

export const Step: Component = ({ props, children, context }) => {
  const title = text(props, "title");
  const iconName = text(props, "icon");
  const icon = iconName
    ? context.icon(iconName, { size: 14, iconType: text(props, "iconType") })
    : undefined;
  const stepNumber = number(props, "stepNumber");
  const ownSize = text(props, "titleSize");
  const tag = ownSize && TITLE_TAGS.has(ownSize) ? ownSize : "p";
  // A step is linked by its title's slug unless it names its own id: pages link to `#install`.
  const id = text(props, "id") ?? (title ? context.uniqueId(slug(title)) : undefined);
  const titleElement = title
    ? (h(tag, { className: titleClasses(tag, flag(props, "noAnchor")), id }, title) as Element)
    : undefined;
  // Not serialized: tells <Steps> this step chose its own title size.
  if (titleElement && ownSize)
    titleElement.data = { ownTitleSize: true } as unknown as Element["data"];
  return h(
    "li",
    {
      className: ["step"],
      style: stepNumber !== undefined ? `counter-set:step ${Math.round(stepNumber)}` : undefined,
    },
    [
      h("span", { className: ["step-marker"], ariaHidden: "true" }, icon ? [icon] : []),
      h("div", { className: ["step-body"] }, [
        ...(titleElement ? [titleElement] : []),
        ...children,
      ]),
    ],
  ) as Element;
};

function titleClasses(tag: string, noAnchor: boolean): string[] {
  return ["step-title", ...(tag === "p" ? [] : ["no-toc"]), ...(noAnchor ? ["no-anchor"] : [])];
}

/** Gives a rendered step's title the group's size, unless the step set its own. */
function applyTitleSize(child: ElementContent, tag: string): void {
  if (child.type !== "element" || !hasClass(child, "step")) return;
  const body = child.children.find(
    (node): node is Element => node.type === "element" && hasClass(node, "step-body"),
  );
  const title = body?.children[0];
  if (title?.type !== "element" || !hasClass(title, "step-title")) return;
  if ((title.data as { ownTitleSize?: boolean } | undefined)?.ownTitleSize) return;
  title.tagName = tag;
  title.properties.className = titleClasses(tag, hasClass(title, "no-anchor"));
}

function hasClass(node: Element, name: string): boolean {
  const value = node.properties.className;
  return Array.isArray(value) && value.includes(name);
}
