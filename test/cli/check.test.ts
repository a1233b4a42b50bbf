import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runQuireSync } from "../helpers/quire-cli.ts";
import { makeRepo, makeTempDir } from "../helpers/temp-repo.ts";

const CLEAN_SITE = {
  "docs.json": `${JSON.stringify(
    {
      name: "Tiny",
      colors: { primary: "#0a7" },
      navigation: { pages: ["index", "guide"] },
    },
    null,
    2,
  )}\n`,
  "index.mdx": "---\ntitle: Home\n---\n\nSee [the steps](/guide#steps).\n",
  "guide.mdx": "---\ntitle: Guide\n---\n\n## Steps\n\nDo things.\n",
};

/** A site with one problem of each kind the check finds, each at a known place. */
const BROKEN_SITE = {
  "docs.json": `${JSON.stringify(
    {
      name: "Broken",
      colors: { primary: "#0a7" },
      theme: 5,
      navigation: {
        groups: [
          { group: "Start", pages: ["index", "guide", "syntax", "missing"] },
          { group: "API", openapi: "openapi.yaml" },
        ],
      },
    },
    null,
    2,
  )}\n`,
  "index.mdx": [
    "---",
    "title: Home",
    "---",
    "",
    "Read [the guide](/guide) and [nowhere](/guide#nowhere).",
    "",
    "See [a lost page](/lost).",
    "",
    "<Fancy>unknown</Fancy>",
    "",
  ].join("\n"),
  "guide.mdx": "---\ntitle: Guide\n---\n\n## Steps\n\nDo things.\n",
  "syntax.mdx": "---\ntitle: Syntax\n---\n\nText {oops\n",
  "openapi.yaml": [
    "openapi: 3.0.3",
    "info: { title: Pets, version: '1.0' }",
    "paths:",
    "  /pets:",
    "    get:",
    "      summary: List pets",
    "      responses:",
    "        '200':",
    "          description: ok",
    "          content:",
    "            application/json:",
    "              schema: { $ref: '#/components/schemas/Missing' }",
    "",
  ].join("\n"),
};

/** Only warnings: a link to no page. */
const WARNING_SITE = {
  ...CLEAN_SITE,
  "index.mdx": "---\ntitle: Home\n---\n\nSee [a lost page](/lost).\n",
};

/** A git repository whose documentation lives in `docs/`, as many do. */
function repositoryWithDocs(files: Record<string, string>): { root: string; docs: string } {
  const root = makeRepo(
    Object.fromEntries(Object.entries(files).map(([file, text]) => [`docs/${file}`, text])),
  );
  execFileSync("git", ["init", "--quiet", root]);
  return { root, docs: path.join(root, "docs") };
}

interface JsonReport {
  ok: boolean;
  strict: boolean;
  pageCount: number;
  errorCount: number;
  warningCount: number;
  fileCount: number;
  problems: {
    severity: string;
    rule: string;
    file: string;
    line: number | null;
    column: number | null;
    message: string;
  }[];
}

// Each test runs the real command two or three times, each a full check of a small site: a
// machine running the rest of the suite beside them can take a minute or more over them.
describe("quire check", { timeout: 180_000 }, () => {
  it("finds each kind of problem, grouped by file in order with a summary, and exits 1 on an error", () => {
    const { root } = repositoryWithDocs(BROKEN_SITE);
    const before = readdirSync(root, { recursive: true }).sort();
    const result = runQuireSync(["check", "docs"], { cwd: root });
    expect(result.code).toBe(1);
    // Nothing written: not into the docs folder, not into the folder it runs in.
    expect(readdirSync(root, { recursive: true }).sort()).toEqual(before);
    const groups = result.stdout.split("\n").filter((line) => line !== "" && !line.startsWith(" "));
    expect(groups).toEqual([
      "docs/docs.json",
      "docs/index.mdx",
      "docs/openapi.yaml",
      "docs/syntax.mdx",
      "1 error, 6 warnings in 4 files",
    ]);
    const section = (file: string): string =>
      (result.stdout.split(`${file}\n`)[1] as string).split("\n\n")[0] as string;
    expect(section("docs/docs.json")).toMatch(
      /^ {2}6:\d+ +warning +docs\.json: theme: unknown theme "5".* config$/m,
    );
    expect(section("docs/docs.json")).toMatch(
      /^ {2}\d+:\d+ +warning +navigation lists page "missing", but no missing\.mdx or missing\.md exists +missing-page$/m,
    );
    expect(section("docs/index.mdx").split("\n")).toEqual([
      expect.stringMatching(
        /^ {2}5:30 +warning +link to "\/guide#nowhere" points to no heading or element on that page +missing-anchor$/,
      ),
      expect.stringMatching(/^ {2}7:5 +warning +link to "\/lost" points to no page +broken-link$/),
      expect.stringMatching(/^ {2}9:1 +warning +unknown component <Fancy>.* unknown-component$/),
    ]);
    expect(section("docs/openapi.yaml")).toMatch(
      /warning +.*"#\/components\/schemas\/Missing" points to nothing in the document +openapi-ref$/,
    );
    expect(section("docs/syntax.mdx")).toMatch(
      /^ {2}5:\d+ +error +MDX syntax error: .* mdx-syntax$/,
    );
    expect(result.stderr).toBe("");
  });

  it("writes workflow commands for GitHub Actions with paths from the repository root", () => {
    const { docs } = repositoryWithDocs(BROKEN_SITE);
    // Run from elsewhere: the paths still start at the folder holding .git.
    const result = runQuireSync(["check", docs, "--format", "github"], { cwd: makeTempDir() });
    expect(result.code).toBe(1);
    const lines = result.stdout.trimEnd().split("\n");
    expect(lines).toContainEqual(
      '::warning file=docs/index.mdx,line=7,col=5,title=quire broken-link::link to "/lost" points to no page',
    );
    expect(lines).toContainEqual(
      '::warning file=docs/index.mdx,line=5,col=30,title=quire missing-anchor::link to "/guide#nowhere" points to no heading or element on that page',
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^::error file=docs\/syntax\.mdx,line=5,col=\d+,title=quire mdx-syntax::MDX syntax error: /,
      ),
    );
    // No line for a specification problem: the file alone.
    expect(lines).toContainEqual(
      expect.stringMatching(/^::warning file=docs\/openapi\.yaml,title=quire openapi-ref::/),
    );
    expect(lines.filter((line) => line.startsWith("::"))).toHaveLength(7);
    expect(lines.at(-1)).toBe("1 error, 6 warnings in 4 files");
  });

  it("prints every problem and the counts as JSON with --format json", () => {
    const docs = makeRepo(BROKEN_SITE);
    const result = runQuireSync(["check", docs, "--format", "json"]);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as JsonReport;
    expect(report).toMatchObject({
      ok: false,
      strict: false,
      pageCount: 4,
      errorCount: 1,
      warningCount: 6,
      fileCount: 4,
    });
    expect(
      report.problems.map((problem) => `${problem.severity} ${problem.rule} ${problem.file}`),
    ).toEqual([
      "warning config docs.json",
      "warning missing-page docs.json",
      "warning missing-anchor index.mdx",
      "warning broken-link index.mdx",
      "warning unknown-component index.mdx",
      "warning openapi-ref openapi.yaml",
      "error mdx-syntax syntax.mdx",
    ]);
    expect(report.problems[3]).toEqual({
      severity: "warning",
      rule: "broken-link",
      file: "index.mdx",
      line: 7,
      column: 5,
      message: 'link to "/lost" points to no page',
    });
    expect(report.problems[5]).toMatchObject({ line: null, column: null });
  });

  it("exits 0 on a clean site, in every format", () => {
    const docs = makeRepo(CLEAN_SITE);
    const text = runQuireSync(["check"], { cwd: docs });
    expect(text.code).toBe(0);
    expect(text.stdout).toBe("No problems in 2 pages (.)\n");
    const github = runQuireSync(["check", docs, "--strict", "--format", "github"]);
    expect(github.code).toBe(0);
    expect(github.stdout).not.toContain("::");
    const json = runQuireSync(["check", docs, "--format", "json"]);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: true, errorCount: 0, problems: [] });
  });

  it("passes with warnings, and fails on them with --strict", () => {
    const docs = makeRepo(WARNING_SITE);
    const lenient = runQuireSync(["check", docs]);
    expect(lenient.code).toBe(0);
    expect(lenient.stdout).toMatch(/link to "\/lost" points to no page/);
    expect(lenient.stdout).toContain("0 errors, 1 warning in 1 file\n");
    const strict = runQuireSync(["check", docs, "--strict"]);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toContain(
      "0 errors, 1 warning in 1 file (--strict: warnings fail the check)",
    );
    const json = runQuireSync(["check", docs, "--strict", "--format", "json"]);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, strict: true, warningCount: 1 });
  });

  it("exits 2 with one line when the folder is not a docs site, or the command line is wrong", () => {
    const notDocs = makeRepo({ "README.md": "# Not docs\n" });
    const result = runQuireSync(["check", notDocs]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(
      `quire: DOCS_DIR "${notDocs}" is not a docs site: it has no docs.json (or legacy mint.json)\n`,
    );
    const missing = runQuireSync(["check", "/no/such/folder"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('quire: DOCS_DIR "/no/such/folder" is not a folder\n');
    const format = runQuireSync(["check", makeRepo(CLEAN_SITE), "--format", "xml"]);
    expect(format.code).toBe(2);
    expect(format.stderr).toBe('quire: --format must be one of text, json, github, not "xml"\n');
  });
});

describe("quire export --strict", { timeout: 180_000 }, () => {
  it("fails on a warning with exit code 1, lists it, and leaves no bundle or files", () => {
    const docs = makeRepo(WARNING_SITE);
    const out = makeTempDir();
    const archive = path.join(out, "site.tar.gz");
    const siteDir = path.join(out, "site");
    const result = runQuireSync(["export", docs, "--strict", "-o", archive, "--out-dir", siteDir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^warning: index\.mdx:5:5 link to "\/lost" points to no page$/m);
    expect(result.stderr).toContain("quire: export failed (strict): 1 warning");
    expect(readdirSync(out)).toEqual([]);
  });

  it("empties an output folder that was there before, and exports a clean site as usual", () => {
    const out = makeTempDir();
    const failed = runQuireSync(["export", makeRepo(WARNING_SITE), "--strict", "--out-dir", out]);
    expect(failed.code).toBe(1);
    expect(readdirSync(out)).toEqual([]);
    const archive = path.join(makeTempDir(), "site.tar.gz");
    const clean = runQuireSync(["export", makeRepo(CLEAN_SITE), "--strict", "-o", archive]);
    expect(clean.code).toBe(0);
    expect(existsSync(archive)).toBe(true);
  });
});
