import { text } from "./props.ts";
import { tabSet } from "./tab-set.ts";
import type { Component } from "./types.ts";

/**
 * One alternative view of content (per language, platform…). The page's view switcher
 * (theme/client/components/views.ts) shows one title at a time; without JavaScript all show.
 */
export const View: Component = ({ props, children, context }) => {
  const title = text(props, "title") ?? context.messages.view;
  const iconName = text(props, "icon");
  const icon = iconName
    ? context.icon(iconName, { size: 14, iconType: text(props, "iconType") })
    : undefined;
  return tabSet([{ title, icon, content: children }], context, { className: "view" });
};
