import { describe, expect, it } from "vitest";
import type { SiteLayoutData } from "../../../../src/exporter/theme/layout-types.ts";
import { repositoryUrls } from "../../../../src/exporter/theme/reader/page-end.ts";
import { meta, render, siteOf } from "../layout-helpers.ts";

const NAVIGATION = { navigation: { pages: ["index", "guides/setup", "dated"] } };
const PAGES = [
  meta("index", { title: "Home" }),
  meta("guides/setup", { title: "Setup", timestamp: false }),
  meta("dated", { title: "Dated", lastUpdatedDate: "2026-08-13T00:00:00.000Z" }),
];

function siteWith(
  docs: Record<string, unknown>,
  extra: Partial<SiteLayoutData> = {},
): SiteLayoutData {
  return siteOf({ ...NAVIGATION, ...docs }, PAGES, extra);
}

describe("the last-modified date", () => {
  const reader = {
    lastModified: { "index.mdx": "2025-05-06T07:08:09.000Z" },
    exportedAt: "2026-11-26T10:00:00.000Z",
  };

  it("shows the source's last commit date on every page when metadata.timestamp is on", () => {
    const html = render(siteWith({ metadata: { timestamp: true } }, { reader }), "index");
    expect(html).toContain(
      '<p class="last-modified">Last modified on <time datetime="2025-05-06T07:08:09.000Z">May 6, 2025</time></p>',
    );
  });

  it("shows none without metadata.timestamp, and none on a page whose frontmatter turns it off", () => {
    expect(render(siteWith({}, { reader }), "index")).not.toContain("last-modified");
    expect(
      render(siteWith({ metadata: { timestamp: true } }, { reader }), "guides/setup"),
    ).not.toContain("last-modified");
  });

  it("prefers the page's lastUpdatedDate, and falls back to the export's date where git knows nothing", () => {
    const site = siteWith({ metadata: { timestamp: true } }, { reader });
    expect(render(site, "dated")).toContain(">August 13, 2026</time>");
    const unknown = siteOf(
      { ...NAVIGATION, metadata: { timestamp: true } },
      [meta("index", { file: "other.mdx" }), ...PAGES.slice(1)],
      { reader },
    );
    expect(render(unknown, "index")).toContain(">November 26, 2026</time>");
  });
});

describe("the feedback widget", () => {
  it("is written only when the operator gave a collector, hidden until the client script shows it", () => {
    expect(render(siteWith({}), "guides/setup")).not.toContain("page-feedback");
    const html = render(
      siteWith({}, { reader: { feedbackUrl: "/_quire/feedback" } }),
      "guides/setup",
    );
    expect(html).toMatch(
      /<div class="page-feedback" data-feedback-url="\/_quire\/feedback" data-feedback-page="guides\/setup"[^>]* hidden>/,
    );
    expect(html).toContain("Was this page helpful?");
    expect(html).toContain('data-helpful="true"');
    expect(html).toContain('data-helpful="false"');
  });

  it("is left out when docs.json turns the thumbs off (feedback.thumbs: false)", () => {
    const html = render(
      siteWith({ feedback: { thumbs: false } }, { reader: { feedbackUrl: "/_quire/feedback" } }),
      "guides/setup",
    );
    expect(html).not.toContain("page-feedback");
  });
});

describe("the edit links", () => {
  it("link to the page's source on GitHub and to a new issue naming the page", () => {
    const html = render(
      siteWith(
        {},
        {
          reader: {
            repository: { url: "https://github.com/acme/docs.git", ref: "main", folder: "docs" },
          },
        },
      ),
      "guides/setup",
    );
    expect(html).toContain('href="https://github.com/acme/docs/edit/main/docs/guides/setup.mdx"');
    expect(html).toContain(
      'href="https://github.com/acme/docs/issues/new?title=Issue%20on%20docs&amp;body=Path%3A%20%2Fguides%2Fsetup"',
    );
    expect(html).toContain("Suggest edits");
    expect(html).toContain("Raise issue");
  });

  it("leave out what docs.json's feedback turns off: edits, issues, or both", () => {
    const reader = { repository: { url: "https://github.com/acme/docs", ref: "main" } };
    const withFeedback = (feedback: Record<string, boolean>) =>
      render(siteWith({ feedback }, { reader }), "guides/setup");
    const noIssues = withFeedback({ issues: false });
    expect(noIssues).toContain("Suggest edits");
    expect(noIssues).not.toContain("Raise issue");
    const noEdits = withFeedback({ edits: false, thumbs: true });
    expect(noEdits).not.toContain("Suggest edits");
    expect(noEdits).toContain("Raise issue");
    expect(withFeedback({ edits: false, issues: false })).not.toContain("edit-links");
  });

  it("follow GitLab's and Gitea's own addresses", () => {
    const page = { file: "a b.mdx", path: "a b" };
    expect(repositoryUrls({ url: "https://gitlab.com/acme/docs" }, page)).toEqual({
      edit: "https://gitlab.com/acme/docs/-/edit/HEAD/a%20b.mdx",
      issue:
        "https://gitlab.com/acme/docs/-/issues/new?issue[title]=Issue%20on%20docs&issue[description]=Path%3A%20%2Fa%20b",
    });
    expect(
      repositoryUrls({ url: "https://git.internal/acme/docs", forge: "gitea", ref: "trunk" }, page)
        ?.edit,
    ).toBe("https://git.internal/acme/docs/_edit/trunk/a%20b.mdx");
  });

  it("are not written for a repository that is not a web address", () => {
    expect(repositoryUrls({ url: "/srv/git/docs" }, { file: "a.mdx", path: "a" })).toBeUndefined();
    expect(
      repositoryUrls({ url: "javascript:alert(1)//" }, { file: "a.mdx", path: "a" }),
    ).toBeUndefined();
  });
});
