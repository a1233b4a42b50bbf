import type { Element } from "hast";
import { h } from "hastscript";
import { number, slug, text } from "./props.ts";
import { elementChildren, tabSet } from "./tab-set.ts";
import type { Component } from "./types.ts";

/** One <Tab>: kept as a marked element until its <Tabs> parent builds the tab set. */
export const Tab: Component = ({ props, children, context }) => {
  const title = text(props, "title") ?? context.messages.tab;
  const iconName = text(props, "icon");
  const icon = iconName
    ? context.icon(iconName, { size: 14, iconType: text(props, "iconType") })
    : undefined;
  // Linked by its title unless it names its own id, as Mintlify's tabs are: `#install`.
  const anchor = text(props, "id") ?? context.uniqueId(slug(title));
  return h("div", { className: ["quire-tab"], dataTitle: title, dataAnchor: anchor }, [
    ...(icon ? [h("span", { className: ["quire-tab-icon"] }, [icon])] : []),
    ...children,
  ]) as Element;
};

export const Tabs: Component = ({ props, children, context, position }) => {
  const tabs = elementChildren(children).filter(
    (child) =>
      child.properties.className && String(child.properties.className).includes("quire-tab"),
  );
  if (tabs.length === 0) {
    context.warn("<Tabs> has no <Tab> inside", position);
    return children;
  }
  return tabSet(
    tabs.map((tab) => {
      const [first, ...rest] = tab.children;
      const hasIcon =
        first?.type === "element" &&
        String(first.properties.className ?? "").includes("quire-tab-icon");
      return {
        title: String(tab.properties.dataTitle ?? context.messages.tab),
        anchor: String(tab.properties.dataAnchor),
        icon: hasIcon ? ((first as Element).children[0] as Element) : undefined,
        content: hasIcon ? rest : tab.children,
      };
    }),
    context,
    {
      className: "tabs",
      defaultIndex: number(props, "defaultTabIndex"),
      sync: props.sync !== false && props.sync !== "false",
    },
  );
};
