import { describe, expect, it } from "vitest";
import { listRepository } from "../../../src/exporter/site/discover.ts";
import { createIgnoreMatcher } from "../../../src/exporter/site/ignore.ts";
import { makeRepo } from "../../helpers/temp-repo.ts";

describe("listing a repository's pages", () => {
  it("leaves snippets out of the pages: snippets/, any nested snippets/, and Mintlify's older _snippets/", () => {
    const root = makeRepo({
      "index.mdx": "# Home\n",
      "guides/_snippets-are-not-special.mdx": "# A page\n",
      "snippets/note.mdx": "Shared.\n",
      "guides/snippets/tip.mdx": "Shared.\n",
      "_snippets/redis/note.mdx": "Shared.\n",
      "README.md": "Not on the site.\n",
    });
    const listing = listRepository(root, createIgnoreMatcher(""));
    expect(listing.pages).toEqual(["guides/_snippets-are-not-special.mdx", "index.mdx"]);
    expect(listing.files).toEqual([
      "_snippets/redis/note.mdx",
      "guides/snippets/tip.mdx",
      "snippets/note.mdx",
    ]);
  });
});
