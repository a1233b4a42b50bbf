import { describe, expect, it } from "vitest";
import { renderPage } from "../../helpers/render-page.ts";

describe("<Latex>", () => {
  it("draws its TeX as display math on a line of its own, and inline inside a sentence", async () => {
    const body = await renderPage({
      "index.mdx":
        "<Latex>8 x (vk x H1 - H2) = (0,1)</Latex>\n\nThe ratio <Latex>a^2</Latex> grows.\n",
    });
    expect(body.html).toMatch(/^<span class="katex-display"><span class="katex">/);
    expect(body.html).toContain(
      '<annotation encoding="application/x-tex">8 x (vk x H1 - H2) = (0,1)</annotation>',
    );
    expect(body.html).toMatch(
      /<p>The ratio <span class="katex">.*a\^2<\/annotation>.*<\/span> grows\.<\/p>/,
    );
    // The page asks for KaTeX's stylesheet.
    expect(body.features.math).toBe(true);
    expect(body.problems).toEqual([]);
  });

  it("warns, naming the line, about TeX KaTeX cannot read, and shows it as KaTeX shows errors", async () => {
    const body = await renderPage({ "index.mdx": "Intro.\n\n<Latex>x^</Latex>\n" });
    expect(body.problems).toEqual([
      expect.objectContaining({ rule: "math", line: 3, severity: "warning" }),
    ]);
    expect(body.html).toContain('class="katex-error"');
  });
});
