import { readdirSync } from "node:fs";
import path from "node:path";
import type { Root } from "mdast";
import { describe, expect, it } from "vitest";
import { forAgents } from "../../../src/exporter/mdx/agent-markdown.ts";
import { expandPage } from "../../../src/exporter/mdx/expand.ts";
import { pageMarkdown, serializeMarkdown } from "../../../src/exporter/mdx/page-markdown.ts";
import { parseSource } from "../../../src/exporter/mdx/parse.ts";
import { RepoFiles } from "../../../src/exporter/site/repo-files.ts";
import { renderPage } from "../../helpers/render-page.ts";
import { makeRepo } from "../../helpers/temp-repo.ts";

const EXAMPLE = path.resolve(import.meta.dirname, "../../../examples/docs");

/**
 * A tree without positions and node data: what a Markdown text says, not where it says it. A
 * component's only paragraph counts as its text: the serialiser writes `<Note>Text</Note>` on
 * three lines, which MDX reads as a paragraph in the note.
 */
function meaning(markdown: string, format: "md" | "mdx"): unknown {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (!value || typeof value !== "object") return value;
    const node = value as { type?: string; children?: { type?: string; children?: unknown }[] };
    const only = node.children?.length === 1 ? node.children[0] : undefined;
    const unwrapped =
      node.type?.startsWith("mdxJsx") && only?.type === "paragraph"
        ? { ...node, children: only.children }
        : node;
    return Object.fromEntries(
      Object.entries(unwrapped)
        .filter(([key]) => key !== "position" && key !== "data")
        .map(([key, item]) => [key, strip(item)]),
    );
  };
  return strip(parseSource(markdown, format).tree);
}

/** The whole expanded tree serialised: a page's Markdown with nothing copied from its source. */
function serialisedWhole(tree: Root): string {
  return serializeMarkdown(forAgents(tree).children);
}

function expanded(root: string, file: string): { tree: Root; source: string } {
  const repo = new RepoFiles(root);
  const source = repo.readText(file);
  const { tree } = parseSource(source, file.endsWith(".mdx") ? "mdx" : "md");
  expandPage(tree, file, repo);
  return { tree, source };
}

describe("the page's Markdown copy", () => {
  it("copies Markdown and components as the author wrote them and serialises the snippet's content", async () => {
    const body = await renderPage({
      "index.mdx": [
        "---\ntitle: T\n---",
        "import Part from '/snippets/part.mdx';",
        "Some *text* with a [link](/other) and `code`.",
        "* one\n* two",
        "| a | b |\n|---|---|\n| 1 | 2 |",
        "<Note>A note.</Note>",
        "<Part />",
        "```js title.js\nconst x = { a: 1 };\n```",
      ].join("\n\n"),
      "snippets/part.mdx": "* from the snippet\n",
    });
    expect(body.markdown).toBe(
      [
        "Some *text* with a [link](/other) and `code`.",
        "* one\n* two",
        "| a | b |\n|---|---|\n| 1 | 2 |",
        "<Note>A note.</Note>",
        "* from the snippet",
        "```js title.js\nconst x = { a: 1 };\n```",
      ].join("\n\n"),
    );
  });

  it("puts in the values of variables and expressions the source only names", async () => {
    const body = await renderPage(
      {
        "index.mdx":
          "export const plan = 'Team';\n\nVersion {{version}} on the {plan} plan.\n\n```bash\nnpm i lumen@{{version}}\n```\n",
      },
      "index.mdx",
      { variables: { version: "2.0.0" } },
    );
    expect(body.markdown).toBe(
      "Version 2.0.0 on the Team plan.\n\n```bash\nnpm i lumen@2.0.0\n```",
    );
  });

  it("copies a component whole only when its source still says what it holds", async () => {
    const body = await renderPage(
      {
        "index.mdx": [
          "import Part from '/snippets/part.mdx';\nimport { missing } from '/snippets/part.mdx';",
          "export const plan = 'Team';",
          '<CardGroup cols={2}>\n  <Card title="One" href="/one">First.</Card>\n</CardGroup>',
          '<Tabs>\n<Tab title="JSON">\n```json\n{ "a": { "b": 1 } }\n```\n</Tab>\n</Tabs>',
          "<Note>Version {{version}}.</Note>",
          "<Note>On the {plan} plan.</Note>",
          "<Tip>\n<Part />\n</Tip>",
          "<Info>Kept<missing /> alone.</Info>",
          '<Card title="{{version}}">Card.</Card>',
          "<Steps>\n<Step>\n```bash\nnpm i lumen@{{version}}\n```\n</Step>\n</Steps>",
        ].join("\n\n"),
        "snippets/part.mdx": "From the snippet.\n",
      },
      "index.mdx",
      { variables: { version: "2.0.0" } },
    );
    const blocks = body.markdown.split("\n\n");
    // As written: literal attribute expressions, and braces that are code's own.
    expect(blocks.slice(0, 2)).toEqual([
      '<CardGroup cols={2}>\n  <Card title="One" href="/one">First.</Card>\n</CardGroup>',
      '<Tabs>\n<Tab title="JSON">\n```json\n{ "a": { "b": 1 } }\n```\n</Tab>\n</Tabs>',
    ]);
    // Serialised: a variable's value, an expression's, a snippet's content, an element left out.
    expect(body.markdown).toContain("Version 2.0.0.");
    expect(body.markdown).toContain("On the Team plan.");
    expect(body.markdown).toContain("From the snippet.");
    expect(body.markdown).not.toContain("<Part");
    expect(body.markdown).not.toContain("missing");
    expect(body.markdown).toContain('title="2.0.0"');
    expect(body.markdown).toContain("npm i lumen@2.0.0");
    expect(body.markdown).not.toContain("{{");
  });

  it("keeps an indented block's lines together when it leaves a component", async () => {
    const body = await renderPage({
      "index.mdx":
        '<Visibility for="agents">\n  1. Install:\n\n     ```bash\n     npm i lumen\n     ```\n  2. Run.\n</Visibility>\n',
    });
    expect(meaning(body.markdown, "mdx")).toEqual(
      meaning("1. Install:\n\n   ```bash\n   npm i lumen\n   ```\n2. Run.", "mdx"),
    );
  });

  it("keeps two lists apart when a component between them is left out", async () => {
    const files = { "index.mdx": '* a\n\n<Visibility for="humans">Click.</Visibility>\n\n* b\n' };
    const body = await renderPage(files);
    const whole = serialisedWhole(expanded(makeRepo(files), "index.mdx").tree);
    expect(meaning(body.markdown, "mdx")).toEqual(meaning(whole, "mdx"));
    // Two lists, as on the page: not one list of two items.
    expect((parseSource(body.markdown, "mdx").tree.children as { type: string }[]).length).toBe(2);
  });

  it("says the same as the whole page serialised, on every page of the example site", () => {
    const pages = readdirSync(EXAMPLE, { recursive: true })
      .map(String)
      .filter((file) => /\.mdx?$/.test(file) && !file.startsWith("snippets"));
    expect(pages.length).toBeGreaterThan(20);
    let copied = 0;
    for (const file of pages) {
      const { tree, source } = expanded(EXAMPLE, file);
      const format = file.endsWith(".mdx") ? "mdx" : "md";
      const markdown = pageMarkdown(tree, source);
      const whole = serialisedWhole(tree);
      expect(meaning(markdown, format), file).toEqual(meaning(whole, format));
      if (markdown !== whole) copied++;
    }
    // The copy is not the serialiser's text everywhere: some blocks came from the source.
    expect(copied).toBeGreaterThan(0);
  });
});
