import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { generateSite } from "../../../bench/generate-site.ts";
import { pagesAffectedBy } from "../../../src/agent/tools/affected-pages.ts";
import { compareFindings, validateChanges } from "../../../src/agent/tools/check-docs.ts";
import { createAgentTools } from "../../../src/agent/tools/index.ts";
import type { DocsFinding } from "../../../src/agent/tools/tool-types.ts";
import { makeRepo, makeTempDir, type RepoEntry } from "../../helpers/temp-repo.ts";

// Counts the full renders of page bodies, to see which pages a check rendered.
const { rendered } = vi.hoisted(() => ({ rendered: [] as string[] }));
vi.mock("../../../src/exporter/render/render-body.ts", async (importOriginal) => {
  const actual =
    await importOriginal<typeof import("../../../src/exporter/render/render-body.ts")>();
  return {
    ...actual,
    renderBody: (input: Parameters<typeof actual.renderBody>[0]) => {
      rendered.push(input.file);
      return actual.renderBody(input);
    },
  };
});
beforeEach(() => {
  rendered.length = 0;
});

const SITE: Record<string, RepoEntry> = {
  "docs.json": `${JSON.stringify({ name: "Lumen", colors: { primary: "#2563eb" }, navigation: { groups: [{ group: "Start", pages: ["index", "guides/setup", "guides/retries", "guides/legacy"] }] } }, null, 2)}\n`,
  "index.mdx": "---\ntitle: Home\n---\n\nWelcome. Start with [setup](/guides/setup).\n",
  "guides/setup.mdx":
    '---\ntitle: Setup\n---\n\nimport Note from "/snippets/note.mdx";\n\n## Install\n\nRun `lumen install`. Then read [retries](./retries).\n\n<Note />\n',
  "guides/retries.mdx": "---\ntitle: Retries\n---\n\nLumen retries failed jobs.\n",
  "guides/legacy.mdx":
    "---\ntitle: Legacy\n---\n\nAn old page with an <Unknown>old component</Unknown>.\n",
  "snippets/note.mdx": "<Note>Keep your key secret.</Note>\n",
};

function setup(files: Record<string, RepoEntry> = SITE) {
  const root = makeRepo(files);
  const agent = createAgentTools(root);
  const run = async (name: string, args: Record<string, unknown>): Promise<string> => {
    const tool = agent.tools.find((candidate) => candidate.name === name);
    if (!tool) throw new Error(`no tool ${name}`);
    const result = await tool.execute(args);
    if (name !== "check_docs" && !result.ok) throw new Error(result.text);
    return result.text;
  };
  return { root, agent, run };
}

function finding(
  file: string,
  rule: string,
  message: string,
  line?: number,
  severity: DocsFinding["severity"] = "error",
): DocsFinding {
  return { severity, rule, file, line, column: line ? 1 : undefined, message };
}

describe("check_docs", () => {
  it("is offered with the file tools, taking optional paths", () => {
    const { agent } = setup();
    const tool = agent.tools.find((candidate) => candidate.name === "check_docs");
    expect(tool?.parameters).toEqual({
      type: "object",
      properties: {
        paths: { type: "array", items: { type: "string" }, description: expect.any(String) },
      },
      required: [],
      additionalProperties: false,
    });
  });

  it("before any change, says there is nothing of the run's to check", async () => {
    const { run } = setup();
    const text = await run("check_docs", {});
    expect(text).toBe(
      [
        "Checked the site configuration and navigation, and 0 pages.",
        'You have not changed any file yet, so there is nothing of yours to check; pass "paths" to check given pages.',
        "No problems found.",
      ].join("\n"),
    );
    expect(rendered).toEqual([]);
  });

  it("reports the errors a change introduced, as file:line:column message, apart from those already there", async () => {
    const { run, agent } = setup();
    await run("edit_file", {
      path: "guides/legacy.mdx",
      old_string: "An old page",
      new_string: "An old page, now with a <Card>\n\nunclosed card",
    });
    const check = await agent.checker.check();
    expect(check.introduced).toEqual([
      {
        severity: "error",
        rule: "mdx-syntax",
        file: "guides/legacy.mdx",
        line: 5,
        column: 1,
        message:
          "MDX syntax error: Expected a closing tag for `<Card>` (5:25-5:31) before the end of `paragraph`",
      },
    ]);
    expect(check.text).toBe(
      [
        "Checked the site configuration and navigation, and 1 page (guides/legacy.mdx).",
        "Your changes introduced 1 error and 0 warnings; fix them:",
        "Errors:",
        "  guides/legacy.mdx:5:1 MDX syntax error: Expected a closing tag for `<Card>` (5:25-5:31) before the end of `paragraph` [mdx-syntax]",
      ].join("\n"),
    );
    // The unknown component the page had before cannot be seen past the syntax error; fixed, it is there again, and not the run's.
    await run("edit_file", {
      path: "guides/legacy.mdx",
      old_string: "<Card>\n\nunclosed card",
      new_string: "a fix",
    });
    const fixed = await run("check_docs", {});
    expect(fixed).toBe(
      [
        "Checked the site configuration and navigation, and 1 page (guides/legacy.mdx).",
        "Your changes introduced no problems.",
        "Already there before your changes (0 errors and 1 warning; not caused by you, fix them only if the task asks):",
        "Warnings:",
        "  guides/legacy.mdx:5:39 unknown component <Unknown>; its content is shown without it [unknown-component]",
      ].join("\n"),
    );
  });

  it("after a page is deleted, re-checks the pages linking to it and the navigation", async () => {
    const { run, agent } = setup();
    await run("delete_file", { path: "guides/retries.mdx" });
    rendered.length = 0;
    const check = await agent.checker.check();
    expect(check.checkedPages).toEqual(["guides/setup.mdx"]);
    // The page linking to it, as it is now; and both pages as they were before the change.
    expect(rendered).toEqual(["guides/setup.mdx", "guides/retries.mdx", "guides/setup.mdx"]);
    expect(check.introduced.map((item) => `${item.rule} ${item.file}:${item.line ?? ""}`)).toEqual([
      "missing-page docs.json:13",
      "broken-link guides/setup.mdx:9",
    ]);
  });

  it("keeps the problems a moved page already had as its own, and reports the moved page missing from the navigation", async () => {
    const { run, agent } = setup();
    await run("move_file", { from: "guides/legacy.mdx", to: "archive/legacy.mdx" });
    const check = await agent.checker.check();
    expect(check.checkedPages).toEqual(["archive/legacy.mdx"]);
    expect(check.introduced.map((item) => `${item.rule} ${item.file}`)).toEqual([
      "not-in-navigation archive/legacy.mdx",
      "missing-page docs.json",
    ]);
    expect(check.findings.map((item) => item.rule)).toContain("unknown-component");
  });

  it("re-checks the pages using a changed snippet", async () => {
    const { run, agent } = setup();
    await run("write_file", {
      path: "snippets/note.mdx",
      content: "<Note>Keep your key secret.\n",
    });
    const check = await agent.checker.check();
    expect(check.checkedPages).toEqual(["guides/setup.mdx"]);
    expect(check.introduced.length).toBeGreaterThan(0);
    expect(
      check.introduced.every(
        (item) => item.file === "snippets/note.mdx" || item.file === "guides/setup.mdx",
      ),
    ).toBe(true);
  });

  it("reports a new page that is not in the navigation, and a broken docs.json", async () => {
    const { run, agent } = setup();
    await run("write_file", {
      path: "guides/new.mdx",
      content: "---\ntitle: New\n---\n\nSee [home](/).\n",
    });
    expect(
      (await agent.checker.check()).introduced.map(
        (item) => `${item.severity} ${item.rule} ${item.file}`,
      ),
    ).toEqual(["warning not-in-navigation guides/new.mdx"]);
    await run("edit_file", {
      path: "docs.json",
      old_string: '"name": "Lumen",',
      new_string: '"name": "Lumen"',
    });
    const check = await agent.checker.check();
    expect(check.introduced[0]).toMatchObject({
      severity: "error",
      rule: "config-json",
      file: "docs.json",
      line: 3,
    });
    expect(check.text).toMatch(/Errors:\n {2}docs\.json:3:\d+ docs\.json is not valid JSON/);
  });

  it("checks the pages and folders given, and refuses paths outside the checkout", async () => {
    const { agent } = setup();
    const tool = agent.tools.find((candidate) => candidate.name === "check_docs");
    if (!tool) throw new Error("no check_docs");
    const result = await tool.execute({ paths: ["guides"] });
    expect(result.ok).toBe(true);
    expect(result.text).toBe(
      [
        "Checked the site configuration and navigation, and 3 pages (guides/legacy.mdx, guides/retries.mdx, guides/setup.mdx).",
        "Found 0 errors and 1 warning:",
        "Warnings:",
        "  guides/legacy.mdx:5:21 unknown component <Unknown>; its content is shown without it [unknown-component]",
      ].join("\n"),
    );
    expect((await tool.execute({ paths: ["../elsewhere"] })).text).toMatch(
      /outside the repository/,
    );
    expect((await tool.execute({ paths: ["/etc"] })).text).toMatch(/absolute path/);
    expect((await tool.execute({ paths: ["nope.mdx"] })).text).toMatch(/"nope.mdx" does not exist/);
  });

  it("bounds its report, saying how many findings are not shown", async () => {
    const files: Record<string, RepoEntry> = { ...SITE };
    for (let index = 0; index < 70; index++) files[`extra/page-${index}.mdx`] = `# Page ${index}\n`;
    const { run } = setup(files);
    const lines = (await run("check_docs", { paths: ["extra"] })).split("\n");
    expect(lines.filter((line) => line.includes("[not-in-navigation]"))).toHaveLength(50);
    expect(lines.at(-1)).toBe("  … and 20 more.");
  });

  it("re-checks an edit on a generated 2,000-page site by rendering the edited page alone, before and after", async () => {
    const outDir = makeTempDir();
    const { quireDir } = generateSite(outDir, 2000);
    rmSync(path.join(outDir, "vitepress"), { recursive: true, force: true });
    const agent = createAgentTools(quireDir);
    const edit = agent.tools.find((candidate) => candidate.name === "edit_file");
    const page = "section-5/group-2/page-1310.mdx";
    const result = await edit?.execute({
      path: page,
      old_string: "## Overview",
      new_string: "## Overview\n\n[missing](/section-0/nowhere)",
    });
    expect(result?.ok).toBe(true);
    const check = await agent.checker.check();
    expect(rendered).toEqual([page, page]);
    expect(check.introduced).toEqual([
      expect.objectContaining({
        rule: "broken-link",
        file: page,
        message: 'link to "/section-0/nowhere" points to no page',
      }),
    ]);
  });
});

describe("the pages a change affects", () => {
  it("are the changed pages, the pages linking to a removed one (relative links too), and the users of a changed snippet or image", () => {
    const root = makeRepo({
      ...SITE,
      "guides/diagram.mdx":
        '---\ntitle: D\n---\n\n![Flow](/images/flow.png)\n\n<Card title="x" href="../index">x</Card>\n',
      "images/flow.png": "png",
    });
    expect(pagesAffectedBy(root, ["guides/setup.mdx", "docs.json"]).pages).toEqual([
      "guides/setup.mdx",
    ]);
    rmSync(path.join(root, "guides/retries.mdx"));
    expect(pagesAffectedBy(root, ["guides/retries.mdx"]).pages).toEqual([
      "guides/retries.mdx",
      "guides/setup.mdx",
    ]);
    rmSync(path.join(root, "index.mdx"));
    expect(pagesAffectedBy(root, ["index.mdx"]).pages).toEqual(["index.mdx", "guides/diagram.mdx"]);
    expect(pagesAffectedBy(root, ["images/flow.png"]).pages).toEqual(["guides/diagram.mdx"]);
    expect(pagesAffectedBy(root, ["snippets/note.mdx"]).pages).toEqual(["guides/setup.mdx"]);
  });

  it("are bounded, counting those left out", () => {
    const files: Record<string, RepoEntry> = { "docs.json": "{}", "images/logo.png": "png" };
    for (let index = 0; index < 30; index++) files[`p${index}.mdx`] = "![logo](/images/logo.png)\n";
    const affected = pagesAffectedBy(makeRepo(files), ["images/logo.png"], 10);
    expect(affected.pages).toHaveLength(10);
    expect(affected.omitted).toBe(20);
  });
});

describe("validating a change for the run", () => {
  it("validates what changed files affect in any copy of the repository", async () => {
    const root = makeRepo(SITE);
    writeFileSync(
      path.join(root, "guides/setup.mdx"),
      `${readFileSync(path.join(root, "guides/setup.mdx"), "utf8")}\n<Steps>\n`,
    );
    const result = await validateChanges({ root, files: ["guides/setup.mdx"] });
    expect(result.checkedPages).toEqual(["guides/setup.mdx"]);
    expect(result.findings.map((item) => `${item.severity} ${item.rule} ${item.file}`)).toEqual([
      "error mdx-syntax guides/setup.mdx",
    ]);
  });
});

describe("the run's validation of a change", () => {
  it("checks the same pages in the tree before the change as in the checkout after it", async () => {
    const start = makeRepo(SITE);
    const { root, agent, run } = setup();
    await run("delete_file", { path: "guides/retries.mdx" });
    rendered.length = 0;
    const after = await agent.validate(root, ["guides/retries.mdx"]);
    expect(rendered).toEqual(["guides/setup.mdx"]);
    rendered.length = 0;
    const before = await agent.validate(start, ["guides/retries.mdx"]);
    expect(rendered).toEqual(["guides/retries.mdx", "guides/setup.mdx"]);
    expect(compareFindings(before, after).map((item) => `${item.rule} ${item.file}`)).toEqual([
      "missing-page docs.json",
      "broken-link guides/setup.mdx",
    ]);
  });
});

describe("comparing findings", () => {
  it("returns what is new, ignoring line shifts and positions quoted in messages", () => {
    const before = [
      finding(
        "a.mdx",
        "mdx-syntax",
        "Expected a closing tag for `<Card>` (3:1-3:7) before the end",
        3,
      ),
      finding("a.mdx", "broken-link", 'link to "/x" points to no page', 8, "warning"),
    ];
    const after = [
      finding(
        "a.mdx",
        "mdx-syntax",
        "Expected a closing tag for `<Card>` (5:1-5:7) before the end",
        5,
      ),
      finding("a.mdx", "broken-link", 'link to "/x" points to no page', 10, "warning"),
      finding("a.mdx", "broken-link", 'link to "/y" points to no page', 11, "warning"),
      finding("b.mdx", "mdx-syntax", "Unexpected end of file", 2),
    ];
    expect(compareFindings(before, after)).toEqual([after[3], after[2]]);
  });

  it("counts repeats: one finding before excuses one after", () => {
    const link = finding("a.mdx", "broken-link", 'link to "/x" points to no page', 1, "warning");
    expect(compareFindings([link], [link, { ...link, line: 9 }])).toEqual([{ ...link, line: 9 }]);
  });

  it("follows renamed files", () => {
    const old = finding("old/a.mdx", "unknown-component", "unknown component <X>", 4, "warning");
    const moved = { ...old, file: "new/a.mdx" };
    expect(
      compareFindings([old], [moved], { renamed: new Map([["new/a.mdx", "old/a.mdx"]]) }),
    ).toEqual([]);
    expect(compareFindings([old], [moved])).toEqual([moved]);
  });
});
