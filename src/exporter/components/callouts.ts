import type { Element } from "hast";
import { h } from "hastscript";
import type { Component } from "./types.ts";

function callout(kind: string): Component {
  return ({ props, children }) =>
    h("div", { className: ["callout", `callout-${kind}`], role: "note" }, [
      h("div", { className: ["callout-content"] }, children),
    ]) as Element;
}

export const Note = callout("note");
