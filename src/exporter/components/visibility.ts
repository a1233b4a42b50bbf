import type { Element } from "hast";
import { h } from "hastscript";
import { text } from "./props.ts";
import type { Component } from "./types.ts";

/** Content for one audience: `for="agents"` is kept in the page's Markdown, not in its HTML. */
export const Visibility: Component = ({ props, children, inline }) => {
  const audience = text(props, "for");
  if (audience === "agents") return [];
  return h(inline ? "span" : "div", { className: ["visibility"] }, children) as Element;
};
