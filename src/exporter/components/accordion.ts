import type { Element } from "hast";
import { h } from "hastscript";
import { fillMessage } from "../messages/index.ts";
import { flag, slug, text } from "./props.ts";
import type { Component } from "./types.ts";

/** A native <details>: opens and closes without JavaScript, and with the keyboard. */
export const Accordion: Component = ({ props, children, context }) => {
  const title = text(props, "title") ?? context.messages.details;
  const description = text(props, "description");
  const iconName = text(props, "icon");
  const icon = iconName
    ? context.icon(iconName, { size: 16, iconType: text(props, "iconType") })
    : undefined;
  const id = text(props, "id") ?? context.uniqueId(slug(title));
  return h("details", { className: ["accordion"], id, open: flag(props, "defaultOpen") }, [
    h("summary", { className: ["accordion-summary"] }, [
      ...(icon ? [h("span", { className: ["accordion-icon"] }, [icon])] : []),
      h("span", { className: ["accordion-heading"] }, [
        h("span", { className: ["accordion-title"] }, title),
        ...(description ? [h("span", { className: ["accordion-description"] }, description)] : []),
      ]),
    ]),
    h("div", { className: ["accordion-content"] }, children),
  ]) as Element;
};

export const AccordionGroup: Component = ({ children }) =>
  h("div", { className: ["accordion-group"] }, children) as Element;

/** Nested properties under a field, collapsed by default. */
export const Expandable: Component = ({ props, children, context }) => {
  const title = text(props, "title") ?? context.messages.properties;
  return h("details", { className: ["expandable"], open: flag(props, "defaultOpen") }, [
    h("summary", { className: ["expandable-summary"] }, [
      fillMessage(context.messages.showTitle, { title }),
    ]),
    h("div", { className: ["expandable-content"] }, children),
  ]) as Element;
};
