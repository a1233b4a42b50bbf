import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { exportSite } from "../../src/exporter/export-site.ts";
import { markdownSections } from "../helpers/markdown.ts";
import { makeRepo, makeTempDir } from "../helpers/temp-repo.ts";

/**
 * docs/bundle-format.md describes quire-export.json field by field. A site that makes every
 * optional field appear (analytics, an API playground, an assistant, a warning with a line) is exported, and
 * the fields of its manifest must be the fields of the document's table, no more, no fewer.
 */

const SPEC = {
  openapi: "3.1.0",
  info: { title: "Tasks", version: "1" },
  servers: [{ url: "https://api.tasks.example" }],
  paths: {
    "/tasks": { get: { summary: "List tasks", responses: { "200": { description: "ok" } } } },
  },
};

const SITE = {
  "docs.json": JSON.stringify({
    name: "Tasks",
    colors: { primary: "#2563eb" },
    integrations: { ga4: { measurementId: "G-ABC123" } },
    fonts: { family: "Lora" },
    api: { playground: { display: "interactive" } },
    navigation: {
      groups: [
        { group: "Start", pages: ["index"] },
        { group: "API", openapi: "openapi.json" },
      ],
    },
  }),
  "openapi.json": JSON.stringify(SPEC),
  "index.mdx": "---\ntitle: Home\n---\n\nSee [a page that is not there](/nowhere).\n",
  "style.css": "#navbar { border-bottom: 2px solid red; }",
  "widget.js": "document.documentElement.dataset.widget = 'on';",
};

/** The field paths of a JSON object: nested objects as `a.b`, arrays of objects as `a[].b`. */
function fieldPaths(value: object, prefix = ""): string[] {
  return Object.entries(value).flatMap(([key, child]) => {
    const full = `${prefix}${key}`;
    if (Array.isArray(child)) {
      const items = child.filter((item) => item && typeof item === "object");
      return [full, ...new Set(items.flatMap((item) => fieldPaths(item, `${full}[].`)))];
    }
    return child && typeof child === "object" ? [full, ...fieldPaths(child, `${full}.`)] : [full];
  });
}

describe("docs/bundle-format.md", () => {
  it("describes every field of quire-export.json, and no field an export does not write", async () => {
    const outputDir = path.join(makeTempDir(), "site");
    const result = await exportSite({
      sourceDir: makeRepo(SITE),
      outputDir,
      jobId: "exp_1",
      domain: "docs.tasks.example",
      version: "1.0.0",
      feedbackUrl: "https://feedback.tasks.example/collect",
      assistant: "same-origin",
    });
    const manifest = JSON.parse(readFileSync(path.join(outputDir, "quire-export.json"), "utf8"));
    expect(manifest).toEqual(result.manifest);
    // The optional fields are there, so the comparison below covers them.
    // The feedback collector's origin is not one the playground proxy may send to.
    expect(manifest.connectOrigins).toEqual(["https://api.tasks.example"]);
    expect(manifest.feedbackUrl).toBe("https://feedback.tasks.example/collect");
    expect(manifest.scriptOrigins).toEqual(["https://www.googletagmanager.com"]);
    expect(manifest.styleOrigins).toEqual(["https://fonts.googleapis.com"]);
    expect(manifest.fontOrigins).toEqual(["https://fonts.gstatic.com"]);
    expect(manifest.customStylesheets).toEqual(["style.css"]);
    expect(manifest.customScripts).toEqual(["widget.js"]);
    expect(manifest.assistant).toEqual({ endpoint: "_quire/assistant" });
    expect(manifest.warnings.some((warning: { line?: number }) => warning.line)).toBe(true);

    const markdown = readFileSync(path.resolve("docs/bundle-format.md"), "utf8");
    const section = markdownSections(markdown).find(
      (candidate) => candidate.heading === "quire-export.json",
    );
    expect(section, "a section quire-export.json").toBeDefined();
    const documented = [...(section?.body ?? "").matchAll(/^\| `([^`]+)` \|/gm)].map(
      (match) => match[1] as string,
    );
    // A column is written only where the check knows one; the document names it all the same.
    const written = new Set([...fieldPaths(manifest), "warnings[].column"]);
    expect(documented.sort()).toEqual([...written].sort());
  });
});
