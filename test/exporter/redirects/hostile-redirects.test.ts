import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { exportSite } from "../../../src/exporter/export-site.ts";
import { ExportFailedError } from "../../../src/exporter/problems.ts";
import {
  NOT_FOUND_BASE_SCRIPT,
  NOT_FOUND_ROOT_SCRIPT,
  REDIRECT_SCRIPT,
  scriptHash,
  THEME_BOOT_SCRIPT,
} from "../../../src/exporter/theme/inline-scripts.ts";
import { inlineScriptHashes } from "../../../src/serve/content-security-policy.ts";
import { makeRepo, makeTempDir } from "../../helpers/temp-repo.ts";
import { HOSTILE_REDIRECT_SITE, MARKUP } from "../../serve/redirect-site.ts";

/** Redirects written as an attacker would: every output must keep them as data. */
function site(redirects: unknown[]): Record<string, string> {
  return {
    "docs.json": JSON.stringify({
      name: "Hostile",
      colors: { primary: "#2563eb" },
      navigation: { pages: ["guides/intro"] },
      redirects,
    }),
    "guides/intro.mdx": "---\ntitle: Intro\n---\n\nHello.\n",
  };
}

const read = (directory: string, file: string) => readFileSync(path.join(directory, file), "utf8");

describe("hostile redirects", () => {
  it("reach no page as script: the 404 page and redirect pages hold only Quire's own scripts", async () => {
    const outputDir = path.join(makeTempDir(), "site");
    await exportSite({ sourceDir: makeRepo(HOSTILE_REDIRECT_SITE), outputDir });
    const allowed = [
      THEME_BOOT_SCRIPT,
      NOT_FOUND_BASE_SCRIPT,
      NOT_FOUND_ROOT_SCRIPT,
      REDIRECT_SCRIPT,
    ].map(scriptHash);
    for (const file of ["404.html", "index.html", 'q"u;o{t}e$host.html', "line\nbreak.html"]) {
      const html = read(outputDir, file);
      expect(html, file).not.toContain(MARKUP);
      for (const hash of inlineScriptHashes(html)) expect(allowed, file).toContain(hash);
    }
    const notFound = read(outputDir, "404.html");
    // The fallback's data is one attribute; the script texts are the constants (the base
    // script, the theme's boot script and the fallback), every other script a file.
    expect(notFound.match(/<script(?![^>]*\ssrc=)/g)?.length).toBe(3);
    expect(notFound).toContain(`>${NOT_FOUND_ROOT_SCRIPT}</script>`);
  });

  it("keep each rule file's syntax: one rule a line, nothing read as a variable, a quote or a comment", async () => {
    const outputDir = path.join(makeTempDir(), "site");
    await exportSite({ sourceDir: makeRepo(HOSTILE_REDIRECT_SITE), outputDir });
    const netlify = read(outputDir, "_redirects").split("\n").filter(Boolean);
    for (const line of netlify.filter((line) => !line.startsWith("#")))
      expect(line.split(" "), line).toHaveLength(3);
    expect(netlify).toContain("/q%22u%3Bo%7Bt%7De%24host /guides/intro 301");
    expect(netlify).toContain("/line%0Abreak /guides/intro 301");

    const nginx = read(outputDir, "_quire/nginx-redirects.conf");
    expect(nginx).toContain('location = "/q\\"u;o{t}e$host" {');
    expect(nginx).toContain(
      'return 308 "https://example.com/%22%3B%24host%7B%7D/$1?a=<b>#%22%3E%3Cx%3E"',
    );
    expect(nginx).not.toContain(MARKUP);
    const rules = JSON.parse(read(outputDir, "_quire/redirects.json")).rules;
    expect(rules.map((rule: { source: string }) => rule.source)).toContain(`/x${MARKUP}/*`);
  });

  it("refuse a script URL as a destination, whatever its disguise, as an error at its position", async () => {
    const error = await exportSite({
      sourceDir: makeRepo(
        site([
          { source: "/a", destination: "javascript:alert(1)" },
          { source: "/b/*", destination: " JAVA\tSCRIPT:alert(1)" },
          { source: "/c/:page", destination: "data:text/html,<script>alert(1)</script>" },
        ]),
      ),
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ExportFailedError);
    expect((error as ExportFailedError).problems.map((problem) => problem.message)).toEqual([
      'docs.json: redirects[0].destination: expected a path inside the site or a web URL (its scheme javascript: runs script), got "javascript:alert(1)"',
      'docs.json: redirects[1].destination: expected a path inside the site or a web URL (its scheme javascript: runs script), got " JAVA\tSCRIPT:alert(1)"',
      'docs.json: redirects[2].destination: expected a path inside the site or a web URL (a data: URL is only allowed for an image), got "data:text/html,<script>alert(1)</script>"',
    ]);
  });
});
