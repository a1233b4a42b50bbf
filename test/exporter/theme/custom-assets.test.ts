import { describe, expect, it } from "vitest";
import type { Problem } from "../../../src/exporter/problems.ts";
import { listRepository } from "../../../src/exporter/site/discover.ts";
import { createIgnoreMatcher } from "../../../src/exporter/site/ignore.ts";
import { RepoFiles } from "../../../src/exporter/site/repo-files.ts";
import type { DeploymentType } from "../../../src/exporter/site/types.ts";
import { collectCustomAssets } from "../../../src/exporter/theme/custom-assets.ts";
import { makeRepo, type RepoEntry } from "../../helpers/temp-repo.ts";

async function collect(files: Record<string, RepoEntry>, deployment: DeploymentType = "cloud") {
  const root = makeRepo({ "docs.json": "{}", ...files });
  const listing = listRepository(root, createIgnoreMatcher(files[".mintignore"]?.toString() ?? ""));
  const problems: Problem[] = [];
  const assets = await collectCustomAssets(
    new RepoFiles(root),
    listing.files,
    deployment,
    problems,
  );
  const css = (file: string) =>
    String(assets.files.find((entry) => entry.path === file)?.content ?? "");
  return { ...assets, css, messages: problems.map((problem) => problem.message) };
}

describe("the repository's own stylesheets and scripts", () => {
  it("takes every .css and .js file Mintlify would, leaving out ignored folders and snippets", async () => {
    const result = await collect({
      "style.css": ".a{color:red}",
      "theme/extra.css": ".b{color:blue}",
      "widget.js": "console.log(1)",
      "scripts/analytics.js": "console.log(2)",
      "snippets/helper.js": "export const x = 1;",
      "node_modules/lib/index.js": "module.exports = 1;",
      "drafts/old.css": ".c{}",
      ".mintignore": "drafts/\n",
    });
    expect(result.stylesheets).toEqual(["style.css", "theme/extra.css"]);
    expect(result.scripts).toEqual(["scripts/analytics.js", "widget.js"]);
    expect(result.files.find((file) => file.path === "widget.js")?.content.toString()).toBe(
      "console.log(1)",
    );
  });

  it("makes root-relative URLs relative and publishes the files they name", async () => {
    const result = await collect({
      "styles/site.css":
        '.hero{background:url("/images/hero bg.png")}@font-face{font-family:B;src:url(../fonts/b.woff2)}.x{mask:url(#m)}',
      "images/hero bg.png": "png",
      "fonts/b.woff2": "font",
    });
    const css = result.css("styles/site.css");
    expect(css).toContain("url(../images/hero%20bg.png)");
    expect(css).toContain("url(../fonts/b.woff2)");
    expect(css).toContain("url(#m)");
    expect(result.assets.sort()).toEqual(["fonts/b.woff2", "images/hero bg.png"]);
  });

  it("drops URLs leaving the repository, naming files it does not publish, or of refused schemes", async () => {
    const result = await collect({
      "a/site.css":
        '.a{background:url(../../../../etc/passwd)}.b{background:url("javascript:alert(1)")}.c{background:url(/missing.png)}',
    });
    const css = result.css("a/site.css");
    expect(css).not.toContain("passwd");
    expect(css).not.toContain("javascript:");
    expect(result.assets).toEqual([]);
    expect(result.messages).toEqual([
      '"../../../../etc/passwd" is left out: it leads outside the repository',
      '"javascript:alert(1)" is left out: only http and https URLs load in a stylesheet',
      '"/missing.png" names a file the site does not publish (missing or ignored)',
    ]);
  });

  it("keeps other hosts' files in a cloud site and loads none of them in an air-gapped one, escapes included", async () => {
    const sheet = {
      "fonts.css":
        '@import url("https://fonts.googleapis.com/css2?family=Inter");.a{background:url(https\\:\\/\\/evil\\.example/x.png)}.b{background:url(//cdn.example.com/y.png)}',
    };
    const cloud = await collect(sheet);
    expect(cloud.css("fonts.css")).toContain("https://fonts.googleapis.com/css2?family=Inter");
    const airGapped = await collect(sheet, "air-gapped");
    const css = airGapped.css("fonts.css");
    expect(css).not.toMatch(/googleapis|evil|cdn\.example/);
    expect(airGapped.messages).toHaveLength(3);
    expect(airGapped.messages[0]).toMatch(/an air-gapped site loads nothing from another host/);
  });

  it("refuses an air-gapped stylesheet whose image-set() names another host", async () => {
    const result = await collect(
      { "x.css": '.a{background-image:image-set("https://evil.example/a.png" 1x)}' },
      "air-gapped",
    );
    expect(result.stylesheets).toEqual([]);
    expect(result.messages).toEqual([
      "image-set() names a file on another host; an air-gapped site loads nothing from another host, so this stylesheet is not published",
    ]);
  });

  it("publishes a script that names other hosts, saying so outside the cloud", async () => {
    const script = {
      "chat.js":
        "var s=document.createElement('script');s.src='https://widget.example.com/chat.js';document.head.appendChild(s);",
    };
    expect((await collect(script)).messages).toEqual([]);
    const airGapped = await collect(script, "air-gapped");
    expect(airGapped.scripts).toEqual(["chat.js"]);
    expect(airGapped.messages).toEqual([
      "this script names other hosts (widget.example.com); it is published as written and loads from them in the reader's browser, which an air-gapped network may not reach",
    ]);
  });
});
