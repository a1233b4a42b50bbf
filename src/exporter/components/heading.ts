import type { Element } from "hast";
import { h } from "hastscript";
import { flag, number, text } from "./props.ts";
import type { Component } from "./types.ts";

/**
 * `<Heading level={3} id="…" noAnchor>`: a heading written as a component, as Mintlify's docs
 * show beside `<h3 noAnchor>`. It becomes that HTML heading, so it gets an id, an anchor link
 * and a place in "On this page" like any other.
 */
export const Heading: Component = ({ props, children }) => {
  const level = Math.min(6, Math.max(1, Math.trunc(number(props, "level") ?? 2)));
  const id = text(props, "id")?.trim();
  return h(
    `h${level}`,
    { ...(id ? { id } : {}), ...(flag(props, "noAnchor") ? { className: ["no-anchor"] } : {}) },
    children,
  ) as Element;
};
