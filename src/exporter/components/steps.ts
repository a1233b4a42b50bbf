import type { Element } from "hast";
import { h } from "hastscript";
import { number, text } from "./props.ts";
import type { Component } from "./types.ts";

const TITLE_TAGS = new Set(["h2", "h3", "h4", "p"]);

/** Numbered steps; each title is a real heading, so a step can be linked and listed. */
export const Steps: Component = ({ props, children }) => {
  const titleSize = text(props, "titleSize");
  return h("ol", { className: ["steps"], dataTitleSize: titleSize }, children) as Element;
};

export const Step: Component = ({ props, children, context }) => {
  const title = text(props, "title");
  const iconName = text(props, "icon");
  const icon = iconName ? context.icon(iconName, { size: 14, iconType: text(props, "iconType") }) : undefined;
  const stepNumber = number(props, "stepNumber");
  const size = text(props, "titleSize") ?? "p";
  const tag = TITLE_TAGS.has(size) ? size : "p";
  return h("li", { className: ["step"], style: stepNumber !== undefined ? `counter-set:step ${Math.round(stepNumber)}` : undefined }, [
    h("span", { className: ["step-marker"], ariaHidden: "true" }, icon ? [icon] : []),
    h("div", { className: ["step-body"] }, [
      ...(title ? [h(tag, { className: ["step-title", ...(tag === "p" ? [] : ["no-toc"])] }, title)] : []),
      ...children,
    ]),
  ]) as Element;
};
