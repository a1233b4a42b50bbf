import type { Element } from "hast";
import { h } from "hastscript";
import { text } from "./props.ts";
import type { Component } from "./types.ts";

/** A ready-made prompt for an AI tool, with a copy button; its description may hold Markdown. */
export const Prompt: Component = ({ props, children, context }) => {
  const description = text(props, "description");
  const iconName = text(props, "icon");
  const icon = iconName
    ? context.icon(iconName, { size: 16, iconType: text(props, "iconType") })
    : undefined;
  const id = context.uniqueId("prompt");
  return h("div", { className: ["prompt"] }, [
    h("div", { className: ["prompt-header"] }, [
      h("span", { className: ["prompt-title"] }, [
        ...(icon ? [icon] : []),
        ...(description
          ? context.markdown(description)
          : [{ type: "text" as const, value: "Prompt" }]),
      ]),
      h(
        "button",
        { type: "button", className: ["copy-code"], dataCopyTarget: id, ariaLabel: "Copy prompt" },
        "Copy",
      ),
    ]),
    h("div", { className: ["prompt-body"], id }, children),
  ]) as Element;
};
