import { describe, expect, it } from "vitest";
import { formatProblem } from "../../../../src/exporter/problems.ts";
import { docs, failure, load, messages } from "./load-helpers.ts";

describe("a configuration file that cannot be read as JSON", () => {
  it("names the file, line and column where the JSON goes wrong", () => {
    const error = failure({ "docs.json": '{\n  "name": "Site"\n  "navigation": {}\n}\n' });
    expect(error.message).toBe("docs.json is not valid JSON");
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]).toMatchObject({
      severity: "error",
      file: "docs.json",
      line: 3,
      column: 3,
    });
    expect(formatProblem(error.problems[0] as never)).toMatch(
      /^docs\.json:3:3 docs\.json is not valid JSON/,
    );
  });

  it("does the same for a legacy mint.json and for a file included with $ref", () => {
    expect(failure({ "mint.json": '{ "name": "x", }' }).problems[0]).toMatchObject({
      file: "mint.json",
      line: 1,
      column: 16,
    });
    const included = failure({
      ...docs({ $ref: "nav.json" }),
      "nav.json": '{\n  "pages": ["a",\n}',
    });
    expect(included.problems[0]).toMatchObject({ file: "nav.json", line: 3, column: 1 });
  });

  it("refuses a file whose top level is not an object", () => {
    const error = failure({ "docs.json": "[1, 2]" });
    expect(messages(error.problems)).toEqual([
      "docs.json: expected an object of settings, got an array",
    ]);
  });

  it("says so when there is neither docs.json nor mint.json", () => {
    const error = failure({ "index.mdx": "# Hi" });
    expect(error.message).toBe("no docs.json or mint.json in the documentation folder");
    expect(error.problems[0]).toMatchObject({ severity: "error", file: "docs.json" });
  });
});

describe("an invalid configuration", () => {
  it("reports a wrong page entry with its full key path, as the example in the docs", () => {
    const error = failure(
      docs({
        tabs: [
          { tab: "A", pages: ["a"] },
          { tab: "B", pages: ["b"] },
          { tab: "C", groups: [{ group: "G", pages: ["c/one", "c/two", "c/three", 42] }] },
        ],
      }),
    );
    expect(messages(error.problems)).toEqual([
      "docs.json: navigation.tabs[2].groups[0].pages[3]: expected a page path (string) or a group object, got number 42",
    ]);
  });

  it("lists every problem at once, each with the line and column of the value", () => {
    const text = JSON.stringify(
      {
        name: "Site",
        colors: { primary: "green" },
        logo: true,
        appearance: { default: "dim", strict: "yes" },
        icons: { library: "material" },
        navbar: {
          links: [{ label: "Blog" }],
          primary: { type: "button", href: "https://x.example.com" },
        },
        footer: { links: [{ header: "More" }] },
        banner: { dismissible: true },
        redirects: [{ source: "/old" }, { source: "../../etc", destination: "/new" }],
        seo: { indexing: "everything" },
        api: { playground: { display: "full" } },
        integrations: { ga4: "G-123" },
        navigation: { groups: [{ pages: ["x"] }, { group: "G", pages: [null] }], tabs: "Guides" },
      },
      null,
      2,
    );
    const error = failure({ "docs.json": text });
    expect(messages(error.problems)).toEqual([
      'docs.json: colors.primary: expected a hex colour such as #16A34A, got "green"',
      "docs.json: logo: expected a path, or an object with light and dark paths, got boolean true",
      'docs.json: appearance.default: expected one of "system", "light", "dark", got "dim"',
      'docs.json: appearance.strict: expected true or false, got "yes"',
      "docs.json: navbar.links[0].href: expected the link's URL or path (a string), got nothing",
      'docs.json: navbar.primary.label: expected the button\'s text (a string), required when type is "button", got nothing',
      "docs.json: footer.links[0].items: expected the column's links (an array), got nothing",
      "docs.json: banner.content: expected the banner's text (a Markdown string), got nothing",
      "docs.json: redirects[0].destination: expected the path or URL to redirect to (a string), got nothing",
      'docs.json: redirects[1].source: expected a path inside the site, such as /old-page, got "../../etc"',
      'docs.json: seo.indexing: expected one of "navigable", "all", got "everything"',
      'docs.json: icons.library: expected one of "fontawesome", "lucide", "tabler", got "material"',
      'docs.json: integrations.ga4: expected the ga4 settings (an object), got "G-123"',
      'docs.json: api.playground.display: expected one of "interactive", "simple", "none", "auth", got "full"',
      "docs.json: navigation.groups[0].group: expected the group's title (a string), got nothing",
      "docs.json: navigation.groups[1].pages[0]: expected a page path (string) or a group object, got null",
      'docs.json: navigation.tabs: expected an array of tab objects, got "Guides"',
    ]);
    expect(error.message).toBe("docs.json has 17 errors");
    const lines = text.split("\n");
    for (const problem of error.problems) expect(problem.line, problem.message).toBeGreaterThan(1);
    const lineOf = (fragment: string): string => {
      const problem = error.problems.find((candidate) => candidate.message.includes(fragment));
      return lines[(problem?.line ?? 0) - 1]?.slice((problem?.column ?? 1) - 1) ?? "";
    };
    expect(lineOf("colors.primary")).toBe('"green"');
    expect(lineOf("appearance.strict")).toBe('"yes"');
    expect(lineOf("navigation.groups[1].pages[0]")).toBe("null");
    // A missing key points at the object that lacks it.
    expect(lineOf("banner.content")).toBe("{");
  });

  it("requires name, colors.primary and navigation in docs.json", () => {
    const error = failure({ "docs.json": JSON.stringify({ theme: "mint" }) });
    expect(messages(error.problems)).toEqual([
      "docs.json: name: expected the site's name (a string), got nothing",
      "docs.json: colors.primary: expected a hex colour such as #16A34A, got nothing",
      "docs.json: navigation: expected the site's navigation (an object with pages, groups, tabs…), got nothing",
    ]);
  });

  it("names a division or group that lacks its own name", () => {
    const error = failure(
      docs({
        tabs: [{ pages: ["a"] }],
        anchors: [{ anchor: { text: "x" }, href: "https://x" }],
        languages: [{ pages: ["b"] }],
      }),
    );
    expect(messages(error.problems)).toEqual([
      "docs.json: navigation.tabs[0].tab: expected the tab's name (a string), got nothing",
      "docs.json: navigation.anchors[0].anchor: expected the anchor's name (a string), got an object",
      'docs.json: navigation.languages[0].language: expected a language code such as "en" (a string), got nothing',
    ]);
  });

  it("refuses page paths that leave the repository or are links", () => {
    const error = failure(docs({ pages: ["../secret", "https://example.com/page"] }));
    expect(messages(error.problems)).toEqual([
      'docs.json: navigation.pages[0]: expected a page path inside the repository, got "../secret"',
      'docs.json: navigation.pages[1]: expected a page path inside the repository (links go in an anchor, a tab or a group entry with href), got "https://example.com/page"',
    ]);
  });

  it("skips an empty page entry with a warning, and shows navbar links of type button or link as plain links, as Mintlify publishes them", () => {
    const { config, problems } = load(
      docs(
        { pages: ["index", "", " "] },
        {
          navbar: {
            links: [
              { type: "button", label: "Book a demo", href: "https://example.com/demo" },
              { type: "link", label: "Blog", href: "https://example.com/blog" },
              { type: "github", href: "https://github.com/acme/docs" },
              { type: "slack", label: "Community", href: "https://example.com/slack" },
            ],
          },
        },
      ),
    );
    expect(messages(problems)).toEqual([
      'docs.json: navbar.links[3].type: unknown link type "slack"; shown as a plain link',
      "docs.json: navigation.pages[1]: an empty page entry is skipped",
      "docs.json: navigation.pages[2]: an empty page entry is skipped",
    ]);
    expect(config.navbar.links).toEqual([
      { label: "Book a demo", href: "https://example.com/demo" },
      { label: "Blog", href: "https://example.com/blog" },
      { label: "GitHub", href: "https://github.com/acme/docs", icon: "github" },
      { label: "Community", href: "https://example.com/slack" },
    ]);
  });

  it("keeps warnings out of the error list, and returns them when there is no error", () => {
    const error = failure(docs({ gruops: [], pages: [7] }));
    expect(error.problems.map((problem) => problem.severity)).toEqual(["error"]);
    const { problems } = load(docs({ gruops: [], pages: ["index"] }));
    expect(problems.map((problem) => problem.severity)).toEqual(["warning"]);
  });
});

describe("problems in files included with $ref", () => {
  it("name the included file, the key path inside it and where it is included", () => {
    const error = failure({
      ...docs({ languages: [{ language: "en", pages: ["en/index"] }, { $ref: "./fr.json" }] }),
      "fr.json": JSON.stringify(
        { language: "fr", tabs: [{ tab: "Guides", pages: ["fr/index", false] }] },
        null,
        2,
      ),
    });
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]).toMatchObject({ file: "fr.json", line: 8, column: 9 });
    expect(error.problems[0]?.message).toBe(
      "fr.json: tabs[0].pages[1]: expected a page path (string) or a group object, got boolean false (included by docs.json at navigation.languages[1])",
    );
  });

  it("refuse a reference that leaves the repository or loops, naming the $ref", () => {
    const error = failure({
      ...docs({ $ref: "a.json" }),
      "a.json": JSON.stringify({
        groups: [{ $ref: "a.json" }],
        pages: [{ $ref: "../../../etc/passwd" }],
      }),
    });
    expect(messages(error.problems)).toEqual([
      'a.json: groups[0].$ref: "a.json" refers back to itself',
      'a.json: pages[0].$ref: "../../../etc/passwd" leaves the repository',
    ]);
  });

  it("let keys beside the $ref win over the included file's", () => {
    const { config } = load({
      ...docs(
        { pages: ["index"] },
        {
          navbar: {
            $ref: "navbar.json",
            primary: { type: "github", href: "https://github.com/o/r" },
          },
        },
      ),
      "navbar.json": JSON.stringify({
        links: [{ label: "A", href: "https://a" }],
        primary: { type: "button", label: "Old", href: "https://old" },
      }),
    });
    expect(config.navbar).toEqual({
      links: [{ label: "A", href: "https://a" }],
      primary: { type: "github", label: "GitHub", href: "https://github.com/o/r" },
    });
  });
});
