import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runQuireSync } from "../helpers/quire-cli.ts";
import { makeRepo, makeTempDir } from "../helpers/temp-repo.ts";

const SMALL_SITE = {
  "docs.json": JSON.stringify({
    name: "Tiny",
    colors: { primary: "#0a7" },
    navigation: { pages: ["index", "guide"] },
  }),
  "index.mdx": "---\ntitle: Home\n---\n\nWelcome. See [the guide](/guide).\n",
  "guide.mdx": "---\ntitle: Guide\n---\n\n## Steps\n\nDo things.\n",
};

describe("quire export", () => {
  it("explains itself with --help", () => {
    const result = runQuireSync(["export", "--help"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Usage: quire export [options] <DOCS_DIR>");
    expect(result.stdout).toContain("--deployment <TYPE>");
    expect(result.stdout).toContain("Exit codes");
  });

  it("exports a site to an archive and prints a summary", () => {
    const docs = makeRepo(SMALL_SITE);
    const out = makeTempDir();
    const result = runQuireSync(["export", docs, "-o", path.join(out, "site.tar.gz")]);
    expect(result.stderr).toMatch(/Exported 2 pages, 0 warnings, [\d.]+ KB, in [\d.]+ s/);
    expect(result.code).toBe(0);
    expect(existsSync(path.join(out, "site.tar.gz"))).toBe(true);
  });

  it("writes pages as folders' index files with --clean-urls, and canonical URLs with --site-url", () => {
    const docs = makeRepo(SMALL_SITE);
    const out = path.join(makeTempDir(), "site");
    const result = runQuireSync([
      "export",
      docs,
      "--out-dir",
      out,
      "--clean-urls",
      "--site-url",
      "https://docs.tiny.example",
    ]);
    expect(result.code).toBe(0);
    expect(existsSync(path.join(out, "guide/index.html"))).toBe(true);
    expect(existsSync(path.join(out, "guide.html"))).toBe(false);
    expect(readFileSync(path.join(out, "guide/index.html"), "utf8")).toContain(
      '<link rel="canonical" href="https://docs.tiny.example/guide/">',
    );
  });

  it("names the archive after the folder when -o is not given", () => {
    const docs = makeRepo(SMALL_SITE);
    const cwd = makeTempDir();
    expect(runQuireSync(["export", docs], { cwd }).code).toBe(0);
    expect(existsSync(path.join(cwd, `${path.basename(docs)}.tar.gz`))).toBe(true);
  });

  it("fails with exit code 1 and lists every MDX error as file:line:column", () => {
    const docs = makeRepo({
      ...SMALL_SITE,
      "index.mdx": "# Home\n\n<Note>\nunclosed\n",
      "guide.mdx": "Text {oops\n",
    });
    const out = makeTempDir();
    const result = runQuireSync(["export", docs, "-o", path.join(out, "site.tar.gz")]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^index\.mdx:\d+:\d+ MDX syntax error/m);
    expect(result.stderr).toMatch(/^guide\.mdx:\d+:\d+ MDX syntax error/m);
    expect(existsSync(path.join(out, "site.tar.gz"))).toBe(false);
  });

  it("reports a docs.json that is not JSON with its line and column", () => {
    const docs = makeRepo({
      ...SMALL_SITE,
      "docs.json": '{\n  "name": "Tiny",\n  navigation: {}\n}\n',
    });
    const result = runQuireSync(["export", docs, "-o", path.join(makeTempDir(), "x.tar.gz")]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/docs\.json:3:\d+/);
  });

  it("rejects wrong usage with exit code 2 and a one-line reason", () => {
    expect(runQuireSync(["export", "/no/such/folder"]).stderr).toContain(
      'DOCS_DIR "/no/such/folder" is not a folder',
    );
    expect(runQuireSync(["export", "/no/such/folder"]).code).toBe(2);
    const docs = makeRepo(SMALL_SITE);
    const wrong = runQuireSync(["export", docs, "--deployment", "moon"]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("--deployment must be one of cloud, client-hosted, air-gapped");
    const assistant = runQuireSync(["export", docs, "--assistant", "yes"]);
    expect(assistant.code).toBe(2);
    expect(assistant.stderr).toContain(
      '--assistant must be "same-origin" or an absolute http(s) URL, not "yes"',
    );
    expect(runQuireSync(["export"]).code).toBe(2);
    const mcp = runQuireSync(["export", docs, "--mcp-url", "ftp://mcp.example.com"]);
    expect(mcp.code).toBe(2);
    expect(mcp.stderr).toContain(
      '--mcp-url must be an absolute http(s) URL, not "ftp://mcp.example.com"',
    );
    const feedback = runQuireSync(["export", docs, "--export-feedback-url", "feedback"]);
    expect(feedback.code).toBe(2);
    expect(feedback.stderr).toContain("--export-feedback-url");
  });

  it("prints machine-readable results with --json", () => {
    const docs = makeRepo(SMALL_SITE);
    const result = runQuireSync([
      "export",
      docs,
      "-o",
      path.join(makeTempDir(), "s.tar.gz"),
      "--json",
    ]);
    expect(result.code).toBe(0);
    const parsed = JSON.parse(result.stdout);
    expect(parsed.pageCount).toBe(2);
    expect(parsed.archive.sha256).toMatch(/^[0-9a-f]{64}$/);
  });
});
