import { realpathSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { confine } from "../../src/files/confine.ts";
import { makeRepo, makeTempDir } from "../helpers/temp-repo.ts";

const ROOT = "/srv/site";

describe("confine", () => {
  it("resolves a relative path inside the root, and the root itself", () => {
    expect(confine(ROOT, "guides/setup.mdx")).toBe("/srv/site/guides/setup.mdx");
    expect(confine(ROOT, "guides/../index.mdx")).toBe("/srv/site/index.mdx");
    expect(confine(ROOT, "")).toBe(ROOT);
    expect(confine(ROOT, ".")).toBe(ROOT);
    expect(confine(`${ROOT}/`, "a.mdx")).toBe("/srv/site/a.mdx");
  });

  it("refuses every path that climbs out with ..", () => {
    for (const target of ["..", "../secret", "guides/../../secret", "./../site/../../etc/passwd"])
      expect(confine(ROOT, target), target).toBeUndefined();
    // A file whose name starts with two dots is no climb.
    expect(confine(ROOT, "..hidden")).toBe("/srv/site/..hidden");
  });

  it("refuses a sibling whose name starts with the root's", () => {
    expect(confine(ROOT, "../site-evil/index.html")).toBeUndefined();
    expect(confine(ROOT, "/srv/site-evil/index.html")).toBeUndefined();
  });

  it("takes an absolute path only inside the root", () => {
    expect(confine(ROOT, "/etc/passwd")).toBeUndefined();
    expect(confine(ROOT, "/srv")).toBeUndefined();
    expect(confine(ROOT, "/srv/site/guides/a.mdx")).toBe("/srv/site/guides/a.mdx");
    expect(confine("/", "etc/hosts")).toBe("/etc/hosts");
  });

  it("reads backslashes as Windows does too: no climbing out through them", () => {
    for (const target of [
      "..\\secret",
      "guides\\..\\..\\secret",
      "guides/..\\..\\secret",
      "\\\\server\\share\\file",
      "C:\\Windows\\win.ini",
      "c:/Windows/win.ini",
      "C:secret",
    ])
      expect(confine(ROOT, target), target).toBeUndefined();
    expect(confine(ROOT, "guides\\setup.mdx")).toBe(path.resolve(ROOT, "guides\\setup.mdx"));
  });

  it("refuses a NUL byte, which no file name holds", () => {
    expect(confine(ROOT, "index.html\0.png")).toBeUndefined();
  });

  it("decodes nothing: an encoded climb is a file name until its caller decodes it", () => {
    expect(confine(ROOT, "%2e%2e/secret")).toBe("/srv/site/%2e%2e/secret");
    expect(confine(ROOT, decodeURIComponent("%2e%2e/secret"))).toBeUndefined();
    expect(confine(ROOT, decodeURIComponent("..%2f..%2fetc%2fpasswd"))).toBeUndefined();
    expect(confine(ROOT, decodeURIComponent("..%5csecret"))).toBeUndefined();
  });

  it("follows no link itself: a link's real path is what shows where it leads", () => {
    const outside = makeTempDir();
    const root = realpathSync(
      makeRepo({
        "docs/page.mdx": "page",
        out: { symlinkTo: outside },
        inside: { symlinkTo: "docs" },
      }),
    );
    const throughLink = confine(root, "out/secret.txt");
    expect(throughLink).toBe(path.join(root, "out", "secret.txt"));
    expect(confine(root, realpathSync(path.join(root, "out")))).toBeUndefined();
    expect(confine(root, realpathSync(path.join(root, "inside", "page.mdx")))).toBe(
      path.join(root, "docs", "page.mdx"),
    );
  });
});
