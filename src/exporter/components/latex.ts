import { renderMath } from "../math/render-math.ts";
import { textOf } from "./element-text.ts";
import type { Component } from "./types.ts";

/**
 * `<Latex>`: the text inside is TeX, drawn at export time like `$$…$$` (on a line of its own)
 * or `$…$` (inside a sentence). Mintlify's starter kit showed it, so pages made from the kit
 * still hold it. A formula KaTeX cannot read is shown as KaTeX shows errors, with a warning.
 */
export const Latex: Component = ({ children, context, position, inline }) => {
  const tex = children.map(textOf).join("").trim();
  if (!tex) return [];
  context.features.math = true;
  const result = renderMath(tex, !inline);
  if (result.error) context.warn(`math could not be rendered: ${result.error}`, position, "math");
  return result.node;
};
