import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { makeRepo, makeTempDir } from "../../helpers/temp-repo.ts";

const BIN = path.resolve("bin/quire.js");

/**
 * `quire export DOCS -o FILE` as a real command, with its wall time and the peak resident
 * memory of the whole process (every thread), which the child reports as it exits.
 */
function quireExport(docs: string) {
  const hook = path.join(makeTempDir(), "peak-memory.mjs");
  writeFileSync(
    hook,
    'process.on("exit", () => process.stderr.write(`\\npeak-rss-kb ${process.resourceUsage().maxRSS}\\n`));\n',
  );
  const result = spawnSync(
    process.execPath,
    [
      "--import",
      pathToFileURL(hook).href,
      BIN,
      "export",
      docs,
      "-o",
      path.join(makeTempDir(), "site.tar.gz"),
    ],
    { encoding: "utf8", timeout: 120_000, env: { ...process.env, XDG_CACHE_HOME: makeTempDir() } },
  );
  const peak = /peak-rss-kb (\d+)/.exec(result.stderr);
  return {
    code: result.status,
    stderr: result.stderr.replace(/\npeak-rss-kb \d+\n/, ""),
    peakMb: peak ? Number(peak[1]) / 1024 : Number.NaN,
  };
}

function site(files: Record<string, string>, pages = ["index"]): string {
  return makeRepo({
    "docs.json": JSON.stringify({
      name: "Acme",
      colors: { primary: "#0a7" },
      navigation: { pages },
    }),
    ...files,
  });
}

/** No stack trace: no `    at f (file:…)` frames and no `Error:` lines from Node. */
function expectNoStackTrace(stderr: string): void {
  expect(stderr).not.toMatch(/^\s+at .+[:(]/m);
  expect(stderr).not.toMatch(/RangeError|Maximum call stack/);
}

describe("quire export stays bounded whatever the repository holds", () => {
  it("a component rendering 20 MB, used 24 times: error boxes and one warning, under 1 GB", () => {
    const uses = Array.from({ length: 24 }, () => "<Big />").join("\n\n");
    const result = quireExport(
      site({
        "index.mdx": `---\ntitle: Big\n---\n\nexport const Big = () => <div>{"A".repeat(20*1024*1024)}</div>\n\n${uses}\n`,
      }),
    );
    expect(result.stderr).toContain(
      'warning: index.mdx:7:1 component <Big> on page "index" was not rendered: it rendered 20.0 MB of text and markup, more than the limit of 1.0 MB (24 times in this file)',
    );
    expect(result.code).toBe(0);
    // It took 4.2 GB before; what remains is the sandbox's own 32 MB and the exporter.
    expect(result.peakMb).toBeLessThan(1024);
  });

  it("a 20 KB page of 10,000 nested list items fails with its line, before it is parsed", () => {
    const result = quireExport(
      site({ "index.mdx": `---\ntitle: Deep\n---\n\n${"- ".repeat(10_000)}a\n` }),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^index\.mdx:5:201 lists nested deeper than 100 levels$/m);
    expectNoStackTrace(result.stderr);
  });

  it.each([
    [
      "1,000 nested navigation groups",
      () => {
        let group: unknown = { group: "G", pages: ["index"] };
        for (let level = 0; level < 1000; level++) group = { group: `G${level}`, pages: [group] };
        return { groups: [group] };
      },
      /^docs\.json:1:\d+ docs\.json nests arrays and objects deeper than 100 levels$/m,
    ],
    [
      "one group of 300,001 pages",
      () => ({
        groups: [{ group: "All", pages: Array.from({ length: 300_001 }, (_, i) => `p${i}`) }],
      }),
      /^docs\.json:1:\d+ docs\.json: navigation\.groups\[0\]\.pages\[50000\]: the navigation lists more than 50000 pages, the limit$/m,
    ],
  ])("docs.json with %s fails with its position", (_name, navigation, expected) => {
    const docs = makeRepo({
      "docs.json": JSON.stringify({
        name: "Acme",
        colors: { primary: "#0a7" },
        navigation: navigation(),
      }),
      "index.mdx": "# Home\n",
    });
    const result = quireExport(docs);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(expected);
    expectNoStackTrace(result.stderr);
  });

  it("docs.json with 100,000 nested arrays anywhere fails with its position", () => {
    const docs = makeRepo({
      "docs.json": `{"name":"Acme","colors":{"primary":"#0a7"},"navigation":{"pages":["index"]},\n"x":${"[".repeat(100_000)}${"]".repeat(100_000)}}`,
      "index.mdx": "# Home\n",
    });
    const result = quireExport(docs);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^docs\.json:2:104 docs\.json nests arrays and objects deeper than 100 levels$/m,
    );
    expectNoStackTrace(result.stderr);
  });
});
