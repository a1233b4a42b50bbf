import type { ElementContent } from "hast";
import { renderCodeBlock } from "../code/render-code-block.ts";
import { hasClass, textOf } from "./element-text.ts";
import { flag, text } from "./props.ts";
import type { Component, Props } from "./types.ts";

/**
 * Line numbers for `highlight` and `focus`: Mintlify documents them as a stringified array
 * (`"[1,3]"`); ranges (`"1-3,5"`) and arrays of numbers work as well.
 */
function lineList(props: Props, name: string): string | undefined {
  const value = props[name];
  if (Array.isArray(value)) return value.filter((item) => typeof item === "number").join(",");
  if (typeof value === "number") return String(value);
  if (typeof value !== "string") return undefined;
  const list = value.replace(/[[\]\s]/g, "");
  return /^[\d,-]+$/.test(list) ? list : undefined;
}

/**
 * `<CodeBlock language filename icon lines wrap expandable highlight focus>`: the code block of
 * a fenced block, for custom components that build their code in props and children.
 */
export const CodeBlock: Component = ({ props, children, context }) => {
  // A fenced block written inside it is already a code block.
  if (children.some((child) => child.type === "element" && hasClass(child, "code-block")))
    return children;
  const code = children
    .map((child: ElementContent) => textOf(child))
    .join("")
    .replace(/^\n+|\s+$/g, "");
  const meta: string[] = [];
  const filename = text(props, "filename") ?? text(props, "title");
  if (filename) meta.push(`title="${filename.replace(/"/g, "'")}"`);
  const icon = text(props, "icon");
  if (icon && /^[\w:/.-]+$/.test(icon)) meta.push(`icon="${icon}"`);
  for (const word of ["lines", "wrap", "expandable"]) if (flag(props, word)) meta.push(word);
  for (const name of ["highlight", "focus"]) {
    const lines = lineList(props, name);
    if (lines) meta.push(`${name}={${lines}}`);
  }
  return renderCodeBlock({ code, lang: text(props, "language"), meta: meta.join(" ") }, context);
};
