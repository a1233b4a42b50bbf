import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as exporter from "../../src/exporter/index.ts";

const FRONT_DOOR = new URL("../../src/exporter/index.ts", import.meta.url);

/** The names `export type { … }` and `export { type … }` statements of a module give. */
function exportedTypeNames(source: string): string[] {
  const names: string[] = [];
  for (const [, whole, list] of source.matchAll(/^export (type )?\{([^}]*)\}/gm))
    for (const item of (list as string).split(",").map((part) => part.trim()))
      if (item && (whole || item.startsWith("type "))) names.push(item.replace(/^type /, ""));
  return names.sort();
}

describe("src/exporter/index.ts, the exporter's front door", () => {
  // Changing what leaves the exporter is a decision: change this list with it.
  it("exports exactly these values", () => {
    expect(Object.keys(exporter).sort()).toEqual([
      "API_PROXY_PATH",
      "AllowedHosts",
      "COMPONENT_MODES",
      "DEFAULT_EXPORT_MEMORY_MB",
      "ExportFailedError",
      "FetchError",
      "PROXY_HEADER",
      "REDIRECT_LIMITS",
      "allowedHostProblem",
      "assistantEndpoint",
      "checkUrl",
      "compileDestination",
      "compileSource",
      "createIgnoreMatcher",
      "describeNetworkError",
      "endProcess",
      "exchange",
      "exportSite",
      "fillDestination",
      "forkWithHeapBudget",
      "formatBytes",
      "formatProblem",
      "isPageSource",
      "listRepository",
      "matchSource",
      "normalizePagePath",
      "openBundleSearch",
      "openSitePreview",
      "openValidationProcess",
      "pagePathOfFile",
      "parentChannel",
      "validateSite",
      "whyProcessEnded",
    ]);
  });

  it("exports exactly these types", () => {
    expect(exportedTypeNames(readFileSync(FRONT_DOOR, "utf8"))).toEqual([
      "ArchiveResult",
      "BundleSearch",
      "ComponentMode",
      "DeploymentType",
      "DestinationTemplate",
      "Exchange",
      "ExchangeAnswer",
      "ExchangeOptions",
      "ExportOptions",
      "ExportProgress",
      "FileOverlay",
      "PreviewChange",
      "PreviewPage",
      "Problem",
      "ProxyAnswer",
      "ProxyRequest",
      "Resolver",
      "SearchHit",
      "SitePreview",
      "SitePreviewOptions",
      "SourcePattern",
    ]);
  });

  it("is what the package exports as quire/exporter", async () => {
    const viaPackage = await import("quire/exporter");
    expect(Object.keys(viaPackage).sort()).toEqual(Object.keys(exporter).sort());
    expect(viaPackage.exportSite).toBe(exporter.exportSite);
  });

  it("gives each export a doc comment", () => {
    const lines = readFileSync(FRONT_DOOR, "utf8").split("\n");
    const undocumented = lines.filter(
      (line, index) => /^export /.test(line) && !/\*\/\s*$/.test(lines[index - 1] ?? ""),
    );
    expect(undocumented).toEqual([]);
  });

  it("reads the names of type exports as they are written", () => {
    const source = [
      'export type { A, B } from "./a.ts";',
      'export { c, type D, e } from "./c.ts";',
      "export {",
      "  type F,",
      "  g,",
      '} from "./f.ts";',
      "export async function h() {}",
    ].join("\n");
    expect(exportedTypeNames(source)).toEqual(["A", "B", "D", "F"]);
  });
});
