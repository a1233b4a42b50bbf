import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import type { ExportManifest } from "../../../src/exporter/export-site.ts";
import { exportSite } from "../../../src/exporter/export-site.ts";
import { makeRepo, makeTempDir } from "../../helpers/temp-repo.ts";

const COMPONENT_PAGES = ["guides/one", "guides/two", "index"];

function site(): Record<string, string> {
  const files: Record<string, string> = {
    "docs.json": JSON.stringify({
      name: "Lumen",
      colors: { primary: "#2563eb" },
      navigation: { groups: [{ group: "Start", pages: [...COMPONENT_PAGES, "plain"] }] },
    }),
    "snippets/related.jsx": [
      "export const Related = ({ links }) => {",
      "  const [open, setOpen] = useState(false);",
      '  return <div className={open ? "border-[3px] p-2" : "p-2"}><button onClick={() => setOpen(!open)}>More</button>',
      "    <ul>{links.map((link) => <li><a href={link.href}>{link.label}</a></li>)}</ul></div>;",
      "};",
    ].join("\n"),
    "plain.mdx": "---\ntitle: Plain\n---\n\nNo components here.\n",
  };
  for (const page of COMPONENT_PAGES) {
    files[`${page}.mdx`] = [
      `---\ntitle: Page ${page}\n---`,
      "import { Related } from '/snippets/related.jsx';",
      "",
      "export const Hello = ({ name }) => <p>Hello {name}</p>;",
      "",
      `<Hello name="${page}" />`,
      "",
      `<Related links={[{ label: 'Link from ${page}', href: '/plain' }]} />`,
      "",
    ].join("\n");
  }
  return files;
}

function read(outputDir: string, file: string): string {
  return readFileSync(path.join(outputDir, file), "utf8");
}

function manifestOf(outputDir: string): ExportManifest {
  return JSON.parse(read(outputDir, "quire-export.json")) as ExportManifest;
}

function scriptsOf(html: string): string[] {
  return [...html.matchAll(/<script src="([^"]+)" defer><\/script>/g)].map(
    (match) => match[1] as string,
  );
}

/** Runs a module file as the page would, recording what it registers. */
function registeredKey(script: string): string {
  let key = "";
  vm.runInNewContext(script, {
    __quireIslands: {
      define: (name: string) => {
        key = name;
      },
    },
  });
  return key;
}

describe("exporting interactive components", () => {
  it("ships the runtime and each module once, loaded only by the pages that use them, listed in the manifest", async () => {
    const outputDir = path.join(makeTempDir(), "site");
    const result = await exportSite({ sourceDir: makeRepo(site()), outputDir, concurrency: 2 });
    expect(result.manifest.components).toEqual({ mode: "interactive", pages: COMPONENT_PAGES });
    expect(manifestOf(outputDir).components).toEqual({
      mode: "interactive",
      pages: COMPONENT_PAGES,
    });

    const runtimes = readdirSync(path.join(outputDir, "_quire")).filter((file) =>
      /^islands\.[0-9a-f]{10}\.js$/.test(file),
    );
    expect(runtimes).toHaveLength(1);
    const modules = readdirSync(path.join(outputDir, "_quire/components"));
    // The shared snippet, and the pages' inline `Hello` (the same code on every page): two files.
    expect(modules).toHaveLength(2);
    for (const module of modules)
      expect(registeredKey(read(outputDir, `_quire/components/${module}`))).toBe(
        module.replace(/\.js$/, ""),
      );

    for (const page of COMPONENT_PAGES) {
      const html = read(outputDir, `${page}.html`);
      const prefix = page.includes("/") ? "../" : "";
      const scripts = scriptsOf(html);
      expect(scripts[1]).toBe(`${prefix}_quire/${runtimes[0]}`);
      expect(
        scripts
          .slice(2)
          .map((script) => path.basename(script))
          .sort(),
      ).toEqual([...modules].sort());
      expect(html).toContain(`<p>Hello ${page}</p>`);
      expect(html).toContain(`>Link from ${page}</a>`);
    }
    const plain = read(outputDir, "plain.html");
    expect(scriptsOf(plain)).toHaveLength(1);
    expect(plain).not.toContain("quire-islands");
  });

  it("keeps the modules of pages that come from the cache", async () => {
    const sourceDir = makeRepo(site());
    const cacheDir = makeTempDir();
    await exportSite({ sourceDir, outputDir: path.join(makeTempDir(), "site"), cacheDir });
    const outputDir = path.join(makeTempDir(), "site");
    const again = await exportSite({ sourceDir, outputDir, cacheDir });
    expect(again.pagesFromCache).toBe(4);
    expect(again.manifest.components.pages).toEqual(COMPONENT_PAGES);
    for (const script of scriptsOf(read(outputDir, "guides/two.html")))
      expect(existsSync(path.join(outputDir, "guides", script))).toBe(true);
  });

  it("generates the Tailwind classes a component switches to only in the browser", async () => {
    const interactive = path.join(makeTempDir(), "site");
    await exportSite({ sourceDir: makeRepo(site()), outputDir: interactive });
    const stylesheet = readdirSync(path.join(interactive, "_quire")).find((file) =>
      file.startsWith("tailwind."),
    );
    expect(read(interactive, `_quire/${stylesheet}`)).toContain("border-\\[3px\\]");
  });

  it("ships no component code in static mode, and the same words", async () => {
    const outputDir = path.join(makeTempDir(), "site");
    const result = await exportSite({
      sourceDir: makeRepo(site()),
      outputDir,
      components: "static",
    });
    expect(result.manifest.components).toEqual({ mode: "static", pages: [] });
    expect(existsSync(path.join(outputDir, "_quire/components"))).toBe(false);
    expect(
      readdirSync(path.join(outputDir, "_quire")).some((file) => file.startsWith("islands.")),
    ).toBe(false);
    const html = read(outputDir, "guides/one.html");
    expect(html).toContain(">Link from guides/one</a>");
    expect(html).not.toContain("data-quire-island");
    expect(scriptsOf(html)).toHaveLength(1);
    // Nothing in the page can switch to it, so no class is generated for it.
    const stylesheet = readdirSync(path.join(outputDir, "_quire")).find((file) =>
      file.startsWith("tailwind."),
    );
    expect(stylesheet && read(outputDir, `_quire/${stylesheet}`)).not.toContain("3px");
  });

  it("leaves empty placeholders when components are off", async () => {
    const outputDir = path.join(makeTempDir(), "site");
    const result = await exportSite({ sourceDir: makeRepo(site()), outputDir, components: "off" });
    expect(result.manifest.components).toEqual({ mode: "off", pages: [] });
    const html = read(outputDir, "index.html");
    expect(html).toContain('<div class="quire-placeholder" data-component="Related"></div>');
    expect(html).not.toContain("Link from");
    expect(result.warnings.filter((warning) => warning.rule === "code-component")).not.toEqual([]);
  });
});
