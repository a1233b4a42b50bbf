import type { Element, ElementContent } from "hast";
import { h } from "hastscript";
import { flag, slug, text } from "./props.ts";
import { elementChildren, tabSet } from "./tab-set.ts";
import type { Component } from "./types.ts";

/** A file tree: `<Tree><Tree.Folder name="src" defaultOpen><Tree.File name="a.ts" /></Tree.Folder></Tree>`. */
export const Tree: Component = ({ children }) => h("div", { className: ["file-tree"], role: "tree" }, [h("ul", children)]) as Element;

export const TreeFolder: Component = ({ props, children, context }) => {
  const name = text(props, "name") ?? "folder";
  const folder = context.icon("folder", { size: 14, library: "lucide" });
  const open = flag(props, "defaultOpen") || props.openable === false;
  return h("li", { className: ["tree-folder"], role: "treeitem" }, [
    h("details", { open }, [h("summary", [...(folder ? [folder] : []), name]), h("ul", { role: "group" }, children)]),
  ]) as Element;
};

export const TreeFile: Component = ({ props, context }) => {
  const file = context.icon("file", { size: 14, library: "lucide" });
  return h("li", { className: ["tree-file"], role: "treeitem" }, [...(file ? [file] : []), text(props, "name") ?? "file"]) as Element;
};

/** Content for the side panel; Quire shows it as an aside next to (or below) the content. */
export const Panel: Component = ({ children }) => h("aside", { className: ["panel"] }, children) as Element;

/** A changelog entry: its label is an anchored heading listed in "On this page". */
export const Update: Component = ({ props, children, context }) => {
  const label = text(props, "label") ?? "Update";
  const description = text(props, "description");
  const tags = Array.isArray(props.tags) ? props.tags.map(String) : [];
  const id = context.uniqueId(slug(label));
  return h("section", { className: ["update"] }, [
    h("div", { className: ["update-meta"] }, [
      h("h2", { className: ["update-label"], id }, label),
      ...(description ? [h("p", { className: ["update-description"] }, description)] : []),
      ...(tags.length > 0 ? [h("div", { className: ["update-tags"] }, tags.map((tag) => h("span", { className: ["badge", "badge-gray", "badge-sm"] }, tag)))] : []),
    ]),
    h("div", { className: ["update-content"] }, children),
  ]) as Element;
};

/** A linked tile with a preview (children or an image), title and description. */
export const Tile: Component = ({ props, children, context }) => {
  const href = text(props, "href");
  const title = text(props, "title");
  const description = text(props, "description");
  const image = text(props, "img");
  const preview: ElementContent[] = image ? [h("img", { src: context.asset(image), alt: title ?? "", loading: "lazy" }) as Element] : children;
  const content = [
    h("div", { className: ["tile-preview"] }, preview),
    ...(title ? [h("p", { className: ["tile-title"] }, title)] : []),
    ...(description ? [h("p", { className: ["tile-description"] }, description)] : []),
  ];
  return (href ? h("a", { className: ["tile"], href: context.href(href) }, content) : h("div", { className: ["tile"] }, content)) as Element;
};

/**
 * One alternative view of content (per language, platform…). The page's view switcher
 * (theme/client/components/views.ts) shows one title at a time; without JavaScript all show.
 */
export const View: Component = ({ props, children, context }) => {
  const title = text(props, "title") ?? "View";
  const iconName = text(props, "icon");
  const icon = iconName ? context.icon(iconName, { size: 14, iconType: text(props, "iconType") }) : undefined;
  return tabSet([{ title, icon, content: children }], context, { className: "view" });
};

/** Content for one audience: `for="agents"` is kept in the page's Markdown, not in its HTML. */
export const Visibility: Component = ({ props, children, inline }) => {
  const audience = text(props, "for");
  if (audience === "agents") return [];
  return h(inline ? "span" : "div", { className: ["visibility"] }, children) as Element;
};

/** A ready-made prompt for an AI tool, with a copy button; its description may hold Markdown. */
export const Prompt: Component = ({ props, children, context }) => {
  const description = text(props, "description");
  const iconName = text(props, "icon");
  const icon = iconName ? context.icon(iconName, { size: 16, iconType: text(props, "iconType") }) : undefined;
  const id = context.uniqueId("prompt");
  return h("div", { className: ["prompt"] }, [
    h("div", { className: ["prompt-header"] }, [
      h("span", { className: ["prompt-title"] }, [...(icon ? [icon] : []), ...(description ? context.markdown(description) : [{ type: "text" as const, value: "Prompt" }])]),
      h("button", { type: "button", className: ["copy-code"], dataCopyTarget: id, ariaLabel: "Copy prompt" }, "Copy"),
    ]),
    h("div", { className: ["prompt-body"], id }, children),
  ]) as Element;
};

