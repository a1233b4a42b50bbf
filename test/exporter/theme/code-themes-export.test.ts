import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { exportSite } from "../../../src/exporter/export-site.ts";
import { makeRepo, makeTempDir } from "../../helpers/temp-repo.ts";

const PAGE = "---\ntitle: Code\n---\n\n```js\nconst answer = 42;\n```\n";

async function codeOf(styling?: Record<string, unknown>): Promise<string> {
  const outputDir = path.join(makeTempDir(), "site");
  await exportSite({
    sourceDir: makeRepo({
      "docs.json": JSON.stringify({
        name: "Code",
        colors: { primary: "#2563EB" },
        ...(styling ? { styling } : {}),
        navigation: { pages: ["index"] },
      }),
      "index.mdx": PAGE,
    }),
    outputDir,
    concurrency: 1,
  });
  const html = readFileSync(path.join(outputDir, "index.html"), "utf8");
  return html.match(/<pre class="shiki[\s\S]*?<\/pre>/)?.[0] ?? "";
}

describe("styling.codeblocks in the exported pages", () => {
  it("keeps Quire's highlighting for system and dark, and highlights with the named themes otherwise", async () => {
    const opening = (code: string) => code.match(/<pre [^>]*>/)?.[0];
    const system = await codeOf();
    expect(opening(system)).toBe(
      '<pre class="shiki shiki-themes github-light github-dark" style="background-color:#fff;--shiki-dark-bg:#24292e;color:#24292e;--shiki-dark:#e1e4e8" tabindex="0">',
    );
    // "dark" is the stylesheet's work: the highlighted code is the same.
    expect(opening(await codeOf({ codeblocks: "dark" }))).toBe(opening(system));
    const dracula = await codeOf({ codeblocks: "dracula" });
    expect(dracula).toContain('class="shiki shiki-themes dracula dracula"');
    expect(dracula).toContain("background-color:#282A36");
    const pair = await codeOf({ codeblocks: { theme: { light: "min-light", dark: "nord" } } });
    expect(pair).toContain("shiki-themes min-light nord");
    expect(pair).toContain("--shiki-dark-bg:#2e3440ff");
  });
});
