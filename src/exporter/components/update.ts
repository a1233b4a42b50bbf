import type { Element } from "hast";
import { h } from "hastscript";
import { slug, text } from "./props.ts";
import type { Component } from "./types.ts";

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
