import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { exportSite } from "../../../src/exporter/export-site.ts";
import { makeRepo, makeTempDir } from "../../helpers/temp-repo.ts";

const files = {
  "docs.json": JSON.stringify({
    name: "Utilities",
    colors: { primary: "#0a7" },
    navigation: { pages: ["index", "plain", "guide/deep"] },
  }),
  "index.mdx": `---
title: Home
---

<div className="flex gap-4 min-w-[4rem] dark:bg-zinc-900 md:grid-cols-2">
  <span className="bg-red-500 dark:bg-blue-500">Hello</span>
</div>

\`\`\`html
<div class="p-9">a code sample is not a use</div>
\`\`\`
`,
  // The theme styles Mintlify's light/dark image pairs itself: no Tailwind for this page.
  "plain.mdx": `---
title: Plain
---

Some text, a \`class="m-7"\` in code, and an image pair.

<img className="block dark:hidden" src="https://example.com/light.png" alt="Light" />
<img className="hidden dark:block" src="https://example.com/dark.png" alt="Dark" />
`,
  "guide/deep.mdx": `---
title: Deep
---

<div className="p-4 rounded-lg">Deeper</div>
`,
};

function tailwindFiles(outputDir: string): string[] {
  return readdirSync(path.join(outputDir, "_quire")).filter((file) => file.startsWith("tailwind."));
}

describe("Tailwind utilities in an export", () => {
  it("writes one hashed stylesheet with the utilities pages use, linked only by those pages", async () => {
    const sourceDir = makeRepo(files);
    const outputDir = path.join(makeTempDir(), "site");
    await exportSite({ sourceDir, outputDir });

    const [stylesheet, ...others] = tailwindFiles(outputDir);
    expect(others).toEqual([]);
    expect(stylesheet).toMatch(/^tailwind\.[0-9a-f]{10}\.css$/);
    const css = readFileSync(path.join(outputDir, "_quire", stylesheet as string), "utf8");
    for (const utility of [
      "flex",
      "gap-4",
      "min-w-\\[4rem\\]",
      "dark\\:bg-zinc-900",
      "md\\:grid-cols-2",
      "bg-red-500",
      "dark\\:bg-blue-500",
      "p-4",
      "rounded-lg",
    ]) {
      expect(css).toContain(`:is(.prose,.custom-content) .${utility}`);
    }
    // Neither a code sample's text nor Quire's own classes become utilities.
    expect(css).not.toContain("p-9");
    expect(css).not.toContain("m-7");
    expect(css).not.toMatch(/code-block|\.shiki/);

    const index = readFileSync(path.join(outputDir, "index.html"), "utf8");
    const deep = readFileSync(path.join(outputDir, "guide", "deep.html"), "utf8");
    const plain = readFileSync(path.join(outputDir, "plain.html"), "utf8");
    expect(index).toMatch(
      new RegExp(
        `<link rel="stylesheet" href="_quire/quire\\.[0-9a-f]+\\.css">\\n<link rel="stylesheet" href="_quire/${stylesheet}">`,
      ),
    );
    expect(deep).toContain(`<link rel="stylesheet" href="../_quire/${stylesheet}">`);
    expect(plain).not.toContain("tailwind.");
    expect(readFileSync(path.join(outputDir, "404.html"), "utf8")).not.toContain("tailwind.");
  });

  it("writes no stylesheet and links none when no page uses a utility", async () => {
    const sourceDir = makeRepo(files);
    const outputDir = path.join(makeTempDir(), "site");
    await exportSite({ sourceDir, outputDir, paths: ["plain"] });
    expect(tailwindFiles(outputDir)).toEqual([]);
    expect(readFileSync(path.join(outputDir, "plain.html"), "utf8")).not.toContain("tailwind.");
  });

  it("gets the same stylesheet from cached bodies, and the archive's pages link it", async () => {
    const sourceDir = makeRepo(files);
    const temp = makeTempDir();
    const cacheDir = path.join(temp, "cache");
    const first = await exportSite({ sourceDir, outputDir: path.join(temp, "one"), cacheDir });
    expect(first.pagesFromCache).toBe(0);
    const archiveFile = path.join(temp, "site.tar.gz");
    const second = await exportSite({
      sourceDir,
      outputDir: path.join(temp, "two"),
      cacheDir,
      archiveFile,
    });
    expect(second.pagesFromCache).toBe(3);
    expect(tailwindFiles(path.join(temp, "two"))).toEqual(tailwindFiles(path.join(temp, "one")));

    const unpacked = path.join(temp, "unpacked");
    execFileSync("mkdir", ["-p", unpacked]);
    execFileSync("tar", ["-xzf", archiveFile, "-C", unpacked]);
    const [stylesheet] = tailwindFiles(unpacked);
    expect(stylesheet).toBe(tailwindFiles(path.join(temp, "one"))[0]);
    expect(readFileSync(path.join(unpacked, "index.html"), "utf8")).toContain(
      `href="_quire/${stylesheet}"`,
    );
    expect(readFileSync(path.join(unpacked, "plain.html"), "utf8")).not.toContain("tailwind.");
  });
});
