import { describe, expect, it } from "vitest";
import { renderPage } from "../../helpers/render-page.ts";

describe("GitHub repository cards", () => {
  it("links a card to the repository named by its owner/name slug", async () => {
    const body = await renderPage({ "index.mdx": '<GitHub.Repo repo="lumen-labs/lumen" />\n' });
    expect(body.html).toMatch(
      /^<a class="github-repo github-repo-inset" href="https:\/\/github.com\/lumen-labs\/lumen" target="_blank" rel="noopener noreferrer"><span class="github-repo-icon"><svg[^>]*class="icon icon-github"[^>]*>.*?<\/svg><\/span><span class="github-repo-text"><span class="github-repo-name"><span class="github-repo-owner">lumen-labs\/<\/span>lumen<\/span><span class="github-repo-host">github.com<\/span><\/span><span class="github-repo-arrow" aria-hidden="true">↗<\/span><\/a>$/,
    );
    expect(body.problems).toEqual([]);
  });

  it("accepts a full GitHub address and the flat variant", async () => {
    const body = await renderPage({
      "index.mdx":
        '<GitHub.Repo repo="https://github.com/lumen-labs/lumen.git" variant="flat" />\n',
    });
    expect(body.html).toContain(
      '<a class="github-repo github-repo-flat" href="https://github.com/lumen-labs/lumen"',
    );
  });

  it("warns, naming the line, about a repository that is not owner/name and renders nothing", async () => {
    const body = await renderPage({
      "index.mdx": 'Intro.\n\n<GitHub.Repo repo="javascript:alert(1)" />\n',
    });
    expect(body.html).toBe("<p>Intro.</p>");
    expect(body.problems).toEqual([
      expect.objectContaining({
        file: "index.mdx",
        line: 3,
        message: expect.stringContaining("owner/name"),
      }),
    ]);
  });

  it("makes no request for stars or forks: the page holds no script or image from another host", async () => {
    const body = await renderPage(
      { "index.mdx": '<GitHub.Repo repo="lumen-labs/lumen" />\n' },
      "index.mdx",
      { deployment: "air-gapped" },
    );
    expect(body.html).not.toMatch(/<(img|script|iframe)/);
    expect(body.problems).toEqual([]);
  });
});
