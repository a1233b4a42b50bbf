import type { Element, ElementContent } from "hast";
import { h } from "hastscript";
import { flag, text } from "./props.ts";
import { elementChildren } from "./tab-set.ts";
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

/** `<Tree.Folder name defaultOpen openable highlight>`: a folder of the tree and its items. */
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

/** `<Tree.File name highlight>`: a file of the tree. */
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
