import { makeRepo } from "../helpers/temp-repo.ts";

/** docs.json of the fixture: two pages in the navigation, a third written but not listed yet. */
export const DEV_SITE_CONFIG = {
  $schema: "https://mintlify.com/docs.json",
  theme: "mint",
  name: "Tidewater",
  colors: { primary: "#0E7490" },
  navigation: { groups: [{ group: "Start", pages: ["index", "guide"] }] },
};

/**
 * A small docs site for the preview's tests: a home page, a guide that imports a snippet and
 * links home, and a page left out of the navigation. Copied into a temporary folder each time,
 * since the tests edit it.
 */
export function makeDevSite(): string {
  return makeRepo({
    "docs.json": `${JSON.stringify(DEV_SITE_CONFIG, null, 2)}\n`,
    "index.mdx": "---\ntitle: Welcome aboard\n---\n\nTidewater keeps the tides on schedule.\n",
    "guide.mdx": [
      "---",
      "title: Charting guide",
      "---",
      "",
      "import Caution from '/snippets/caution.mdx';",
      "",
      "Read the [welcome page](/index) first.",
      "",
      "<Caution />",
      "",
    ].join("\n"),
    "extra.mdx": "---\ntitle: Harbour extras\n---\n\nMore about harbours.\n",
    "snippets/caution.mdx": "Mind the sandbanks at low tide.\n",
  });
}
