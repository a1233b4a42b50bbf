import { describe, expect, it } from "vitest";
import { forAgents } from "../../../src/exporter/mdx/agent-markdown.ts";
import { parseSource } from "../../../src/exporter/mdx/parse.ts";
import { renderPage } from "../../helpers/render-page.ts";

describe("the page's Markdown for agents", () => {
  it("leaves content for humans out of the Markdown while the HTML page shows it", async () => {
    const body = await renderPage({
      "index.mdx":
        'Intro.\n\n<Visibility for="humans">\n  Click **Get started** in the top bar.\n</Visibility>\n\nOutro.\n',
    });
    expect(body.html).toContain("Click <strong>Get started</strong> in the top bar.");
    expect(body.markdown).not.toContain("Get started");
    expect(body.markdown).toBe("Intro.\n\nOutro.");
  });

  it("keeps content for agents in the Markdown without its Visibility wrapper", async () => {
    const body = await renderPage({
      "index.mdx":
        'Intro.\n\n<Visibility for="agents">\n  Call `POST /v1/accounts` with an email.\n</Visibility>\n\nOutro.\n',
    });
    expect(body.markdown).toBe("Intro.\n\nCall `POST /v1/accounts` with an email.\n\nOutro.");
    expect(body.html).not.toContain("/v1/accounts");
  });

  it("keeps one-line agent content a paragraph of its own, so the blocks around it stay apart", async () => {
    const body = await renderPage({
      "index.mdx":
        '<Note>Before.</Note>\n\n<Visibility for="agents">Use the **API**.</Visibility>\n\nAfter.\n',
    });
    expect(body.markdown).toBe("<Note>Before.</Note>\n\nUse the **API**.\n\nAfter.");
  });

  it("applies the audiences inside other components and inside a sentence", async () => {
    const body = await renderPage({
      "index.mdx":
        '<Steps>\n<Step title="Sign up">\nOpen the site<Visibility for="humans"> and press the button</Visibility><Visibility for="agents"> and call the API</Visibility>.\n</Step>\n</Steps>\n',
    });
    expect(body.markdown).toContain("Open the site and call the API.");
    expect(body.markdown).not.toContain("press the button");
    expect(body.html).toContain(
      'Open the site<span class="visibility"> and press the button</span>.',
    );
  });

  it("does not change the page's HTML tree when it makes the Markdown", async () => {
    const body = await renderPage({
      "index.mdx":
        '<Visibility for="humans">\n\n## For people\n\n</Visibility>\n\n<Visibility for="agents">\n\n## For agents\n\n</Visibility>\n',
    });
    expect(body.toc).toEqual([{ depth: 2, id: "for-people", text: "For people" }]);
    expect(body.markdown).toBe("## For agents");
  });

  it("shares what it has nothing to change in, and copies, never edits, what it changes", () => {
    const plain = parseSource("# Title\n\n<Note>Some **text**.</Note>\n\n- a\n- b\n", "mdx").tree;
    expect(forAgents(plain)).toBe(plain);

    const { tree } = parseSource(
      '<Note>Kept.</Note>\n\n<Visibility for="humans">\n  Gone.\n</Visibility>\n',
      "mdx",
    );
    const [note, visibility] = tree.children;
    if (visibility) visibility.data = { quireProps: { for: "humans" } } as never;
    const agents = forAgents(tree);
    expect(agents).not.toBe(tree);
    expect(agents.children).toEqual([note]);
    expect(agents.children[0]).toBe(note);
    expect(tree.children).toEqual([note, visibility]);
  });
});
