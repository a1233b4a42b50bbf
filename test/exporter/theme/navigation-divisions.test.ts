import { describe, expect, it } from "vitest";
import type { PageMeta } from "../../../src/exporter/site/page-index.ts";
import type { Navigation, NavNode } from "../../../src/exporter/site/types.ts";
import {
  linkTarget,
  NavigationModel,
  type SidebarItem,
} from "../../../src/exporter/theme/navigation-view.ts";

const meta = (path: string, extra: Partial<PageMeta> = {}): PageMeta => ({
  path,
  file: `${path}.mdx`,
  title: path.split("/").pop() as string,
  hidden: false,
  noindex: false,
  keywords: [],
  ...extra,
});

function pagesOf(...entries: (string | PageMeta)[]): Record<string, PageMeta> {
  return Object.fromEntries(
    entries
      .map((entry) => (typeof entry === "string" ? meta(entry) : entry))
      .map((page) => [page.path, page]),
  );
}

const page = (path: string): NavNode => ({ type: "page", path });

function outline(items: SidebarItem[]): unknown[] {
  return items.map((item) =>
    item.type === "page"
      ? `${item.title}${item.current ? " (current)" : ""}${item.external ? ` → ${item.target}` : ""}`
      : {
          [`${item.title}${item.open ? " open" : ""}${item.current ? " (current)" : ""}`]: outline(
            item.items,
          ),
        },
  );
}

describe("anchors, dropdowns and menus", () => {
  const pages = pagesOf("docs/a", "docs/b", "sdk/a", "sdk/b", "cloud/a", "cloud/b");
  const navigation: Navigation = {
    global: { anchors: [], tabs: [] },
    root: [
      {
        type: "division",
        kind: "anchor",
        label: "Docs",
        icon: "book",
        children: [{ type: "group", title: "Docs", children: [page("docs/a"), page("docs/b")] }],
      },
      {
        type: "division",
        kind: "anchor",
        label: "SDK",
        children: [
          {
            type: "division",
            kind: "dropdown",
            label: "Self-hosted",
            description: "Run it yourself",
            children: [{ type: "group", title: "SDK", children: [page("sdk/a"), page("sdk/b")] }],
          },
          {
            type: "division",
            kind: "dropdown",
            label: "Cloud",
            children: [
              { type: "group", title: "Cloud", children: [page("cloud/a"), page("cloud/b")] },
            ],
          },
        ],
      },
      {
        type: "division",
        kind: "anchor",
        label: "Status",
        href: "https://status.example.com",
        children: [],
      },
      {
        type: "division",
        kind: "anchor",
        label: "Internal",
        hidden: true,
        children: [page("docs/b")],
      },
    ],
  };
  const model = new NavigationModel(navigation, pages);

  it("lists anchors at the top of the sidebar, the current one marked, hidden ones left out", () => {
    expect(
      model.view("docs/b").anchors.map((anchor) => [anchor.title, anchor.target, anchor.current]),
    ).toEqual([
      ["Docs", "docs/a", true],
      ["SDK", "sdk/a", false],
      ["Status", "https://status.example.com", false],
    ]);
  });

  it("offers the dropdowns inside an anchor as a switcher with their descriptions, each leading to its first page", () => {
    const view = model.view("cloud/b");
    expect(view.switchers).toEqual([
      {
        kind: "dropdown",
        options: [
          expect.objectContaining({
            title: "Self-hosted",
            target: "sdk/a",
            current: false,
            description: "Run it yourself",
          }),
          expect.objectContaining({ title: "Cloud", target: "cloud/a", current: true }),
        ],
      },
    ]);
    expect(outline(view.sidebar)).toEqual([{ "Cloud open": ["a", "b (current)"] }]);
  });

  it("keeps previous and next across anchors, in navigation order", () => {
    expect(model.view("docs/b").next?.target).toBe("sdk/a");
    expect(model.view("sdk/b").next?.target).toBe("cloud/a");
    expect(model.view("cloud/a").previous?.target).toBe("sdk/b");
  });
});

describe("the sidebar tree", () => {
  const pages = pagesOf(
    "index",
    meta("guides/index", { title: "Guides overview", icon: "book" }),
    meta("guides/one", { title: "One", tag: "BETA" }),
    meta("guides/draft", { title: "Draft", hidden: true }),
    meta("guides/status", { title: "Status page", url: "https://status.example.com" }),
    "guides/deep/two",
    "reference/x",
  );
  const navigation: Navigation = {
    global: { anchors: [], tabs: [] },
    root: [
      { type: "group", title: "Start", children: [page("index")] },
      {
        type: "group",
        title: "Guides",
        root: "guides/index",
        icon: "book",
        children: [
          page("guides/one"),
          page("guides/draft"),
          page("guides/status"),
          {
            type: "group",
            title: "Deeper",
            tag: "NEW",
            children: [page("guides/deep/two"), page("guides/one")],
          },
        ],
      },
      {
        type: "group",
        title: "Reference",
        expanded: true,
        children: [
          page("reference/x"),
          { type: "link", label: "Changelog", href: "/guides/one#latest" },
        ],
      },
      { type: "group", title: "Secret", hidden: true, children: [page("reference/x")] },
    ],
  };
  const model = new NavigationModel(navigation, pages);

  it("nests groups, hides hidden pages and groups, and shows external pages as links", () => {
    expect(outline(model.view("index").sidebar)).toEqual([
      { "Start open": ["index (current)"] },
      { Guides: ["One", "Status page → https://status.example.com", { Deeper: ["two", "One"] }] },
      { "Reference open": ["x", "Changelog"] },
    ]);
  });

  it("carries the page's icon and tag, and the group's icon, tag and root page", () => {
    const [, guides] = model.view("index").sidebar;
    expect(guides).toMatchObject({ type: "group", icon: "book", root: "guides/index" });
    const items = guides?.type === "group" ? guides.items : [];
    expect(items[0]).toMatchObject({ title: "One", tag: "BETA" });
    expect(items[2]).toMatchObject({ type: "group", title: "Deeper", tag: "NEW" });
  });

  it("marks a group whose root page is open, and gives the group's title as breadcrumb", () => {
    const view = model.view("guides/index");
    expect(outline(view.sidebar)[1]).toEqual({
      "Guides open (current)": [
        "One",
        "Status page → https://status.example.com",
        { Deeper: ["two", "One"] },
      ],
    });
    expect(view.breadcrumb).toEqual(["Guides"]);
  });

  it("takes the breadcrumb from the first place of a page listed twice", () => {
    expect(model.view("guides/one").breadcrumb).toEqual(["Guides"]);
    expect(model.view("guides/deep/two").breadcrumb).toEqual(["Guides", "Deeper"]);
  });

  it("still shows a hidden page in the sidebar while the reader is on it", () => {
    const guides = model.view("guides/draft").sidebar[1];
    expect(guides?.type === "group" && outline(guides.items)).toContain("Draft (current)");
  });

  it("skips hidden pages and external links in previous and next, and visits each page once", () => {
    expect(model.view("guides/one").next?.target).toBe("guides/deep/two");
    expect(model.view("guides/deep/two").next?.target).toBe("reference/x");
    expect(model.view("guides/index").previous?.target).toBe("index");
    expect(model.view("guides/draft").next).toBeUndefined();
  });

  it("leads a sidebar link naming a page of the site to that page and its section", () => {
    const reference = model.view("index").sidebar[2];
    const changelog = reference?.type === "group" ? reference.items[1] : undefined;
    expect(changelog).toMatchObject({
      title: "Changelog",
      target: "guides/one#latest",
      external: false,
    });
  });
});

describe("links written in the configuration", () => {
  const pages = pagesOf("index", "guides/index", "guides/setup");

  it("become page paths, a folder naming its index page, with the fragment kept", () => {
    expect(linkTarget("/guides/setup", pages)).toEqual({ target: "guides/setup", external: false });
    expect(linkTarget("/guides/setup.mdx#install", pages)).toEqual({
      target: "guides/setup#install",
      external: false,
    });
    expect(linkTarget("/guides/", pages)).toEqual({ target: "guides/index", external: false });
    expect(linkTarget("/", pages)).toEqual({ target: "index", external: false });
  });

  it("stay as they are when they lead to another site", () => {
    expect(linkTarget("https://example.com/a", pages)).toEqual({
      target: "https://example.com/a",
      external: true,
    });
    expect(linkTarget("mailto:team@example.com", pages)).toEqual({
      target: "mailto:team@example.com",
      external: true,
    });
    expect(linkTarget("//cdn.example.com/x", pages)).toEqual({
      target: "//cdn.example.com/x",
      external: true,
    });
  });
});

describe("a site without divisions", () => {
  it("shows no tabs, anchors or switchers, and the whole tree to a page outside the navigation", () => {
    const pages = pagesOf("index", "a", meta("orphan", { hidden: true }));
    const model = new NavigationModel(
      {
        global: { anchors: [], tabs: [] },
        root: [{ type: "group", title: "All", children: [page("index"), page("a")] }],
      },
      pages,
    );
    const view = model.view("orphan");
    expect([view.tabs, view.anchors, view.switchers, view.breadcrumb]).toEqual([[], [], [], []]);
    expect(outline(view.sidebar)).toEqual([{ All: ["index", "a"] }]);
    expect(view.previous).toBeUndefined();
    expect(view.next).toBeUndefined();
    expect(view.language).toBeUndefined();
  });
});
