import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { twoslashThreadsStarted } from "../../../../src/exporter/code/twoslash/twoslash-thread.ts";
import { exportSite } from "../../../../src/exporter/export-site.ts";
import { makeRepo, makeTempDir } from "../../../helpers/temp-repo.ts";

const TYPED = `---
title: Typed
---

\`\`\`ts twoslash
const x = 1
\`\`\`

\`\`\`ts twoslash Broken
const = = 1 {{
\`\`\`
`;

const PLAIN = "---\ntitle: Plain\n---\n\n```ts\nconst x = 1\n```\n";

async function exportPages(pages: Record<string, string>, concurrency?: number) {
  const outputDir = path.join(makeTempDir(), "site");
  const result = await exportSite({
    sourceDir: makeRepo({
      "docs.json": JSON.stringify({
        name: "Types",
        colors: { primary: "#2563EB" },
        navigation: { pages: Object.keys(pages) },
      }),
      ...Object.fromEntries(Object.entries(pages).map(([page, text]) => [`${page}.mdx`, text])),
    }),
    outputDir,
    ...(concurrency === undefined ? {} : { concurrency }),
  });
  const readFile = (file: string) => readFileSync(path.join(outputDir, file), "utf8");
  const html = (page: string) => readFile(`${page}.html`);
  return { result, html, readFile };
}

describe("twoslash blocks in an export", () => {
  it("starts no type-checking thread for a site without twoslash blocks", async () => {
    const before = twoslashThreadsStarted();
    const { html } = await exportPages({ index: PLAIN, other: PLAIN });
    expect(html("index")).not.toContain("twoslash-hover");
    expect(twoslashThreadsStarted()).toBe(before);
  }, 120_000);

  it("exports hovers, and a block TypeScript rejects as plain code with a warning", async () => {
    const before = twoslashThreadsStarted();
    const { result, html, readFile } = await exportPages({ index: TYPED, plain: PLAIN });
    expect(twoslashThreadsStarted()).toBe(before + 1);
    expect(html("index")).toMatch(/<span class="twoslash-hover" tabindex="0">/);
    expect(html("index")).toContain('<div class="code-block" data-title="Broken"');
    expect(result.warnings).toEqual([
      expect.objectContaining({ rule: "twoslash", file: "index.mdx", line: 9 }),
    ]);
    // The popups are shown by the site's own stylesheet, on hover and on keyboard focus.
    const css = html("index").match(/href="(_quire\/quire\.[^"]+\.css)"/)?.[1] as string;
    expect(readFile(css)).toContain(
      ".code-twoslash .twoslash-hover:focus>.twoslash-popup-container",
    );
  }, 120_000);

  it("type-checks the blocks of every render thread in the export's one twoslash thread", async () => {
    // Twelve pages in batches of eight: two render threads, each with a twoslash page.
    const pages: Record<string, string> = {};
    for (let index = 0; index < 12; index++)
      pages[`page-${index}`] = index === 0 || index === 11 ? TYPED : PLAIN;
    const before = twoslashThreadsStarted();
    const { html } = await exportPages(pages, 2);
    expect(html("page-0")).toMatch(/<span class="twoslash-hover" tabindex="0">/);
    expect(html("page-11")).toMatch(/<span class="twoslash-hover" tabindex="0">/);
    expect(twoslashThreadsStarted()).toBe(before + 1);
  }, 120_000);
});
