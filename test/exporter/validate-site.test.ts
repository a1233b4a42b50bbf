import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { generateSite } from "../../bench/generate-site.ts";
import { exportSite } from "../../src/exporter/export-site.ts";
import type { Problem } from "../../src/exporter/problems.ts";
import { validateSite } from "../../src/exporter/validate-site.ts";
import { makeRepo, makeTempDir } from "../helpers/temp-repo.ts";

// Counts the full renders of page bodies, to see which pages a validation rendered.
const { rendered } = vi.hoisted(() => ({ rendered: [] as string[] }));
vi.mock("../../src/exporter/render/render-body.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../src/exporter/render/render-body.ts")>();
  return {
    ...actual,
    renderBody: (input: Parameters<typeof actual.renderBody>[0]) => {
      rendered.push(input.file);
      return actual.renderBody(input);
    },
  };
});
beforeEach(() => {
  rendered.length = 0;
});

const SITE = {
  "docs.json": `${JSON.stringify({ name: "Lumen", colors: { primary: "#2563eb" }, navigation: { groups: [{ group: "Start", pages: ["index", "guides/broken", "guides/components", "guides/missing"] }] } }, null, 2)}\n`,
  "index.mdx": "---\ntitle: Home\n---\n\nWelcome. Read [the components](/guides/components).\n",
  "guides/broken.mdx": '---\ntitle: Broken\n---\n\nSome text.\n\n<Card title="x">\nNever closed.\n',
  "guides/components.mdx":
    '---\ntitle: Components\n---\n\n<Foo>inner</Foo>\n\nSee [nothing](/nowhere) and <Card title="c" href="/gone">x</Card>.\n',
  "guides/orphan.mdx": "# Orphan\n",
  "guides/hidden.mdx": "---\nhidden: true\n---\n\n# Reached by links only\n",
};

function summary(findings: Problem[]): string[] {
  return findings.map(
    (finding) =>
      `${finding.severity} ${finding.rule} ${[finding.file, finding.line, finding.column].filter((part) => part !== undefined).join(":")}`,
  );
}

describe("validating a site", () => {
  it("finds each kind of problem at its file, line and column", async () => {
    const result = await validateSite({ sourceDir: makeRepo(SITE) });
    expect(summary(result.findings)).toEqual([
      "error mdx-syntax guides/broken.mdx:7:1",
      "warning missing-page docs.json:14:11",
      "warning unknown-component guides/components.mdx:5:1",
      "warning broken-link guides/components.mdx:7:5",
      "warning broken-link guides/components.mdx:7:29",
      "warning not-in-navigation guides/orphan.mdx",
    ]);
    expect(result.findings[0]?.message).toBe(
      "MDX syntax error: Expected a closing tag for `<Card>`",
    );
    expect(result.findings[1]?.message).toBe(
      'navigation lists page "guides/missing", but no guides/missing.mdx or guides/missing.md exists',
    );
    expect(result.findings[3]?.message).toBe('link to "/nowhere" points to no page');
    expect(result.checkedPages).toEqual([
      "guides/broken.mdx",
      "guides/components.mdx",
      "guides/hidden.mdx",
      "guides/orphan.mdx",
      "index.mdx",
    ]);
    expect(result.pageCount).toBe(5);
  });

  it("reports a link to an anchor no heading or element of its page has, on another page and on the same one", async () => {
    const root = makeRepo({
      "docs.json": JSON.stringify({
        name: "A",
        colors: { primary: "#2563eb" },
        navigation: { pages: ["index", "guide"] },
      }),
      "index.mdx":
        "# Home\n\nSee [steps](/guide#steps), [gone](/guide#gone) and [here](#nowhere).\n\n## Intro\n\n[Intro](#intro) and [cafe](/guide#caf%C3%A9).\n",
      "guide.mdx":
        '---\ntitle: Guide\n---\n\n## Steps\n\n## Café\n\n<Accordion title="More" id="more">x</Accordion>\n\n[more](#more) [claim](#claim-a-key)\n\n<Steps>\n<Step title="Claim a key">x</Step>\n</Steps>\n',
    });
    const result = await validateSite({ sourceDir: root });
    expect(summary(result.findings)).toEqual([
      "warning missing-anchor index.mdx:3:28",
      "warning missing-anchor index.mdx:3:52",
    ]);
    expect(result.findings.map((finding) => finding.message)).toEqual([
      'link to "/guide#gone" points to no heading or element on that page',
      'link to "#nowhere" points to no heading or element on this page',
    ]);
  });

  it("reports what an export reports with matchExport: unused files, not pages left out of the navigation", async () => {
    const root = makeRepo({
      ...SITE,
      "images/unused.png": "png",
      "feed.xml": "<rss><script>alert(1)</script></rss>",
      "guides/hidden.mdx": "---\nhidden: true\n---\n\nGet [the feed](/feed.xml).\n",
    });
    const result = await validateSite({ sourceDir: root, matchExport: true });
    expect(summary(result.findings)).toEqual([
      "error mdx-syntax guides/broken.mdx:7:1",
      "warning missing-page docs.json:14:11",
      "warning unsafe-file feed.xml",
      "warning unknown-component guides/components.mdx:5:1",
      "warning broken-link guides/components.mdx:7:5",
      "warning broken-link guides/components.mdx:7:29",
      "warning unused-file images/unused.png",
    ]);
  });

  it("reports with matchExport the warnings an export of the same site reports, no more, no fewer", async () => {
    const files = {
      "docs.json": `${JSON.stringify(
        {
          name: "Same",
          colors: { primary: "#2563eb" },
          theme: "nope",
          redirects: [{ source: "/old", destination: "/nowhere" }],
          navigation: {
            groups: [
              { group: "Start", pages: ["index", "guide", "missing"] },
              { group: "API", openapi: "openapi.yaml" },
            ],
          },
        },
        null,
        2,
      )}\n`,
      "index.mdx":
        "# Home\n\n[a](/lost) [b](/guide#gone) [c](/old) [d](/feed.xml)\n\n<Fancy>x</Fancy>\n",
      "guide.mdx": "---\ntitle: Guide\n---\n\n## Steps\n",
      "orphan.mdx": "# Not in the navigation\n",
      "feed.xml": "<rss/>",
      "images/unused.png": "png",
      "openapi.yaml":
        "openapi: 3.0.3\ninfo: { title: T, version: '1' }\npaths:\n  /a:\n    get:\n      responses:\n        '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/X' } } } }\n",
    };
    const key = (problem: Problem): string => `${problem.rule} ${problem.file} ${problem.message}`;
    const checked = await validateSite({ sourceDir: makeRepo(files), matchExport: true });
    const exported = await exportSite({
      sourceDir: makeRepo(files),
      outputDir: path.join(makeTempDir(), "site"),
    });
    expect(checked.findings.map(key).sort()).toEqual(exported.warnings.map(key).sort());
    expect(new Set(checked.findings.map((finding) => finding.rule))).toEqual(
      new Set([
        "config",
        "redirect",
        "missing-page",
        "broken-link",
        "missing-anchor",
        "unknown-component",
        "unsafe-file",
        "unused-file",
        "openapi-ref",
      ]),
    );
  });

  it("reports an invalid docs.json with its line, and still checks the pages", async () => {
    const root = makeRepo({
      ...SITE,
      "docs.json": '{\n  "name": "Lumen",\n  "navigation": [\n}\n',
    });
    const result = await validateSite({ sourceDir: root, pages: ["guides/broken.mdx"] });
    expect(summary(result.findings)).toEqual([
      "error config-json docs.json:4:1",
      "error mdx-syntax guides/broken.mdx:7:1",
    ]);
    expect(result.findings[0]?.message).toMatch(/^docs.json is not valid JSON/);
  });

  it("reports a missing docs.json", async () => {
    const { "docs.json": _config, ...pages } = SITE;
    const result = await validateSite({ sourceDir: makeRepo(pages), pages: [] });
    expect(summary(result.findings)).toEqual(["error config-missing docs.json"]);
  });

  it("renders only the pages asked for (by file, page path or folder), and checks the navigation over the whole site", async () => {
    const root = makeRepo(SITE);
    const one = await validateSite({ sourceDir: root, pages: ["guides/components.mdx"] });
    expect(rendered).toEqual(["guides/components.mdx"]);
    expect(one.checkedPages).toEqual(["guides/components.mdx"]);
    expect(summary(one.findings)).toEqual([
      "warning missing-page docs.json:14:11",
      "warning unknown-component guides/components.mdx:5:1",
      "warning broken-link guides/components.mdx:7:5",
      "warning broken-link guides/components.mdx:7:29",
      "warning not-in-navigation guides/orphan.mdx",
    ]);

    rendered.length = 0;
    expect(
      (await validateSite({ sourceDir: root, pages: ["/index", "guides/"] })).checkedPages,
    ).toEqual([
      "guides/broken.mdx",
      "guides/components.mdx",
      "guides/hidden.mdx",
      "guides/orphan.mdx",
      "index.mdx",
    ]);
    rendered.length = 0;
    const none = await validateSite({
      sourceDir: root,
      pages: ["docs.json", "images/none.png", "guides/never.mdx"],
    });
    expect(rendered).toEqual([]);
    expect(none.checkedPages).toEqual([]);
  });

  it("writes nothing into the repository or the temporary folder", async () => {
    const root = makeRepo(SITE);
    const before = readdirSync(root, { recursive: true }).sort();
    // A temporary folder of this test's own: the shared one gets other test files' exports.
    const temporary = makeTempDir();
    const previous = process.env.TMPDIR;
    process.env.TMPDIR = temporary;
    try {
      await validateSite({ sourceDir: root });
    } finally {
      if (previous === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previous;
    }
    expect(readdirSync(root, { recursive: true }).sort()).toEqual(before);
    expect(readdirSync(temporary)).toEqual([]);
  });

  it("validates another state of the repository through an overlay, without touching the disk", async () => {
    const root = makeRepo(SITE);
    const fixed = '---\ntitle: Broken\n---\n\n<Card title="x">\nClosed.\n</Card>\n';
    const overlay = new Map<string, string | null>([
      ["guides/broken.mdx", fixed],
      ["guides/missing.mdx", "# Back again\n"],
      ["guides/orphan.mdx", null],
    ]);
    const result = await validateSite({
      sourceDir: root,
      overlay,
      pages: ["guides/broken.mdx", "guides/missing.mdx", "guides/orphan.mdx"],
    });
    expect(result.checkedPages).toEqual(["guides/broken.mdx", "guides/missing.mdx"]);
    expect(summary(result.findings)).toEqual([]);
    expect(readFileSync(path.join(root, "guides/broken.mdx"), "utf8")).toBe(
      SITE["guides/broken.mdx"],
    );
  });

  it("serves unchanged pages from the body cache on a second validation", async () => {
    const root = makeRepo(SITE);
    const cacheDir = makeTempDir();
    await validateSite({ sourceDir: root, pages: ["index.mdx"], cacheDir });
    expect(rendered).toEqual(["index.mdx"]);
    rendered.length = 0;
    const again = await validateSite({ sourceDir: root, pages: ["index.mdx"], cacheDir });
    expect(rendered).toEqual([]);
    expect(again.checkedPages).toEqual(["index.mdx"]);
    writeFileSync(path.join(root, "index.mdx"), "# Changed\n\n[gone](/gone)\n");
    const changed = await validateSite({ sourceDir: root, pages: ["index.mdx"], cacheDir });
    expect(rendered).toEqual(["index.mdx"]);
    expect(summary(changed.findings)).toContain("warning broken-link index.mdx:3:1");
  });

  it("re-checks one page of a generated 2,000-page site by rendering that page alone", async () => {
    const outDir = makeTempDir();
    const { quireDir } = generateSite(outDir, 2000);
    rmSync(path.join(outDir, "vitepress"), { recursive: true, force: true });
    const page = "section-3/group-4/page-867.mdx";
    const text = readFileSync(path.join(quireDir, page), "utf8");
    writeFileSync(
      path.join(quireDir, page),
      text.replace("## Overview", "## Overview\n\n<Nope>x</Nope>\n\n[a](/section-9/none)"),
    );
    rmSync(path.join(quireDir, "section-0/group-1/page-30.mdx"));

    const result = await validateSite({ sourceDir: quireDir, pages: [page] });
    expect(rendered).toEqual([page]);
    expect(result.pageCount).toBe(2000);
    expect(summary(result.findings)).toEqual([
      expect.stringMatching(/^warning missing-page docs\.json:\d+:\d+$/),
      expect.stringMatching(/^warning unknown-component section-3\/group-4\/page-867\.mdx:\d+:1$/),
      expect.stringMatching(/^warning broken-link section-3\/group-4\/page-867\.mdx:\d+:1$/),
    ]);
  });
});
