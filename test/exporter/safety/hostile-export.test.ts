import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Element, Nodes } from "hast";
import { fromHtml } from "hast-util-from-html";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ExportResult, exportSite } from "../../../src/exporter/export-site.ts";
import { REDIRECT_SCRIPT, scriptHash } from "../../../src/exporter/theme/inline-scripts.ts";
import { writeRepoFiles } from "../../helpers/temp-repo.ts";

const EVIL_SVG = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:x="http://www.w3.org/1999/xhtml" width="10" height="10" onload="alert(1)">
  <script>alert(2)</script>
  <x:script>alert(3)</x:script>
  <a href="javascript:alert(4)"><rect width="10" height="10" fill="red"/></a>
  <circle cx="5" cy="5" r="4" fill="blue"/>
</svg>
`;
const ENTITY_SVG = `<?xml version="1.0"?>
<!DOCTYPE svg [<!ENTITY x "<script xmlns='http://www.w3.org/1999/xhtml'>alert(5)</script>">]>
<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><g>&x;</g><rect width="10" height="10"/></svg>
`;
const STYLESHEET_SVG = `<?xml version="1.0"?>
<?xml-stylesheet type="text/xsl" href="evil.xsl"?>
<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>
`;
const ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M4 4h16v16H4z"/></svg>\n`;

const SITE = {
  "docs.json": JSON.stringify({
    name: "Hostile",
    colors: { primary: "#2563eb" },
    navigation: { pages: ["index"] },
    redirects: [
      { source: "/old", destination: "/index#</script><script>alert(6)</script>" },
      { source: "/away", destination: "https://example.com/?q=</script><script>alert(7)</script>" },
    ],
    integrations: { ga4: { measurementId: "G-ABC123" } },
  }),
  "index.mdx": [
    "# Files",
    "![evil](/images/evil.svg) ![entity](/images/entity.svg) ![xsl](/images/stylesheet.svg) ![icon](/images/icon.svg)",
    '<iframe src="/files/demo.html" title="demo" />',
    "[an xml file](/files/data.xml)",
    "",
  ].join("\n\n"),
  "images/evil.svg": EVIL_SVG,
  "images/entity.svg": ENTITY_SVG,
  "images/stylesheet.svg": STYLESHEET_SVG,
  "images/icon.svg": ICON_SVG,
  "files/demo.html": "<script>alert(8)</script>",
  "files/data.xml": "<x:script xmlns:x='http://www.w3.org/1999/xhtml'>alert(9)</x:script>",
};

function elementsOf(node: Nodes): Element[] {
  const found: Element[] = node.type === "element" ? [node] : [];
  if ("children" in node) for (const child of node.children) found.push(...elementsOf(child));
  return found;
}

function textOf(element: Element): string {
  return element.children.map((child) => (child.type === "text" ? child.value : "")).join("");
}

function htmlFiles(directory: string): string[] {
  return readdirSync(directory, { recursive: true, encoding: "utf8" }).filter((file) =>
    file.endsWith(".html"),
  );
}

describe("exporting a repository with hostile files", () => {
  // One export for the whole file (temporary folders of the test helpers go after each test).
  const root = mkdtempSync(path.join(os.tmpdir(), "quire-hostile-"));
  const outputDir = path.join(root, "site");
  let result: ExportResult;
  beforeAll(async () => {
    writeRepoFiles(path.join(root, "docs"), SITE);
    result = await exportSite({ sourceDir: path.join(root, "docs"), outputDir });
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const read = (file: string) => readFileSync(path.join(outputDir, file), "utf8");

  it("publishes SVG files without anything that could run, and says what went", () => {
    for (const file of ["images/evil.svg", "images/entity.svg", "images/stylesheet.svg"]) {
      const svg = read(file);
      expect(svg).not.toMatch(/script|onload|javascript:|ENTITY|xml-stylesheet|&x;/i);
      expect(svg).toContain("<rect");
    }
    expect(read("images/evil.svg")).toContain('<circle cx="5" cy="5" r="4" fill="blue"/>');
    expect(read("images/icon.svg")).toBe(ICON_SVG);
    const warnings = result.warnings.filter((problem) => problem.rule === "unsafe-file");
    expect(warnings.map((problem) => problem.file)).toEqual(
      expect.arrayContaining(["images/evil.svg", "files/demo.html", "files/data.xml"]),
    );
    expect(warnings.find((problem) => problem.file === "images/evil.svg")?.message).toContain(
      "<script> is not allowed",
    );
  });

  it("does not publish the repository's HTML and XML documents", () => {
    const files = readdirSync(outputDir, { recursive: true, encoding: "utf8" });
    expect(files).not.toContain(path.join("files", "demo.html"));
    expect(files).not.toContain(path.join("files", "data.xml"));
  });

  it("writes redirect pages whose destination cannot leave its attribute", () => {
    const expected: Record<string, string> = {
      "old.html": "index.html#</script><script>alert(6)</script>",
      "away.html": "https://example.com/?q=</script><script>alert(7)</script>",
    };
    for (const [page, destination] of Object.entries(expected)) {
      const elements = elementsOf(fromHtml(read(page)));
      const scripts = elements.filter((element) => element.tagName === "script");
      expect(scripts.map((script) => textOf(script))).toEqual([REDIRECT_SCRIPT]);
      const root = elements.find((element) => element.tagName === "html");
      expect(root?.properties.dataRedirect).toBe(destination);
    }
  });

  it("lists the hash of every inline script of every page in quire-export.json", () => {
    const hashes = new Set(result.manifest.scriptHashes);
    let inline = 0;
    for (const file of htmlFiles(outputDir)) {
      for (const [, script] of read(file).matchAll(/<script>([\s\S]*?)<\/script>/g)) {
        inline++;
        expect(hashes, `${file}: ${script?.slice(0, 60)}`).toContain(scriptHash(script ?? ""));
      }
    }
    expect(inline).toBeGreaterThan(4);
    expect(result.manifest.scriptOrigins).toEqual(["https://www.googletagmanager.com"]);
    expect(JSON.parse(read("quire-export.json")).scriptHashes).toEqual(
      result.manifest.scriptHashes,
    );
  });
});
