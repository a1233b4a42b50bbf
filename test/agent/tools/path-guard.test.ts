import { realpathSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isGitPath, PathGuard } from "../../../src/agent/tools/path-guard.ts";
import { makeRepo, makeTempDir } from "../../helpers/temp-repo.ts";

function refusal(result: ReturnType<PathGuard["resolve"]>): string {
  if (result.ok) throw new Error(`expected a refusal, got ${JSON.stringify(result)}`);
  return result.text;
}

describe("the path guard", () => {
  it("resolves a relative path inside the checkout, normalizing ./, backslashes and inner ..", () => {
    const root = makeRepo({ "guides/intro.mdx": "# Intro\n" });
    const guard = new PathGuard(root);
    for (const input of [
      "guides/intro.mdx",
      "./guides/intro.mdx",
      "guides\\intro.mdx",
      "guides/../guides/intro.mdx",
      " guides/intro.mdx ",
    ]) {
      const result = guard.resolve(input);
      expect(result, input).toMatchObject({
        ok: true,
        relative: "guides/intro.mdx",
        kind: "file",
        absolute: path.join(realpathSync(root), "guides/intro.mdx"),
      });
    }
  });

  it("resolves a path to be created through its deepest existing folder", () => {
    const guard = new PathGuard(makeRepo({ "guides/intro.mdx": "" }));
    expect(guard.resolve("guides/new/deeper/page.mdx")).toMatchObject({
      ok: true,
      relative: "guides/new/deeper/page.mdx",
      kind: "none",
    });
  });

  it("refuses absolute paths, suggesting the relative path when one was meant", () => {
    const guard = new PathGuard(makeRepo({ "docs.json": "{}" }));
    expect(refusal(guard.resolve("/etc/passwd"))).toMatch(/absolute path/);
    expect(refusal(guard.resolve("/docs.json"))).toContain('write "docs.json"');
    expect(refusal(guard.resolve("~/notes.txt"))).toMatch(/absolute path/);
    expect(refusal(guard.resolve("C:\\Windows\\win.ini"))).toMatch(/absolute path/);
  });

  it("refuses .. that leads out of the checkout", () => {
    const guard = new PathGuard(makeRepo({ "a/b.mdx": "" }));
    for (const input of ["..", "../x", "a/../../x", "a/b/../../../etc/passwd", "..\\x"]) {
      expect(refusal(guard.resolve(input)), input).toMatch(/outside the repository/);
    }
  });

  it("refuses NUL bytes, non-strings and the root itself where a file is needed", () => {
    const guard = new PathGuard(makeRepo({ "a.mdx": "" }));
    expect(refusal(guard.resolve("a.mdx\0.png"))).toMatch(/NUL/);
    expect(refusal(guard.resolve(42))).toMatch(/must be a string/);
    expect(refusal(guard.resolve("."))).toMatch(/not the repository root/);
    expect(guard.resolve(".", { allowRoot: true })).toMatchObject({
      ok: true,
      relative: "",
      kind: "directory",
    });
    expect(guard.resolve("", { allowRoot: true })).toMatchObject({ ok: true, relative: "" });
  });

  it("refuses anything inside .git, in any case and at any depth", () => {
    const guard = new PathGuard(
      makeRepo({ ".git/config": "[core]\n", "vendor/lib/.git": "gitdir: x\n" }),
    );
    for (const input of [
      ".git",
      ".git/config",
      ".git/hooks/pre-commit",
      ".GIT/config",
      "vendor/lib/.git",
      "a/../.git/config",
    ]) {
      expect(refusal(guard.resolve(input)), input).toMatch(/\.git folder/);
    }
    expect(isGitPath("guides/.gitignore")).toBe(false);
  });

  it("refuses symbolic links leading outside, anywhere along the path, also for paths to be created", () => {
    const outside = makeTempDir();
    const root = makeRepo({
      "etc-link": { symlinkTo: "/etc" },
      out: { symlinkTo: outside },
      "docs/escape.mdx": { symlinkTo: "/etc/hostname" },
    });
    const guard = new PathGuard(root);
    expect(refusal(guard.resolve("etc-link/passwd"))).toMatch(
      /symbolic link "etc-link", which leads outside/,
    );
    expect(refusal(guard.resolve("out/new-file.txt"))).toMatch(/leads outside/);
    expect(refusal(guard.resolve("out/new/deeper.txt"))).toMatch(/leads outside/);
    expect(refusal(guard.resolve("docs/escape.mdx"))).toMatch(/leads outside/);
  });

  it("follows symbolic links that stay inside, and can leave the last one unfollowed", () => {
    const root = makeRepo({
      "real/page.mdx": "x",
      alias: { symlinkTo: "real" },
      "page-link.mdx": { symlinkTo: "real/page.mdx" },
    });
    const guard = new PathGuard(root);
    expect(guard.resolve("alias/page.mdx")).toMatchObject({
      ok: true,
      relative: "real/page.mdx",
      display: "alias/page.mdx",
      kind: "file",
    });
    expect(guard.resolve("page-link.mdx")).toMatchObject({ ok: true, relative: "real/page.mdx" });
    expect(guard.resolve("page-link.mdx", { followLastLink: false })).toMatchObject({
      ok: true,
      relative: "page-link.mdx",
      kind: "link",
    });
  });

  it("refuses links into .git, dangling links and looping links", () => {
    const root = makeRepo({
      ".git/hooks/x": "",
      hooks: { symlinkTo: ".git/hooks" },
      dangling: { symlinkTo: "nowhere/at/all" },
      "loop-a": { symlinkTo: "loop-b" },
      "loop-b": { symlinkTo: "loop-a" },
    });
    const guard = new PathGuard(root);
    expect(refusal(guard.resolve("hooks/pre-commit"))).toMatch(/\.git folder/);
    expect(refusal(guard.resolve("dangling"))).toMatch(/points to nothing that exists/);
    expect(refusal(guard.resolve("dangling/file.txt"))).toMatch(/points to nothing/);
    expect(refusal(guard.resolve("loop-a/x"))).toMatch(
      /points to nothing that exists \(or loops\)/,
    );
  });

  it("refuses a path through a file as if it were a folder", () => {
    const guard = new PathGuard(makeRepo({ "docs.json": "{}" }));
    expect(refusal(guard.resolve("docs.json/inner.mdx"))).toMatch(
      /"docs.json" is a file, not a folder/,
    );
  });
});
