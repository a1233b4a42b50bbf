import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { exportSite } from "../../../src/exporter/export-site.ts";
import { ExportFailedError } from "../../../src/exporter/problems.ts";
import { makeRepo, makeTempDir } from "../../helpers/temp-repo.ts";

const PAGES = ["index", "guides/one", "guides/two", "guides/three"];

function site(extra: Record<string, string> = {}): Record<string, string> {
  const files: Record<string, string> = {
    "docs.json": JSON.stringify({
      name: "Lumen",
      colors: { primary: "#2563eb" },
      navigation: { groups: [{ group: "Start", pages: PAGES }] },
    }),
    "snippets/related.jsx": [
      'import { Badge } from "./badge.jsx";',
      "export const Related = ({ links }) => (",
      '  <ul className="related">{links.map((link) => <li><a href={link.href}>{link.label}</a> <Badge text={link.badge} /></li>)}</ul>',
      ");",
      "",
    ].join("\n"),
    "snippets/badge.jsx":
      'export const Badge = ({ text }) => (text ? <span className="badge">{String(text)}</span> : null);\n',
  };
  for (const page of PAGES) {
    files[`${page}.mdx`] = [
      `---\ntitle: Page ${page}\n---`,
      "import { Related } from '/snippets/related.jsx';",
      "",
      `<Related links={[{ label: 'Setup for ${page}', href: '/guides/one', badge: 'New' }, { label: 'Home', href: '/' }]} />`,
      "",
    ].join("\n");
  }
  return { ...files, ...extra };
}

describe("exporting a site whose pages share a snippet component", () => {
  it("renders the component with each page's props on every page, and re-renders when the snippet changes", async () => {
    const sourceDir = makeRepo(site());
    const cacheDir = makeTempDir();
    const outputDir = path.join(makeTempDir(), "site");
    const result = await exportSite({ sourceDir, outputDir, cacheDir });
    expect(
      result.warnings.filter(
        (warning) => warning.rule.startsWith("custom") || warning.rule.startsWith("component"),
      ),
    ).toEqual([]);
    for (const page of PAGES) {
      const html = readFileSync(path.join(outputDir, `${page}.html`), "utf8");
      expect(html).toContain(`>Setup for ${page}</a> <span class="badge">New</span></li>`);
      expect(html).toContain('data-component="Related"');
    }

    writeFileSync(
      path.join(sourceDir, "snippets/badge.jsx"),
      'export const Badge = ({ text }) => (text ? <b className="badge">{text}!</b> : null);\n',
    );
    const secondDir = path.join(makeTempDir(), "site");
    const second = await exportSite({ sourceDir, outputDir: secondDir, cacheDir });
    expect(second.pageCount).toBe(PAGES.length);
    expect(readFileSync(path.join(secondDir, "guides/two.html"), "utf8")).toContain(
      '<b class="badge">New!</b>',
    );
  });

  it("fails like invalid MDX on a syntax error in a component, naming the file, line and column", async () => {
    const sourceDir = makeRepo(
      site({
        "snippets/badge.jsx":
          "export const Badge = ({ text }) => {\n  return <span>{text</span>;\n};\n",
      }),
    );
    const outputDir = path.join(makeTempDir(), "site");
    const failure = await exportSite({ sourceDir, outputDir }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ExportFailedError);
    expect((failure as ExportFailedError).problems).toContainEqual(
      expect.objectContaining({
        rule: "component-syntax",
        file: "snippets/badge.jsx",
        line: 2,
        column: expect.any(Number),
      }),
    );
    expect(existsSync(path.join(outputDir, "index.html"))).toBe(false);
  });

  it("completes with warnings when a shared component loops, rendering in worker threads", async () => {
    const sourceDir = makeRepo(
      site({
        "snippets/badge.jsx":
          "export const Badge = ({ text }) => { if (text) { while (true) {} } return null; };\n",
      }),
    );
    const outputDir = path.join(makeTempDir(), "site");
    const result = await exportSite({ sourceDir, outputDir, concurrency: 2 });
    expect(result.warnings.filter((warning) => warning.rule === "custom-component")).toHaveLength(
      PAGES.length,
    );
    expect(readFileSync(path.join(outputDir, "index.html"), "utf8")).toContain(
      'class="custom-component-error" data-component="Related"',
    );
  });
});
