import type { Element, ElementContent } from "hast";
import { h } from "hastscript";
import { flag, text } from "./props.ts";
import { elementChildren, tabSet } from "./tab-set.ts";
import type { Component, ComponentContext } from "./types.ts";

/** The title a code block shows in a group: its fence title, else its language. */
function blockTitle(block: Element, index: number): string {
  const title = block.properties.dataTitle;
  if (typeof title === "string" && title !== "") return title;
  const language = block.properties.dataLanguage;
  return typeof language === "string" && language !== "" ? language : `Example ${index + 1}`;
}

function codeTabs(
  children: ElementContent[],
  context: ComponentContext,
  className: string,
  dropdown: boolean,
): Element {
  const blocks = elementChildren(children);
  return tabSet(
    blocks.map((block, index) => ({ title: blockTitle(block, index), content: [block] })),
    context,
    { className, dropdown },
  );
}

/** Several code blocks as tabs titled by their fence titles, or a dropdown with `dropdown`. */
export const CodeGroup: Component = ({ props, children, context }) =>
  codeTabs(children, context, "code-group", flag(props, "dropdown"));

/** Request examples: shown beside the content on wide screens. */
export const RequestExample: Component = ({ props, children, context }) =>
  h("div", { className: ["api-examples", "request-example"] }, [
    h("p", { className: ["api-examples-title"] }, text(props, "title") ?? "Request"),
    codeTabs(children, context, "code-group", flag(props, "dropdown")),
  ]) as Element;

export const ResponseExample: Component = ({ props, children, context }) =>
  h("div", { className: ["api-examples", "response-example"] }, [
    h("p", { className: ["api-examples-title"] }, text(props, "title") ?? "Response"),
    codeTabs(children, context, "code-group", flag(props, "dropdown")),
  ]) as Element;
