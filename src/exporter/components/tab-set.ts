import type { Element, ElementContent } from "hast";
import { h } from "hastscript";
import type { ComponentContext } from "./types.ts";

export interface TabItem {
  title: string;
  /** The id a link selects the tab by (`#install`): the panel's id. */
  anchor?: string;
  icon?: Element;
  content: ElementContent[];
}

/**
 * Accessible tabs shared by <Tabs>, <CodeGroup>, <View> and the API examples. Without
 * JavaScript every panel shows under its own title; the client script turns the set into
 * a tablist (click and arrow keys) and syncs sets whose tab titles match, except sets
 * made with `sync: false`. A set made with `remember` keeps the reader's choice (by title) in
 * the browser under that name, and opens on it on every page: the language of code examples.
 * A tab with an anchor is its panel's id: a link to it selects the tab.
 */
export function tabSet(
  items: TabItem[],
  context: ComponentContext,
  options: {
    className: string;
    dropdown?: boolean;
    defaultIndex?: number;
    sync?: boolean;
    /** The name the reader's choice is remembered under, across pages. */
    remember?: string;
    /** What the dropdown chooses, for assistive technology ("Language"). */
    selectLabel?: string;
  },
): Element {
  const base = context.uniqueId("tabs");
  const selected = Math.min(Math.max(options.defaultIndex ?? 0, 0), Math.max(items.length - 1, 0));
  const panelId = (index: number): string => items[index]?.anchor ?? `${base}-panel-${index}`;
  const buttons = items.map((item, index) =>
    h(
      "button",
      {
        type: "button",
        role: "tab",
        id: `${base}-tab-${index}`,
        ariaControls: panelId(index),
        ariaSelected: index === selected ? "true" : "false",
        tabIndex: index === selected ? 0 : -1,
        dataTabTitle: item.title,
      },
      [...(item.icon ? [item.icon] : []), item.title],
    ),
  );
  const selector = options.dropdown
    ? h(
        "select",
        {
          className: ["tab-select"],
          ariaLabel: options.selectLabel ?? context.messages.chooseExample,
        },
        items.map((item, index) =>
          h("option", { value: String(index), selected: index === selected }, item.title),
        ),
      )
    : h("div", { className: ["tab-list"], role: "tablist" }, buttons);
  const panels = items.map((item, index) =>
    h(
      "div",
      {
        className: ["tab-panel", ...(index === selected ? ["active"] : [])],
        role: "tabpanel",
        id: panelId(index),
        ariaLabelledby: `${base}-tab-${index}`,
        tabIndex: 0,
        dataTabTitle: item.title,
      },
      [h("p", { className: ["tab-panel-title"] }, item.title), ...item.content],
    ),
  );
  return h(
    "div",
    {
      className: ["tab-set", options.className, ...(options.dropdown ? ["tab-set-dropdown"] : [])],
      dataTabs: "",
      dataTabsSync: options.sync === false ? "false" : undefined,
      dataTabsRemember: options.remember,
    },
    [selector, ...panels],
  ) as Element;
}

/** The element children of a component, skipping whitespace text. */
export function elementChildren(children: ElementContent[]): Element[] {
  return children.filter((child): child is Element => child.type === "element");
}
