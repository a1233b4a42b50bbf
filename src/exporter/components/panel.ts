import type { Element } from "hast";
import { h } from "hastscript";
import type { Component } from "./types.ts";

/** Content for the side panel; Quire shows it as an aside next to (or below) the content. */
export const Panel: Component = ({ children }) =>
  h("aside", { className: ["panel"] }, children) as Element;
