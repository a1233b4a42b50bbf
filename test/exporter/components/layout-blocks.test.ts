import { describe, expect, it } from "vitest";
import { renderPage } from "../../helpers/render-page.ts";

describe("trees, panels, updates, tiles, views, visibility and prompts", () => {
  it("renders a file tree with open and closed folders", async () => {
    const body = await renderPage({
      "index.mdx":
        '<Tree>\n<Tree.Folder name="src" defaultOpen>\n<Tree.File name="a.ts" />\n</Tree.Folder>\n<Tree.Folder name="docs"><Tree.File name="b.md" /></Tree.Folder>\n</Tree>\n',
    });
    expect(body.html).toMatch(
      /<li class="tree-folder" role="treeitem"><details open><summary><svg[^>]*>.*<\/svg>src<\/summary>/,
    );
    expect(body.html).toMatch(/<details><summary><svg[^>]*>.*<\/svg>docs<\/summary>/);
    expect(body.html).toContain("a.ts</li>");
  });

  it("lists changelog updates in the table of contents with their tags", async () => {
    const body = await renderPage({
      "index.mdx":
        '<Update label="March 2026" description="v2.0" tags={["Feature"]}>New things.</Update>\n',
    });
    expect(body.html).toContain('<h2 class="update-label" id="march-2026">March 2026');
    expect(body.html).toContain('<span class="badge badge-gray badge-sm">Feature</span>');
    expect(body.toc).toEqual([{ depth: 2, id: "march-2026", text: "March 2026" }]);
  });

  it("links tiles and moves panels out of the content into the side column", async () => {
    const body = await renderPage({
      "index.mdx":
        '<Tile href="/a" title="A" description="About A">x</Tile>\n\n<Panel>Side</Panel>\n',
    });
    expect(body.html).toContain(
      '<a class="tile" href="a.html"><div class="tile-preview">x</div><p class="tile-title">A</p><p class="tile-description">About A</p></a>',
    );
    expect(body.html).not.toContain("Side");
    expect(body.aside).toBe('<div class="panel" data-side-column="">Side</div>');
  });

  it("keeps content for agents out of the HTML but in the Markdown", async () => {
    const body = await renderPage({
      "index.mdx":
        '<Visibility for="humans">For people.</Visibility>\n\n<Visibility for="agents">For agents.</Visibility>\n',
    });
    expect(body.html).toContain("For people.");
    expect(body.html).not.toContain("For agents.");
    expect(body.markdown).toContain("For agents.");
  });

  it("renders a view with its title and a prompt with a copy button", async () => {
    const body = await renderPage({
      "index.mdx":
        '<View title="Python">Use pip.</View>\n\n<Prompt description="Ask">Write a job.</Prompt>\n',
    });
    expect(body.html).toContain('data-tab-title="Python"');
    expect(body.html).toContain(
      '<button type="button" class="copy-code" data-copy-target="prompt" aria-label="Copy prompt">Copy</button>',
    );
  });
});
