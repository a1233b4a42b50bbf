import type { ElementContent } from "hast";
import katex from "katex";

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
