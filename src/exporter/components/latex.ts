import { drawMath } from "../math/render-math.ts";
import { textOf } from "./element-text.ts";
import type { Component } from "./types.ts";

/**
 * `<Latex>`: the text inside is TeX, drawn at export time like `$$…$$` (on a line of its own)
 * or `$…$` (inside a sentence). Mintlify's starter kit showed it, so pages made from the kit
 * still hold it. A formula KaTeX cannot read is shown as KaTeX shows errors, with a warning.
 */
export const Latex: Component = ({ children, context, position, inline }) => {
  const tex = children.map(textOf).join("").trim();
  return tex ? drawMath(tex, !inline, context, position) : [];
};
