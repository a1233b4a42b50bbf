import { toHtml } from "hast-util-to-html";
import { describe, expect, it } from "vitest";
import { highlightToHast } from "../../../src/exporter/code/highlighter.ts";
import { loadCodeLanguages } from "../../../src/exporter/code/languages.ts";

// Alone in its file: the highlighter's grammars are loaded once per module graph, and this
// test needs one where no block has loaded TSX, YAML or Python yet.
const MDX_BLOCK = `---
title: Skills
---

<Prompt description="Install the skill." actions={["copy", "cursor"]}>
npx skills add https://docs.example.com
</Prompt>

\`\`\`python
print("hello")
\`\`\``;

describe("a language that embeds others lazily", () => {
  it("highlights an MDX block the same whatever its thread highlighted before", async () => {
    await loadCodeLanguages(["mdx"]);
    const first = toHtml(highlightToHast(MDX_BLOCK, "mdx"));
    // The JSX, the frontmatter and the fenced Python have colours of their own.
    expect(first).toMatch(/>Prompt<\/span>/);
    expect(first).toMatch(/>title<\/span>/);
    expect(first).toMatch(/>print<\/span>/);
    // A page with TSX, YAML and Python blocks loads their grammars for itself: the MDX block's
    // colours stay as they were.
    await loadCodeLanguages(["tsx", "yaml", "python"]);
    expect(toHtml(highlightToHast(MDX_BLOCK, "mdx"))).toBe(first);
  });
});

describe("a language no block of the page asked for", () => {
  it("is highlighted as if the page had loaded it (a component's <CodeBlock>)", async () => {
    const code = 'resource "aws_s3_bucket" "docs" {\n  bucket = "docs"\n}';
    await loadCodeLanguages([]);
    const built = toHtml(highlightToHast(code, "hcl"));
    expect(new Set(built.match(/style="color:#[0-9A-F]+/g)).size).toBeGreaterThan(2);
    await loadCodeLanguages(["hcl"]);
    expect(toHtml(highlightToHast(code, "hcl"))).toBe(built);
  });
});
