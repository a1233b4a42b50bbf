import { describe, expect, it } from "vitest";
import { ExportFailedError } from "../../../src/exporter/problems.ts";
import { loadSiteConfig } from "../../../src/exporter/site/load-config.ts";
import { RepoFiles } from "../../../src/exporter/site/repo-files.ts";
import type { NavNode } from "../../../src/exporter/site/types.ts";
import { makeRepo } from "../../helpers/temp-repo.ts";

function load(files: Record<string, string>) {
  return loadSiteConfig(new RepoFiles(makeRepo(files)));
}

function failure(files: Record<string, string>): ExportFailedError {
  try {
    load(files);
  } catch (error) {
    if (error instanceof ExportFailedError) return error;
    throw error;
  }
  throw new Error("expected the configuration to be refused");
}

/** A compact picture of a navigation tree, to compare whole shapes at once. */
function outline(nodes: NavNode[]): unknown[] {
  return nodes.map((node) => {
    if (node.type === "page") return node.path;
    if (node.type === "link") return `link:${node.label}`;
    if (node.type === "endpoint") return `endpoint:${node.reference}`;
    if (node.type === "group")
      return {
        group: node.title,
        ...(node.root ? { root: node.root } : {}),
        pages: outline(node.children),
      };
    return {
      [node.kind]: node.label,
      ...(node.href ? { href: node.href } : {}),
      children: outline(node.children),
    };
  });
}

const docs = (navigation: unknown, extra: Record<string, unknown> = {}) => ({
  "docs.json": JSON.stringify({
    name: "Site",
    colors: { primary: "#123456" },
    navigation,
    ...extra,
  }),
});

describe("docs.json", () => {
  it("reads pages and groups nested to any depth with icon, tag, root and expanded", () => {
    const { config } = load(
      docs({
        groups: [
          {
            group: "A",
            icon: "rocket",
            pages: [
              "/index",
              "a.mdx",
              {
                group: "B",
                tag: "NEW",
                root: "b/index",
                expanded: true,
                pages: ["b/one", { group: "C", pages: ["c/deep"] }],
              },
            ],
          },
        ],
      }),
    );
    expect(outline(config.navigation.root)).toEqual([
      {
        group: "A",
        pages: [
          "index",
          "a",
          { group: "B", root: "b/index", pages: ["b/one", { group: "C", pages: ["c/deep"] }] },
        ],
      },
    ]);
    const group = config.navigation.root[0];
    expect(group?.type === "group" && group.icon).toBe("rocket");
  });

  it("reads tabs, menus, anchors, dropdowns and global anchors in any nesting order", () => {
    const { config } = load(
      docs({
        global: {
          anchors: [{ anchor: "Blog", href: "https://blog.example.com", icon: "newspaper" }],
        },
        tabs: [
          {
            tab: "Guides",
            anchors: [
              { anchor: "Start", pages: ["index"] },
              { anchor: "Status", href: "https://status.example.com" },
            ],
          },
          {
            tab: "API",
            menu: [{ item: "REST", groups: [{ group: "Jobs", pages: ["api/jobs"] }] }],
          },
          {
            tab: "SDKs",
            dropdowns: [{ dropdown: "Python", description: "pip", pages: ["sdk/python"] }],
          },
          { tab: "Blog", href: "https://blog.example.com" },
        ],
      }),
    );
    expect(outline(config.navigation.root)).toEqual([
      {
        tab: "Guides",
        children: [
          { anchor: "Start", children: ["index"] },
          { anchor: "Status", href: "https://status.example.com", children: [] },
        ],
      },
      {
        tab: "API",
        children: [{ menu: "REST", children: [{ group: "Jobs", pages: ["api/jobs"] }] }],
      },
      { tab: "SDKs", children: [{ dropdown: "Python", children: ["sdk/python"] }] },
      { tab: "Blog", href: "https://blog.example.com", children: [] },
    ]);
    expect(config.navigation.global.anchors).toEqual([
      { type: "link", label: "Blog", href: "https://blog.example.com", icon: "newspaper" },
    ]);
  });

  it("gives each language and version its own tree", () => {
    const { config } = load(
      docs({
        languages: [
          {
            language: "en",
            default: true,
            versions: [
              { version: "v2", tabs: [{ tab: "Docs", pages: ["index"] }] },
              { version: "v1", pages: ["v1/index"] },
            ],
          },
          { language: "fr", pages: ["fr/index"] },
        ],
      }),
    );
    expect(outline(config.navigation.root)).toEqual([
      {
        language: "English",
        children: [
          { version: "v2", children: [{ tab: "Docs", children: ["index"] }] },
          { version: "v1", children: ["v1/index"] },
        ],
      },
      { language: "Français", children: ["fr/index"] },
    ]);
  });

  it("reads navigation split into other files with $ref, and refuses one leaving the repository", () => {
    const { config } = load({
      ...docs({ $ref: "./nav/main.json" }),
      "nav/main.json": JSON.stringify({ groups: [{ $ref: "group.json" }] }),
      "nav/group.json": JSON.stringify({ group: "G", pages: ["x"] }),
    });
    expect(outline(config.navigation.root)).toEqual([{ group: "G", pages: ["x"] }]);
    const error = failure(docs({ $ref: "../../etc/passwd" }));
    expect(error.problems[0]?.message).toContain("leaves the repository");
  });

  it("applies defaults: colours from primary, system appearance, Font Awesome icons", () => {
    const { config } = load(docs({ pages: ["index"] }));
    expect(config.colors).toEqual({ primary: "#123456", light: "#123456", dark: "#123456" });
    expect(config.appearance).toEqual({ default: "system", strict: false });
    expect(config.icons.library).toBe("fontawesome");
  });

  it("reads navbar, footer, banner, redirects, SEO and integrations", () => {
    const { config, problems } = load(
      docs(
        { pages: ["index"] },
        {
          navbar: {
            links: [{ label: "Blog", href: "https://b.example.com" }],
            primary: { type: "github", href: "https://github.com/x" },
          },
          footer: {
            socials: { x: "https://x.com/a" },
            links: [
              { header: "More", items: [{ label: "Status", href: "https://s.example.com" }] },
            ],
          },
          banner: { content: "Hi", dismissible: true },
          redirects: [
            { source: "/old/", destination: "/new" },
            { source: "/blog/:slug*", destination: "/news" },
          ],
          seo: { metatags: { "og:site_name": "S" }, indexing: "all" },
          integrations: { ga4: { measurementId: "G-ABC123" } },
        },
      ),
    );
    expect(config.navbar.primary).toEqual({
      type: "github",
      label: "GitHub",
      href: "https://github.com/x",
    });
    expect(config.footer.links[0]?.items).toEqual([
      { label: "Status", href: "https://s.example.com" },
    ]);
    expect(config.banner).toEqual({ content: "Hi", dismissible: true });
    expect(config.redirects.map(({ at, ...redirect }) => redirect)).toEqual([
      { source: "old", destination: "new", permanent: true },
      { source: "blog/:slug*", destination: "news", permanent: true },
    ]);
    expect(problems).toEqual([]);
    expect(config.seo).toEqual({ metatags: { "og:site_name": "S" }, indexing: "all" });
    expect(config.integrations.analytics).toEqual({ ga4: { measurementId: "G-ABC123" } });
  });
});

describe("invalid configuration", () => {
  it("names the file, line and column of a JSON syntax error", () => {
    const error = failure({ "docs.json": '{\n  "name": "x",\n  "navigation": [,]\n}' });
    expect(error.problems).toEqual([
      expect.objectContaining({
        file: "docs.json",
        line: 3,
        message: expect.stringContaining("docs.json is not valid JSON"),
      }),
    ]);
  });

  it("lists every wrong value with its key path and what was expected", () => {
    const error = failure(
      docs(
        {
          tabs: [
            { tab: "A", groups: [{ group: "G", pages: ["ok", 42] }] },
            { tab: 7, pages: [] },
          ],
        },
        { colors: { primary: "green" }, appearance: { default: "dim" } },
      ),
    );
    expect(error.problems.map((problem) => problem.message)).toEqual(
      expect.arrayContaining([
        'docs.json: colors.primary: expected a hex colour such as #16A34A, got "green"',
        'docs.json: appearance.default: expected one of "system", "light", "dark", got "dim"',
        "docs.json: navigation.tabs[0].groups[0].pages[1]: expected a page path (string) or a group object, got number 42",
      ]),
    );
    expect(error.problems.length).toBeGreaterThanOrEqual(3);
  });

  it("says so when neither docs.json nor mint.json exists", () => {
    expect(failure({ "index.mdx": "x" }).message).toBe(
      "no docs.json or mint.json in the documentation folder",
    );
  });
});

describe("legacy mint.json", () => {
  it("converts tabs by URL, external anchors, string versions, top bar and footer socials", () => {
    const { config } = load({
      "mint.json": JSON.stringify({
        name: "Old",
        colors: { primary: "#0EA5E9" },
        modeToggle: { default: "dark", isHidden: true },
        topbarLinks: [{ name: "Support", url: "mailto:a@b.c" }],
        topbarCtaButton: { type: "github", url: "https://github.com/x" },
        footerSocials: [{ type: "github", url: "https://github.com/x" }],
        versions: ["v2", "v1"],
        tabs: [{ name: "API", url: "api" }],
        anchors: [{ name: "Blog", url: "https://blog.example.com", icon: "newspaper" }],
        navigation: [
          { group: "Start", pages: ["intro"] },
          { group: "Old", version: "v1", pages: ["v1/setup"] },
          { group: "Endpoints", pages: ["api/users"] },
        ],
      }),
    });
    expect(outline(config.navigation.root)).toEqual([
      {
        version: "v2",
        children: [
          { tab: "Documentation", children: [{ group: "Start", pages: ["intro"] }] },
          { tab: "API", children: [{ group: "Endpoints", pages: ["api/users"] }] },
        ],
      },
      {
        version: "v1",
        children: [
          {
            tab: "Documentation",
            children: [
              { group: "Start", pages: ["intro"] },
              { group: "Old", pages: ["v1/setup"] },
            ],
          },
          { tab: "API", children: [{ group: "Endpoints", pages: ["api/users"] }] },
        ],
      },
    ]);
    expect(config.navigation.global.anchors.map((anchor) => anchor.label)).toEqual(["Blog"]);
    expect(config.appearance).toEqual({ default: "dark", strict: true });
    expect(config.navbar).toEqual({
      links: [{ label: "Support", href: "mailto:a@b.c" }],
      primary: { type: "github", label: "GitHub", href: "https://github.com/x" },
    });
    expect(config.footer.socials).toEqual({ github: "https://github.com/x" });
    expect(config.sourceFile).toBe("mint.json");
  });
});
