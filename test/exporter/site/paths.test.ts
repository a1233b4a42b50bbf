import { describe, expect, it } from "vitest";
import {
  normalizePagePath,
  pagePathOfFile,
  relativeUrl,
  rootPrefix,
} from "../../../src/exporter/site/paths.ts";

describe("page paths", () => {
  it("normalizes the ways navigation and links name a page", () => {
    expect(normalizePagePath("/guides/intro")).toBe("guides/intro");
    expect(normalizePagePath("guides/intro.mdx")).toBe("guides/intro");
    expect(normalizePagePath("./intro", "guides")).toBe("guides/intro");
    expect(normalizePagePath("../api/users#list", "guides/deep")).toBe("guides/api/users");
    expect(normalizePagePath("/")).toBe("index");
    expect(normalizePagePath("/guides/")).toBe("guides");
  });

  it("keeps a reference that climbs above the root inside the site", () => {
    expect(normalizePagePath("../../etc/passwd", "guides")).toBe("etc/passwd");
    expect(pagePathOfFile("a/b.md")).toBe("a/b");
  });

  it("links pages relatively so the site works under any prefix and from disk", () => {
    expect(relativeUrl("index", "guides/intro.html")).toBe("guides/intro.html");
    expect(relativeUrl("guides/intro", "index.html")).toBe("../index.html");
    expect(relativeUrl("guides/intro", "guides/other.html")).toBe("other.html");
    expect(relativeUrl("a/b/c", "x/y.html")).toBe("../../x/y.html");
    expect(relativeUrl("guides/intro", "guides/intro.html")).toBe("intro.html");
    expect(rootPrefix("index")).toBe("");
    expect(rootPrefix("a/b/c")).toBe("../../");
  });
});
