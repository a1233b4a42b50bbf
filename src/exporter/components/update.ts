import type { Element } from "hast";
import { h } from "hastscript";
import { slug, text } from "./props.ts";
import type { Component } from "./types.ts";

/**
 * A changelog entry: its label is an anchored heading listed in "On this page"; its tags are
 * the page's filters, and `rss` its entry's own title and description in the page's feed.
 */
export const Update: Component = ({ props, children, context }) => {
  const label = text(props, "label") ?? context.messages.update;
  const description = text(props, "description");
  const tags = Array.isArray(props.tags) ? props.tags.map(String) : [];
  const id = context.uniqueId(slug(label));
  const rss =
    typeof props.rss === "object" && props.rss !== null && !Array.isArray(props.rss)
      ? (props.rss as Record<string, unknown>)
      : {};
  const attributes = {
    className: ["update"],
    // Read by the client's tag filter and by the page's RSS feed (output/rss-feed.ts).
    ...(tags.length > 0 ? { dataTags: JSON.stringify(tags) } : {}),
    ...(typeof rss.title === "string" ? { dataRssTitle: rss.title } : {}),
    ...(typeof rss.description === "string" ? { dataRssDescription: rss.description } : {}),
  };
  return h("section", attributes, [
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
