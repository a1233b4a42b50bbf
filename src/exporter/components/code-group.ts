import type { Element, ElementContent } from "hast";
import { h } from "hastscript";
import { fillMessage } from "../messages/index.ts";
import { flag, text } from "./props.ts";
import { SIDE_COLUMN_PROPERTY } from "./side-column.ts";
import { elementChildren, tabSet } from "./tab-set.ts";
import type { Component, ComponentContext } from "./types.ts";

/** The title a code block shows in a group: its fence title, else its language, else its number. */
function blockTitle(block: Element, index: number, context: ComponentContext): string {
  const title = block.properties.dataTitle;
  if (typeof title === "string" && title !== "") return title;
  const language = block.properties.dataLanguage;
  return typeof language === "string" && language !== ""
    ? language
    : fillMessage(context.messages.exampleNumber, { number: index + 1 });
}

/** The name under which readers' choice of language for code examples is remembered. */
export const EXAMPLE_LANGUAGE_CHOICE = "example-language";

function codeTabs(
  children: ElementContent[],
  context: ComponentContext,
  className: string,
  dropdown: boolean,
  remember?: string,
): Element {
  const blocks = elementChildren(children);
  return tabSet(
    blocks.map((block, index) => ({ title: blockTitle(block, index, context), content: [block] })),
    context,
    { className, dropdown, ...(remember ? { remember } : {}) },
  );
}

/** Several code blocks as tabs titled by their fence titles, or a dropdown with `dropdown`. */
export const CodeGroup: Component = ({ props, children, context }) =>
  codeTabs(children, context, "code-group", flag(props, "dropdown"));

/**
 * Request examples: in the side column (beside the content on wide screens); the reader's
 * choice of language is remembered across pages.
 */
export const RequestExample: Component = ({ props, children, context }) =>
  h("div", { className: ["api-examples", "request-example"], [SIDE_COLUMN_PROPERTY]: "" }, [
    h("p", { className: ["api-examples-title"] }, text(props, "title") ?? context.messages.request),
    codeTabs(children, context, "code-group", flag(props, "dropdown"), EXAMPLE_LANGUAGE_CHOICE),
  ]) as Element;

/** Response examples: in the side column, after the request examples. */
export const ResponseExample: Component = ({ props, children, context }) =>
  h("div", { className: ["api-examples", "response-example"], [SIDE_COLUMN_PROPERTY]: "" }, [
    h(
      "p",
      { className: ["api-examples-title"] },
      text(props, "title") ?? context.messages.response,
    ),
    codeTabs(children, context, "code-group", flag(props, "dropdown")),
  ]) as Element;
