import type { ElementContent } from "hast";
import katex from "katex";
import type { Position } from "unist";

/** What drawing math needs of the page: its needs, and where its warnings go. */
export interface MathPage {
  readonly features: { math: boolean };
  warn(message: string, position?: Position, rule?: string): void;
}

/**
 * TeX drawn into a page (`$…$`, `$$…$$`, `<Latex>`): the page is marked as needing KaTeX's
 * stylesheet, and TeX KaTeX cannot read is drawn as KaTeX draws errors, with a warning.
 */
export function drawMath(
  tex: string,
  display: boolean,
  page: MathPage,
  position?: Position,
): ElementContent {
  page.features.math = true;
  const result = renderMath(tex, display);
  if (result.error) page.warn(`math could not be rendered: ${result.error}`, position, "math");
  return result.node;
}

/**
 * Renders TeX to HTML at export time, so pages need KaTeX's stylesheet and fonts but no
 * script. The output is KaTeX's own markup, trusted and inserted as raw HTML.
 */
export function renderMath(
  tex: string,
  display: boolean,
): { node: ElementContent; error?: string } {
  try {
    const html = katex.renderToString(tex, {
      displayMode: display,
      throwOnError: true,
      output: "htmlAndMathml",
      strict: "ignore",
      trust: false,
    });
    return { node: { type: "raw", value: html } as unknown as ElementContent };
  } catch (error) {
    const html = katex.renderToString(tex, {
      displayMode: display,
      throwOnError: false,
      output: "htmlAndMathml",
      strict: "ignore",
      trust: false,
    });
    return {
      node: { type: "raw", value: html } as unknown as ElementContent,
      error: (error as Error).message,
    };
  }
}
