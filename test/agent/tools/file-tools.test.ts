import { existsSync, linkSync, lstatSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ChangeTracker } from "../../../src/agent/tools/change-tracker.ts";
import { createFileTools } from "../../../src/agent/tools/file-tools.ts";
import { PathGuard } from "../../../src/agent/tools/path-guard.ts";
import { createSearchFilesTool } from "../../../src/agent/tools/read-tools.ts";
import type { ToolResult } from "../../../src/agent/tools/tool-types.ts";
import { makeRepo, makeTempDir, type RepoEntry } from "../../helpers/temp-repo.ts";

function setup(files: Record<string, RepoEntry>) {
  const root = makeRepo(files);
  const changes = new ChangeTracker(root);
  const tools = createFileTools(root, changes);
  const run = (name: string, args: Record<string, unknown>): Promise<ToolResult> => {
    const tool = tools.find((candidate) => candidate.name === name);
    if (!tool) throw new Error(`no tool ${name}`);
    return tool.execute(args);
  };
  const read = (file: string): string => readFileSync(path.join(root, file), "utf8");
  return { root, changes, tools, run, read };
}

const SITE: Record<string, RepoEntry> = {
  "docs.json": '{ "name": "Lumen" }\n',
  "index.mdx": "---\ntitle: Home\n---\n\nWelcome to Lumen.\n",
  "guides/setup.mdx": "---\ntitle: Setup\n---\n\n## Install\n\nRun `lumen install`.\n",
  "guides/advanced/retries.mdx": "# Retries\n\nLumen retries failed jobs.\n",
  "images/logo.png": new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d]),
  ".git/config": "[core]\n",
  "node_modules/pkg/readme.md": "hidden\n",
};

describe("the file tools' definitions", () => {
  it("are the tools the README's Agent jobs section names, each with an object schema that allows no other argument", () => {
    const { tools } = setup({ "a.mdx": "" });
    expect(tools.map((tool) => tool.name)).toEqual([
      "list_files",
      "read_file",
      "search_files",
      "write_file",
      "edit_file",
      "delete_file",
      "move_file",
    ]);
    for (const tool of tools) {
      expect(tool.parameters).toMatchObject({ type: "object", additionalProperties: false });
      for (const property of Object.values(
        tool.parameters.properties as Record<string, { description: string }>,
      ))
        expect(property.description.length).toBeGreaterThan(10);
    }
    expect(tools.find((tool) => tool.name === "write_file")?.parameters.required).toEqual([
      "path",
      "content",
    ]);
    expect(tools.find((tool) => tool.name === "edit_file")?.parameters.required).toEqual([
      "path",
      "old_string",
      "new_string",
    ]);
  });

  it("answer a wrong parameter name, a missing argument or a wrong type with the parameters they take", async () => {
    const { run } = setup({ "a.mdx": "" });
    expect(await run("read_file", { file_path: "a.mdx" })).toEqual({
      ok: false,
      text: 'read_file has no parameter "file_path"; read_file takes path, offset, limit.',
    });
    expect((await run("write_file", { path: "b.mdx" })).text).toMatch(/write_file needs "content"/);
    expect((await run("read_file", { path: "a.mdx", offset: "two" })).text).toMatch(
      /"offset" of read_file must be a whole number of at least 1/,
    );
    expect((await run("read_file", { path: "a.mdx", offset: 0 })).ok).toBe(false);
  });
});

describe("list_files", () => {
  it("lists every file sorted, skipping .git and node_modules", async () => {
    const { run } = setup(SITE);
    const result = await run("list_files", {});
    expect(result).toEqual({
      ok: true,
      text: [
        "5 files:",
        "docs.json",
        "guides/advanced/retries.mdx",
        "guides/setup.mdx",
        "images/logo.png",
        "index.mdx",
      ].join("\n"),
    });
  });

  it("filters with a glob: a name pattern at any depth, a path pattern from the root or from the listed folder", async () => {
    const { run } = setup(SITE);
    expect((await run("list_files", { pattern: "*.mdx" })).text.split("\n").slice(1)).toEqual([
      "guides/advanced/retries.mdx",
      "guides/setup.mdx",
      "index.mdx",
    ]);
    expect((await run("list_files", { pattern: "**/*.mdx" })).text.split("\n").slice(1)).toEqual([
      "guides/advanced/retries.mdx",
      "guides/setup.mdx",
      "index.mdx",
    ]);
    expect(
      (await run("list_files", { pattern: "guides/*.mdx" })).text.split("\n").slice(1),
    ).toEqual(["guides/setup.mdx"]);
    expect(
      (await run("list_files", { pattern: "*.{png,json}" })).text.split("\n").slice(1),
    ).toEqual(["docs.json", "images/logo.png"]);
    expect(
      (await run("list_files", { path: "guides", pattern: "advanced/*" })).text
        .split("\n")
        .slice(1),
    ).toEqual(["guides/advanced/retries.mdx"]);
    expect((await run("list_files", { path: "guides" })).text).toBe(
      "2 files in guides:\nguides/advanced/retries.mdx\nguides/setup.mdx",
    );
    expect((await run("list_files", { pattern: "*.txt" })).text).toMatch(
      /^No files matching "\*.txt"/,
    );
  });

  it("shows at most 500 paths and says how many more there are", async () => {
    const files: Record<string, string> = {};
    for (let index = 0; index < 620; index++)
      files[`pages/p${String(index).padStart(4, "0")}.mdx`] = "";
    const { run } = setup(files);
    const lines = (await run("list_files", {})).text.split("\n");
    expect(lines[0]).toBe("620 files:");
    expect(lines).toHaveLength(502);
    expect(lines.at(-1)).toBe('… and 120 more. Narrow the listing with "pattern" or "path".');
  });

  it("marks symbolic links and never lists through one", async () => {
    const outside = makeRepo({ "secret.txt": "top secret" });
    const { run } = setup({ "a.mdx": "", elsewhere: { symlinkTo: outside } });
    expect((await run("list_files", {})).text).toBe("2 files:\na.mdx\nelsewhere (symbolic link)");
    expect((await run("list_files", { path: "elsewhere" })).text).toMatch(
      /leads outside the repository/,
    );
  });

  it("refuses folders outside the checkout, inside .git, missing ones and files", async () => {
    const { run } = setup(SITE);
    expect((await run("list_files", { path: ".." })).text).toMatch(/outside the repository/);
    expect((await run("list_files", { path: "/etc" })).text).toMatch(/absolute path/);
    expect((await run("list_files", { path: ".git" })).text).toMatch(/\.git folder/);
    expect((await run("list_files", { path: "nope" })).text).toMatch(/"nope" does not exist/);
    expect((await run("list_files", { path: "index.mdx" })).text).toMatch(
      /is a file, not a folder/,
    );
    expect((await run("list_files", { pattern: "[abc" })).text).toMatch(/not a valid glob/);
  });
});

describe("read_file", () => {
  it("shows numbered lines, and a range with offset and limit", async () => {
    const { run } = setup(SITE);
    expect((await run("read_file", { path: "guides/setup.mdx" })).text).toBe(
      [
        "   1\t---",
        "   2\ttitle: Setup",
        "   3\t---",
        "   4\t",
        "   5\t## Install",
        "   6\t",
        "   7\tRun `lumen install`.",
      ].join("\n"),
    );
    expect((await run("read_file", { path: "guides/setup.mdx", offset: 5, limit: 2 })).text).toBe(
      [
        "   5\t## Install",
        "   6\t",
        "(Lines 5–6 of 7. To read on, call read_file with offset 7.)",
      ].join("\n"),
    );
    expect(await run("read_file", { path: "guides/setup.mdx", offset: 9 })).toEqual({
      ok: false,
      text: '"guides/setup.mdx" has 7 lines; offset 9 is past its end.',
    });
  });

  it("pages a long file at 2,000 lines and a wide one at 100 KB, saying where to read on", async () => {
    const long = Array.from({ length: 2500 }, (_, index) => `line ${index + 1}`).join("\n");
    const wide = Array.from({ length: 300 }, (_, index) => `${index + 1} ${"x".repeat(1000)}`).join(
      "\n",
    );
    const { run } = setup({ "long.md": long, "wide.md": wide });
    const first = (await run("read_file", { path: "long.md" })).text.split("\n");
    expect(first).toHaveLength(2001);
    expect(first.at(-2)).toBe("2000\tline 2000");
    expect(first.at(-1)).toBe(
      "(Lines 1–2000 of 2500. To read on, call read_file with offset 2001.)",
    );
    const rest = (await run("read_file", { path: "long.md", offset: 2001 })).text.split("\n");
    expect(rest[0]).toBe("2001\tline 2001");
    expect(rest.at(-1)).toBe("(Lines 2001–2500 of 2500.)");
    const widePage = (await run("read_file", { path: "wide.md" })).text;
    expect(Buffer.byteLength(widePage)).toBeLessThan(105 * 1024);
    expect(widePage).toMatch(
      /\(Lines 1–\d+ of 300\. To read on, call read_file with offset \d+\.\)$/,
    );
  });

  it("cuts very long lines and says so", async () => {
    const { run } = setup({ "min.json": `{"a":"${"y".repeat(5000)}"}` });
    expect((await run("read_file", { path: "min.json" })).text).toMatch(
      /… \(line cut: 5008 characters in all\)$/,
    );
  });

  it("refuses binary files: NUL bytes, or bytes that are not UTF-8", async () => {
    const { run } = setup({
      "logo.png": new Uint8Array([0x89, 0x50, 0, 1]),
      "latin1.txt": new Uint8Array([0x63, 0x61, 0x66, 0xe9]),
    });
    expect((await run("read_file", { path: "logo.png" })).text).toMatch(
      /"logo.png" is a binary file \(4 bytes; not UTF-8 text\)/,
    );
    expect((await run("read_file", { path: "latin1.txt" })).text).toMatch(/binary file/);
  });

  it("says when a file does not exist, naming files of that name elsewhere", async () => {
    const { run } = setup(SITE);
    expect(await run("read_file", { path: "setup.mdx" })).toEqual({
      ok: false,
      text: '"setup.mdx" does not exist. Files with that name: "guides/setup.mdx".',
    });
    expect((await run("read_file", { path: "guides" })).text).toMatch(/"guides" is a folder/);
    expect((await run("read_file", { path: "empty.mdx" })).text).toMatch(
      /does not exist\. Use list_files/,
    );
  });

  it("refuses every path leading out of the checkout or into .git", async () => {
    const outside = makeRepo({ "secret.txt": "top secret" });
    const { run } = setup({
      ...SITE,
      etc: { symlinkTo: "/etc" },
      escape: { symlinkTo: outside },
      "secret-link.txt": { symlinkTo: path.join(outside, "secret.txt") },
    });
    for (const input of [
      "../secret.txt",
      "/etc/passwd",
      "guides/../../secret.txt",
      "etc/passwd",
      "escape/secret.txt",
      "secret-link.txt",
      ".git/config",
    ]) {
      const result = await run("read_file", { path: input });
      expect(result.ok, input).toBe(false);
      expect(result.text, input).not.toContain("top secret");
      expect(result.text, input).not.toContain("root:");
    }
  });
});

describe("search_files", () => {
  it("answers file:line: text for each matching line, with a glob or a folder", async () => {
    const { run } = setup(SITE);
    expect((await run("search_files", { pattern: "Lumen" })).text).toBe(
      [
        "3 matching lines in 3 files:",
        'docs.json:1: { "name": "Lumen" }',
        "guides/advanced/retries.mdx:3: Lumen retries failed jobs.",
        "index.mdx:5: Welcome to Lumen.",
      ].join("\n"),
    );
    expect(
      (await run("search_files", { pattern: "^title: \\w+$", glob: "guides/*.mdx" })).text,
    ).toBe("1 matching line in 1 file:\nguides/setup.mdx:2: title: Setup");
    expect(
      (
        await run("search_files", { pattern: "lumen", path: "guides", ignore_case: true })
      ).text.split("\n"),
    ).toHaveLength(3);
    expect((await run("search_files", { pattern: "Lumen", path: "index.mdx" })).text).toBe(
      "1 matching line in 1 file:\nindex.mdx:5: Welcome to Lumen.",
    );
    expect((await run("search_files", { pattern: "hidden" })).text).toBe(
      'No matches for "hidden" in 4 files.',
    );
  });

  it("explains an invalid regular expression", async () => {
    const { run } = setup(SITE);
    const result = await run("search_files", { pattern: "<Card(" });
    expect(result.ok).toBe(false);
    expect(result.text).toMatch(
      /"<Card\(" is not a valid regular expression: .*Unterminated group.*backslash/,
    );
  });

  it("shows at most 200 matches and says there were more", async () => {
    const { run } = setup({
      "many.md": Array.from({ length: 300 }, (_, index) => `match ${index}`).join("\n"),
    });
    const lines = (await run("search_files", { pattern: "match" })).text.split("\n");
    expect(lines[0]).toBe("More than 200 matching lines; the first 200 (in 1 file):");
    expect(lines).toHaveLength(202);
  });

  it("stops a catastrophically backtracking expression and says why", async () => {
    const root = makeRepo({ "a.md": `${"a".repeat(40)}!\n` });
    const search = createSearchFilesTool(new PathGuard(root), 300);
    const started = performance.now();
    const result = await search.execute({ pattern: "(a+)+$" });
    expect(performance.now() - started).toBeLessThan(5000);
    expect(result).toMatchObject({
      ok: false,
      text: expect.stringMatching(/took too long to run/),
    });
  });

  it("does not search through a link leading outside", async () => {
    const outside = makeRepo({ "secret.txt": "top secret" });
    const { run } = setup({ "a.md": "nothing", escape: { symlinkTo: outside } });
    expect((await run("search_files", { pattern: "secret" })).text).toBe(
      'No matches for "secret" in 1 file.',
    );
    expect((await run("search_files", { pattern: "secret", path: "escape" })).text).toMatch(
      /leads outside/,
    );
  });
});

describe("write_file", () => {
  it("creates a file and its folders, and replaces an existing one", async () => {
    const { run, read, changes } = setup(SITE);
    expect(
      await run("write_file", { path: "guides/new/page.mdx", content: "# New\n\nText.\n" }),
    ).toEqual({
      ok: true,
      text: "Created guides/new/page.mdx (3 lines). A new page must also be listed in the navigation of docs.json.",
    });
    expect(read("guides/new/page.mdx")).toBe("# New\n\nText.\n");
    expect((await run("write_file", { path: "index.mdx", content: "# Home\n" })).text).toBe(
      "Replaced index.mdx (1 line).",
    );
    expect(read("index.mdx")).toBe("# Home\n");
    expect(changes.changedFiles()).toEqual(["guides/new/page.mdx", "index.mdx"]);
  });

  it("refuses content over 1 MB and folders", async () => {
    const { run, root } = setup(SITE);
    expect(
      (await run("write_file", { path: "big.md", content: "x".repeat(1024 * 1024 + 1) })).text,
    ).toMatch(/over the 1.0 MB limit/);
    expect(existsSync(path.join(root, "big.md"))).toBe(false);
    expect((await run("write_file", { path: "guides", content: "x" })).text).toMatch(
      /"guides" is a folder/,
    );
  });

  it("writes nothing outside the checkout, whatever the path", async () => {
    const outside = makeTempDir();
    const { run, root } = setup({
      ...SITE,
      etc: { symlinkTo: "/etc" },
      out: { symlinkTo: outside },
    });
    const attempts = [
      "../escaped.txt",
      path.join(outside, "absolute.txt"),
      "guides/../../escaped.txt",
      "out/through-link.txt",
      "out/new/deeper.txt",
      "etc/quire-test.txt",
      ".git/config",
      ".git/hooks/pre-commit",
    ];
    for (const input of attempts) {
      const result = await run("write_file", { path: input, content: "pwned" });
      expect(result.ok, input).toBe(false);
    }
    expect(readdirSync(outside)).toEqual([]);
    expect(existsSync(path.join(path.dirname(root), "escaped.txt"))).toBe(false);
    expect(existsSync("/etc/quire-test.txt")).toBe(false);
    expect(readFileSync(path.join(root, ".git/config"), "utf8")).toBe("[core]\n");
    expect(existsSync(path.join(root, ".git/hooks"))).toBe(false);
  });

  it("never writes through a hard link to a file elsewhere", async () => {
    const outside = makeTempDir();
    const shared = path.join(outside, "shared.txt");
    writeFileSync(shared, "original");
    const { run, root, read } = setup({ "a.md": "" });
    linkSync(shared, path.join(root, "linked.txt"));
    expect((await run("write_file", { path: "linked.txt", content: "changed" })).ok).toBe(true);
    expect(read("linked.txt")).toBe("changed");
    expect(readFileSync(shared, "utf8")).toBe("original");
  });
});

describe("edit_file", () => {
  it("replaces one exact, unique occurrence and shows the lines around it", async () => {
    const { run, read, changes } = setup(SITE);
    const result = await run("edit_file", {
      path: "guides/setup.mdx",
      old_string: "Run `lumen install`.",
      new_string: "Run `lumen install --global`.",
    });
    expect(result).toEqual({
      ok: true,
      text: "Edited guides/setup.mdx: replaced 1 occurrence (line 7).\n   5\t## Install\n   6\t\n   7\tRun `lumen install --global`.",
    });
    expect(read("guides/setup.mdx")).toContain("Run `lumen install --global`.\n");
    expect(changes.changedFiles()).toEqual(["guides/setup.mdx"]);
  });

  it("says when the text is not there, pointing at the closest line", async () => {
    const { run, read } = setup(SITE);
    const before = read("guides/setup.mdx");
    const result = await run("edit_file", {
      path: "guides/setup.mdx",
      old_string: "Run `lumen setup`.",
      new_string: "x",
    });
    expect(result.ok).toBe(false);
    expect(result.text).toBe(
      'old_string was not found in "guides/setup.mdx". The most similar line is 7: "Run `lumen install`.". old_string must match the file exactly; read the current text with read_file first.',
    );
    expect(read("guides/setup.mdx")).toBe(before);
  });

  it("recognizes other spacing and line numbers copied from read_file", async () => {
    const { run } = setup(SITE);
    expect(
      (
        await run("edit_file", {
          path: "guides/setup.mdx",
          old_string: "##   Install",
          new_string: "## Setup",
        })
      ).text,
    ).toMatch(/The same words appear at line 5 with different spacing/);
    expect(
      (
        await run("edit_file", {
          path: "guides/setup.mdx",
          old_string: "   5\t## Install",
          new_string: "## Setup",
        })
      ).text,
    ).toMatch(/include the line numbers read_file shows/);
  });

  it("refuses an ambiguous edit with the count and lines, and replaces all when asked", async () => {
    const { run, read } = setup({ "a.md": "one\ntwo\none\nthree\none\n" });
    expect(await run("edit_file", { path: "a.md", old_string: "one", new_string: "1" })).toEqual({
      ok: false,
      text: 'old_string occurs 3 times in "a.md" (lines 1, 3, 5). Include more of the surrounding text so it matches exactly one place, or set replace_all to true to replace all 3.',
    });
    expect(read("a.md")).toBe("one\ntwo\none\nthree\none\n");
    expect(
      (
        await run("edit_file", {
          path: "a.md",
          old_string: "one",
          new_string: "$& 1",
          replace_all: true,
        })
      ).text,
    ).toMatch(/^Edited a.md: replaced 3 occurrences \(first at line 1\)/);
    expect(read("a.md")).toBe("$& 1\ntwo\n$& 1\nthree\n$& 1\n");
  });

  it("matches text written with \\n in a file with Windows line endings, keeping them", async () => {
    const { run, read } = setup({ "win.md": "# Title\r\n\r\nOld line.\r\nNext.\r\n" });
    expect(
      (
        await run("edit_file", {
          path: "win.md",
          old_string: "Old line.\nNext.",
          new_string: "New line.\nNext.",
        })
      ).ok,
    ).toBe(true);
    expect(read("win.md")).toBe("# Title\r\n\r\nNew line.\r\nNext.\r\n");
  });

  it("refuses empty or unchanged text, binary files and paths outside", async () => {
    const { run } = setup(SITE);
    expect(
      (await run("edit_file", { path: "index.mdx", old_string: "", new_string: "x" })).text,
    ).toMatch(/"old_string" is empty/);
    expect(
      (await run("edit_file", { path: "index.mdx", old_string: "Home", new_string: "Home" })).text,
    ).toMatch(/the same/);
    expect(
      (await run("edit_file", { path: "images/logo.png", old_string: "PNG", new_string: "x" }))
        .text,
    ).toMatch(/binary file/);
    expect(
      (await run("edit_file", { path: "../x", old_string: "a", new_string: "b" })).text,
    ).toMatch(/outside the repository/);
    expect(
      (await run("edit_file", { path: ".git/config", old_string: "[core]", new_string: "[x]" }))
        .text,
    ).toMatch(/\.git folder/);
  });
});

describe("delete_file", () => {
  it("deletes a file and the folders it leaves empty, and records it", async () => {
    const { run, root, changes } = setup(SITE);
    expect(await run("delete_file", { path: "guides/advanced/retries.mdx" })).toEqual({
      ok: true,
      text: 'Deleted guides/advanced/retries.mdx. Links to "/guides/advanced/retries" and its navigation entry in docs.json need updating; check_docs finds them.',
    });
    expect(existsSync(path.join(root, "guides/advanced"))).toBe(false);
    expect(existsSync(path.join(root, "guides/setup.mdx"))).toBe(true);
    expect(changes.changedFiles()).toEqual(["guides/advanced/retries.mdx"]);
    expect(changes.removedFiles()).toEqual(["guides/advanced/retries.mdx"]);
    expect(changes.startState().get("guides/advanced/retries.mdx")?.toString()).toBe(
      "# Retries\n\nLumen retries failed jobs.\n",
    );
  });

  it("deletes a symbolic link itself, never its target", async () => {
    const outside = makeRepo({ "keep.txt": "keep" });
    const { run, root } = setup({
      "a.md": "",
      "link.txt": { symlinkTo: path.join(outside, "keep.txt") },
    });
    expect((await run("delete_file", { path: "link.txt" })).ok).toBe(true);
    expect(() => lstatSync(path.join(root, "link.txt"))).toThrow();
    expect(readFileSync(path.join(outside, "keep.txt"), "utf8")).toBe("keep");
  });

  it("refuses folders, missing files and paths outside", async () => {
    const outside = makeRepo({ "keep.txt": "keep" });
    const { run } = setup({ ...SITE, out: { symlinkTo: outside } });
    expect((await run("delete_file", { path: "guides" })).text).toMatch(/is a folder/);
    expect((await run("delete_file", { path: "nope.mdx" })).text).toMatch(/does not exist/);
    for (const input of [
      "../keep.txt",
      path.join(outside, "keep.txt"),
      "out/keep.txt",
      ".git/config",
    ]) {
      expect((await run("delete_file", { path: input })).ok, input).toBe(false);
    }
    expect(existsSync(path.join(outside, "keep.txt"))).toBe(true);
  });
});

describe("move_file", () => {
  it("moves a file into new folders and records both paths", async () => {
    const { run, root, changes } = setup(SITE);
    const result = await run("move_file", { from: "guides/setup.mdx", to: "start/install.mdx" });
    expect(result.text).toBe(
      'Moved guides/setup.mdx to start/install.mdx. Links and docs.json navigation entries still name the old page "guides/setup": find them with search_files, update them, then run check_docs.',
    );
    expect(existsSync(path.join(root, "start/install.mdx"))).toBe(true);
    expect(existsSync(path.join(root, "guides/setup.mdx"))).toBe(false);
    expect(changes.changedFiles()).toEqual(["guides/setup.mdx", "start/install.mdx"]);
    expect(changes.renames()).toEqual(new Map([["start/install.mdx", "guides/setup.mdx"]]));
  });

  it("moves a folder with its files", async () => {
    const { run, root, changes } = setup(SITE);
    expect((await run("move_file", { from: "guides", to: "docs/guides" })).text).toMatch(
      /^Moved guides to docs\/guides \(2 files\)\./,
    );
    expect(readdirSync(path.join(root, "docs/guides")).sort()).toEqual(["advanced", "setup.mdx"]);
    expect(changes.renames().get("docs/guides/advanced/retries.mdx")).toBe(
      "guides/advanced/retries.mdx",
    );
  });

  it("never overwrites, never moves a folder into itself, and refuses links and paths outside", async () => {
    const outside = makeTempDir();
    const { run, read } = setup({
      ...SITE,
      out: { symlinkTo: outside },
      "alias.mdx": { symlinkTo: "index.mdx" },
    });
    expect((await run("move_file", { from: "index.mdx", to: "guides/setup.mdx" })).text).toMatch(
      /"guides\/setup.mdx" already exists; move_file never overwrites/,
    );
    expect(read("guides/setup.mdx")).toContain("title: Setup");
    expect((await run("move_file", { from: "guides", to: "guides/inner" })).text).toMatch(
      /cannot be moved into itself/,
    );
    expect((await run("move_file", { from: "alias.mdx", to: "b.mdx" })).text).toMatch(
      /symbolic link/,
    );
    for (const [from, to] of [
      ["index.mdx", "../index.mdx"],
      ["index.mdx", "out/index.mdx"],
      ["index.mdx", ".git/index.mdx"],
      ["/etc/hostname", "hostname"],
      [".git/config", "config"],
    ]) {
      expect((await run("move_file", { from, to })).ok, `${from} → ${to}`).toBe(false);
    }
    expect(readdirSync(outside)).toEqual([]);
    expect(read("index.mdx")).toContain("Welcome");
  });
});

describe("the change record", () => {
  it("forgets a file written back to its original content", async () => {
    const { run, changes } = setup(SITE);
    await run("edit_file", { path: "index.mdx", old_string: "Welcome", new_string: "Hello" });
    expect(changes.changedFiles()).toEqual(["index.mdx"]);
    await run("edit_file", { path: "index.mdx", old_string: "Hello", new_string: "Welcome" });
    expect(changes.changedFiles()).toEqual([]);
  });
});
