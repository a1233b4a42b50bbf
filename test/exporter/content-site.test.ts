import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportSite } from "../../src/exporter/export-site.ts";
import type { Problem } from "../../src/exporter/problems.ts";
import { countNestedLinks } from "../helpers/nested-links.ts";
import { writeRepoFiles } from "../helpers/temp-repo.ts";
import { CATEGORY_NAMES, CONTENT_SITE } from "./content-site-fixture.ts";

let root: string;
let site: string;
let warnings: Problem[];

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), "quire-content-"));
  site = path.join(root, "site");
  writeRepoFiles(path.join(root, "source"), CONTENT_SITE);
  const result = await exportSite({ sourceDir: path.join(root, "source"), outputDir: site });
  warnings = result.warnings;
}, 120_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

function page(file: string): string {
  return readFileSync(path.join(site, file), "utf8");
}

function htmlFiles(folder: string, prefix = ""): string[] {
  return readdirSync(path.join(folder, prefix), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(prefix, entry.name);
    if (entry.isDirectory()) return entry.name === "_quire" ? [] : htmlFiles(folder, relative);
    return entry.name.endsWith(".html") ? [relative] : [];
  });
}

describe("an exported site keeps its pages' content whole", () => {
  it("holds no link inside a link on any page", () => {
    const files = htmlFiles(site);
    expect(files.length).toBeGreaterThan(9);
    const nested = files.map((file) => [file, countNestedLinks(page(file))] as const);
    expect(nested.filter(([, count]) => count > 0)).toEqual([]);
    // The hero cards are links with headings inside: none got an anchor link.
    expect(page("index.html")).toContain(
      '<h3 class="mt-5 text-gray-900 dark:text-zinc-50" id="quickstart">Quickstart</h3>',
    );
    expect(warnings.filter((warning) => warning.rule === "nested-link")).toEqual([]);
  });

  it("shows every category pill of the error-codes page", () => {
    const html = page("reference/errors.html");
    const pills = [...html.matchAll(/<a class="pill" href="errors.html#([a-z-]+)">([^<]+)<\/a>/g)];
    expect(pills.map((pill) => pill[2])).toEqual(CATEGORY_NAMES);
  });

  it("puts docs.json variables in titles, the navigation, text, props, snippets and code", () => {
    const html = page("install.html");
    expect(html).toContain("<title>Install Acme 2.4.0");
    expect(page("index.html")).toContain(">Install Acme 2.4.0<");
    expect(html).toContain("The current version is 2.4.0. Requests go to https://api.example.com.");
    expect(html).toContain("Installing Acme 2.4.0 takes a minute.");
    expect(html).toContain('<p class="card-title">Changelog for 2.4.0</p>');
    expect(html).toContain("acme@2.4.0");
    expect(page("install.md")).toContain("The current version is 2.4.0.");
    expect(warnings.filter((warning) => warning.rule === "undefined-variable")).toEqual([]);
  });

  it("rewrites reference-style links and links to pages named by version", () => {
    expect(page("ja/guides/intro.html")).toContain(
      'Read the <a href="overrides.html">overrides</a> and the <a href="../../releases/notes/26.08.html">release notes</a>.',
    );
    expect(page("releases.html")).toContain('<a href="releases/notes/26.08.html">August 2026</a>');
    expect(page("support.html")).toContain(
      'Email <a href="mailto:support@example.com">support@example.com</a> or open <a href="reference/errors.html">the <em>error codes</em></a>.',
    );
    expect(warnings.filter((warning) => /broken-link|missing-file/.test(warning.rule))).toEqual([]);
  });
});
