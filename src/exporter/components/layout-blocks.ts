import type { Element, ElementContent } from "hast";
import { h } from "hastscript";
import { flag, slug, text } from "./props.ts";
import { elementChildren, tabSet } from "./tab-set.ts";
import type { Component, ComponentContext } from "./types.ts";

/**
 * A file tree, from components (`<Tree.Folder name="src" defaultOpen><Tree.File name="a.ts" />`)
 * or from a Markdown list inside `<Tree>` (or its alias `<FileTree>`), where an item ending in
 * `/` or holding a nested list is a folder, open when it has items.
 */
export const Tree: Component = ({ children, context }) => {
  const items = children.flatMap((child) =>
    child.type === "element" && (child.tagName === "ul" || child.tagName === "ol")
      ? listItems(child, context)
      : [child],
  );
  return h("div", { className: ["file-tree"], role: "tree" }, [h("ul", items)]) as Element;
};

export const TreeFolder: Component = ({ props, children, context }) =>
  folderItem(
    context,
    {
      name: text(props, "name") ?? "folder",
      open: flag(props, "defaultOpen"),
      openable: props.openable !== false && props.openable !== "false",
      highlight: flag(props, "highlight"),
    },
    children,
  );

export const TreeFile: Component = ({ props, context }) =>
  fileItem(context, text(props, "name") ?? "file", flag(props, "highlight"));

function folderItem(
  context: ComponentContext,
  options: { name: string; open: boolean; openable: boolean; highlight: boolean },
  children: ElementContent[],
): Element {
  const icon = context.icon("folder", { size: 14, library: "lucide" });
  const label = [...(icon ? [icon] : []), { type: "text" as const, value: options.name }];
  const group = h("ul", { role: "group" }, children);
  const className = ["tree-folder", ...(options.highlight ? ["tree-highlight"] : [])];
  // A folder readers may not close is always open, with no toggle to offer.
  if (!options.openable)
    return h("li", { className: [...className, "tree-folder-fixed"], role: "treeitem" }, [
      h("span", { className: ["tree-name"] }, label),
      group,
    ]) as Element;
  return h("li", { className, role: "treeitem" }, [
    h("details", { open: options.open }, [h("summary", label), group]),
  ]) as Element;
}

function fileItem(context: ComponentContext, name: string, highlight: boolean): Element {
  const icon = context.icon("file", { size: 14, library: "lucide" });
  return h(
    "li",
    { className: ["tree-file", ...(highlight ? ["tree-highlight"] : [])], role: "treeitem" },
    [...(icon ? [icon] : []), name],
  ) as Element;
}

/** The items of a Markdown list as tree items; names lose their inline formatting. */
function listItems(list: Element, context: ComponentContext): Element[] {
  return elementChildren(list.children)
    .filter((item) => item.tagName === "li")
    .map((item) => {
      const nested = elementChildren(item.children).find(
        (child) => child.tagName === "ul" || child.tagName === "ol",
      );
      const name = plainText(item.children).replace(/\s+/g, " ").trim();
      if (!nested && !name.endsWith("/")) return fileItem(context, name, false);
      const folderName = name.replace(/\/+$/, "") || "folder";
      return folderItem(
        context,
        { name: folderName, open: nested !== undefined, openable: true, highlight: false },
        nested ? listItems(nested, context) : [],
      );
    });
}

function plainText(nodes: ElementContent[]): string {
  return nodes
    .map((node) =>
      node.type === "text"
        ? node.value
        : node.type === "element" && node.tagName !== "ul" && node.tagName !== "ol"
          ? plainText(node.children)
          : "",
    )
    .join("");
}

/** Content for the side panel; Quire shows it as an aside next to (or below) the content. */
export const Panel: Component = ({ children }) =>
  h("aside", { className: ["panel"] }, children) as Element;

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
      ...(tags.length > 0
        ? [
            h(
              "div",
              { className: ["update-tags"] },
              tags.map((tag) => h("span", { className: ["badge", "badge-gray", "badge-sm"] }, tag)),
            ),
          ]
        : []),
    ]),
    h("div", { className: ["update-content"] }, children),
  ]) as Element;
};

/** A linked tile with a preview (children or an image), title and description. */
export const Tile: Component = ({ props, children, context, position }) => {
  const href = text(props, "href");
  const title = text(props, "title");
  const description = text(props, "description");
  const image = text(props, "img");
  const imageSource = image === undefined ? undefined : context.asset(image, position);
  const target = href === undefined ? undefined : context.href(href, position);
  const preview: ElementContent[] = imageSource
    ? [
        h("img", {
          src: imageSource,
          alt: title ?? "",
          loading: "lazy",
        }) as Element,
      ]
    : children;
  const content = [
    h("div", { className: ["tile-preview"] }, preview),
    ...(title ? [h("p", { className: ["tile-title"] }, title)] : []),
    ...(description ? [h("p", { className: ["tile-description"] }, description)] : []),
  ];
  return (
    target !== undefined
      ? h("a", { className: ["tile"], href: target }, content)
      : h("div", { className: ["tile"] }, content)
  ) as Element;
};

/**
 * One alternative view of content (per language, platform…). The page's view switcher
 * (theme/client/components/views.ts) shows one title at a time; without JavaScript all show.
 */
export const View: Component = ({ props, children, context }) => {
  const title = text(props, "title") ?? "View";
  const iconName = text(props, "icon");
  const icon = iconName
    ? context.icon(iconName, { size: 14, iconType: text(props, "iconType") })
    : undefined;
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
