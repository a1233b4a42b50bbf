import { describe, expect, it } from "vitest";
import { createIgnoreMatcher } from "../../../src/exporter/site/ignore.ts";

describe(".mintignore", () => {
  it("always leaves out Mintlify's default folders and files", () => {
    const ignored = createIgnoreMatcher("");
    expect(ignored("node_modules", true)).toBe(true);
    expect(ignored("README.md", false)).toBe(true);
    expect(ignored("guides/README.md", false)).toBe(true);
    expect(ignored("guides/intro.mdx", false)).toBe(false);
  });

  it("applies gitignore-style patterns with folders, globs, anchors and negation", () => {
    const ignored = createIgnoreMatcher(
      "# drafts\ndrafts/\n*.draft.mdx\n/private.md\n**/internal/**\n!keep.draft.mdx\n",
    );
    expect(ignored("drafts", true)).toBe(true);
    expect(ignored("drafts", false)).toBe(false);
    expect(ignored("guides/x.draft.mdx", false)).toBe(true);
    expect(ignored("keep.draft.mdx", false)).toBe(false);
    expect(ignored("private.md", false)).toBe(true);
    expect(ignored("guides/private.md", false)).toBe(false);
    expect(ignored("a/internal/b.mdx", false)).toBe(true);
  });
});
