import type { Element } from "hast";
import { h } from "hastscript";
import { SIDE_COLUMN_PROPERTY } from "./side-column.ts";
import type { Component } from "./types.ts";

/** Content for the side column: beside the content on wide screens, after the page header on phones. */
export const Panel: Component = ({ children }) =>
  h("div", { className: ["panel"], [SIDE_COLUMN_PROPERTY]: "" }, children) as Element;
