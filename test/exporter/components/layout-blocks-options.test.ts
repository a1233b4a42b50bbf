import { describe, expect, it } from "vitest";
import { renderPage } from "../../helpers/render-page.ts";

describe("options of trees, updates, tiles, views, visibility and prompts", () => {
  it("renders a prompt's description as Markdown, after its icon", async () => {
    const body = await renderPage({
      "index.mdx":
        '<Prompt description="Write **clear**, *concise* docs." icon="paperclip">\nYou are a writer.\n</Prompt>\n',
    });
    expect(body.html).toMatch(
      /<span class="prompt-title"><svg[^>]*class="icon icon-paperclip"[^>]*>.*?<\/svg>Write <strong>clear<\/strong>, <em>concise<\/em> docs.<\/span>/,
    );
    expect(body.html).toContain(
      '<div class="prompt-body" id="prompt"><p>You are a writer.</p></div>',
    );
  });

  it("opens a prompt in Cursor with its text when its actions ask for it, and copies it by default", async () => {
    const both = await renderPage({
      "index.mdx": '<Prompt actions={["copy", "cursor"]}>Summarize **this** page.</Prompt>\n',
    });
    const href = /<a class="prompt-cursor" href="([^"]+)"/.exec(both.html)?.[1] as string;
    expect(href.startsWith("cursor://anysphere.cursor-deeplink/prompt?text=")).toBe(true);
    expect(decodeURIComponent(href.split("text=")[1] as string)).toBe("Summarize this page.");
    expect(both.html).toContain('aria-label="Copy prompt"');
    const cursorOnly = await renderPage({
      "index.mdx": '<Prompt actions={["cursor"]}>Summarize.</Prompt>\n',
    });
    expect(cursorOnly.html).toContain("prompt-cursor");
    expect(cursorOnly.html).not.toContain("Copy prompt");
    const plain = await renderPage({ "index.mdx": "<Prompt>Summarize.</Prompt>\n" });
    expect(plain.html).toContain("Copy prompt");
    expect(plain.html).not.toContain("prompt-cursor");
  });

  it("titles a prompt without a description Prompt", async () => {
    const body = await renderPage({ "index.mdx": "<Prompt>Summarize this page.</Prompt>\n" });
    expect(body.html).toContain('<span class="prompt-title">Prompt</span>');
  });

  it("keeps content for humans inside a sentence as inline text, not a block that would split the paragraph", async () => {
    const body = await renderPage({
      "index.mdx": 'Press <Visibility for="humans">the blue button</Visibility> to start.\n',
    });
    expect(body.html).toBe(
      '<p>Press <span class="visibility">the blue button</span> to start.</p>',
    );
  });

  it("gives each update its own anchor even when two share a label", async () => {
    const body = await renderPage({
      "index.mdx":
        '<Update label="v1.2.0 (beta)">First.</Update>\n\n<Update label="v1.2.0 (beta)">Second.</Update>\n',
    });
    expect(body.toc).toEqual([
      { depth: 2, id: "v1-2-0-beta", text: "v1.2.0 (beta)" },
      { depth: 2, id: "v1-2-0-beta-2", text: "v1.2.0 (beta)" },
    ]);
    expect(body.html).toContain(
      '<a class="heading-anchor" href="#v1-2-0-beta-2" aria-label="Link to v1.2.0 (beta)">#</a>',
    );
  });

  it("does not let a heading with an update's label take the update's anchor", async () => {
    const body = await renderPage({
      "index.mdx": '## March 2026\n\n<Update label="March 2026">New.</Update>\n',
    });
    const ids = body.toc.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(2);
    expect(ids).toContain("march-2026");
  });

  it("shows a tile without a link as a plain block, with its image as the preview", async () => {
    const body = await renderPage({
      "index.mdx": '<Tile title="Dark mode" img="/shots/dark.png" />\n',
      "shots/dark.png": "png",
    });
    expect(body.html).toBe(
      '<div class="tile"><div class="tile-preview"><img src="shots/dark.png" alt="Dark mode" loading="lazy"></div><p class="tile-title">Dark mode</p></div>',
    );
  });

  it("shows a view's Font Awesome brand icon in its title", async () => {
    const body = await renderPage({
      "index.mdx": '<View title="Python" icon="python" iconType="brands">pip</View>\n',
    });
    expect(body.html).toMatch(
      /<button[^>]*data-tab-title="Python"><svg[^>]*class="icon icon-python"[^>]*>.*?<\/svg>Python<\/button>/,
    );
    expect(body.problems).toEqual([]);
  });

  it("shows a folder that readers cannot close always open, with nothing to toggle, and lists files at the tree's top level", async () => {
    const body = await renderPage({
      "index.mdx":
        '<Tree>\n<Tree.Folder name="app" openable={false}>\n<Tree.File name="main.ts" />\n</Tree.Folder>\n<Tree.File name="README.md" />\n</Tree>\n',
    });
    expect(body.html).toMatch(
      /<li class="tree-folder tree-folder-fixed" role="treeitem"><span class="tree-name"><svg[^>]*>.*?<\/svg>app<\/span><ul role="group">\s*<li class="tree-file" role="treeitem"><svg[^>]*>.*?<\/svg>main.ts<\/li>/,
    );
    expect(body.html).not.toContain("<details");
    expect(body.html).toMatch(
      /<\/li>\s*<li class="tree-file" role="treeitem"><svg[^>]*>.*?<\/svg>README.md<\/li>\s*<\/ul><\/div>$/,
    );
  });

  it("builds a tree from a Markdown list: a trailing slash or nested items make a folder, open when it has items", async () => {
    const body = await renderPage({
      "index.mdx":
        "<Tree>\n\n- docs/\n  - index.mdx\n  - guides/\n    - setup.mdx\n- `assets`/\n- docs.json\n\n</Tree>\n",
    });
    const html = body.html.replace(/<svg[^>]*>.*?<\/svg>/g, "");
    expect(html).toBe(
      '<div class="file-tree" role="tree"><ul>' +
        '<li class="tree-folder" role="treeitem"><details open><summary>docs</summary><ul role="group">' +
        '<li class="tree-file" role="treeitem">index.mdx</li>' +
        '<li class="tree-folder" role="treeitem"><details open><summary>guides</summary><ul role="group"><li class="tree-file" role="treeitem">setup.mdx</li></ul></details></li>' +
        "</ul></details></li>" +
        '<li class="tree-folder" role="treeitem"><details><summary>assets</summary><ul role="group"></ul></details></li>' +
        '<li class="tree-file" role="treeitem">docs.json</li>' +
        "</ul></div>",
    );
  });

  it("accepts FileTree as another name for Tree", async () => {
    const body = await renderPage({
      "index.mdx": '<FileTree>\n<Tree.File name="a.ts" />\n</FileTree>\n',
    });
    expect(body.html).toMatch(
      /^<div class="file-tree" role="tree"><ul>\s*<li class="tree-file" role="treeitem"><svg[^>]*>.*?<\/svg>a.ts<\/li>/,
    );
    expect(body.problems).toEqual([]);
  });

  it("marks the highlighted file and folder of a tree", async () => {
    const body = await renderPage({
      "index.mdx":
        '<Tree>\n<Tree.Folder name="app" highlight defaultOpen>\n<Tree.File name="page.tsx" highlight />\n<Tree.File name="layout.tsx" />\n</Tree.Folder>\n</Tree>\n',
    });
    expect(body.html).toContain(
      '<li class="tree-folder tree-highlight" role="treeitem"><details open>',
    );
    expect(body.html).toMatch(
      /<li class="tree-file tree-highlight" role="treeitem"><svg[^>]*>.*?<\/svg>page.tsx<\/li>/,
    );
    expect(body.html).toMatch(
      /<li class="tree-file" role="treeitem"><svg[^>]*>.*?<\/svg>layout.tsx<\/li>/,
    );
  });
});
