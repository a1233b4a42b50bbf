import { describe, expect, it } from "vitest";
import type { PageMeta } from "../../../src/exporter/site/page-index.ts";
import type { Navigation } from "../../../src/exporter/site/types.ts";
import { NavigationModel, type SidebarItem } from "../../../src/exporter/theme/navigation-view.ts";
import { siteOf } from "./layout-helpers.ts";

const meta = (path: string, extra: Partial<PageMeta> = {}): PageMeta => ({
  path,
  file: `${path}.mdx`,
  title: path.split("/").pop() as string,
  hidden: false,
  noindex: false,
  keywords: [],
  ...extra,
});
const pages = Object.fromEntries(
  [
    "index",
    "quickstart",
    "guides/a",
    "guides/deep/b",
    "api/intro",
    "api/jobs",
    "v1/index",
    "fr/index",
    "secret",
  ].map((path) => [
    path,
    meta(
      path,
      path === "secret"
        ? { hidden: true }
        : path === "quickstart"
          ? { sidebarTitle: "Quick start", tag: "NEW" }
          : {},
    ),
  ]),
);

const navigation: Navigation = {
  global: {
    anchors: [
      { type: "link", label: "Blog", href: "https://blog.example.com" },
      { type: "link", label: "Changes", href: "/api/jobs" },
    ],
    tabs: [],
  },
  root: [
    {
      type: "division",
      kind: "language",
      label: "English",
      language: "en",
      children: [
        {
          type: "division",
          kind: "version",
          label: "v2",
          isDefault: true,
          children: [
            {
              type: "division",
              kind: "tab",
              label: "Guides",
              children: [
                {
                  type: "group",
                  title: "Start",
                  children: [
                    { type: "page", path: "index" },
                    { type: "page", path: "quickstart" },
                  ],
                },
                {
                  type: "group",
                  title: "Guides",
                  children: [
                    { type: "page", path: "guides/a" },
                    {
                      type: "group",
                      title: "Deep",
                      children: [{ type: "page", path: "guides/deep/b" }],
                    },
                  ],
                },
              ],
            },
            {
              type: "division",
              kind: "tab",
              label: "API",
              children: [
                {
                  type: "group",
                  title: "API",
                  children: [
                    { type: "page", path: "api/intro" },
                    { type: "page", path: "api/jobs" },
                  ],
                },
              ],
            },
          ],
        },
        {
          type: "division",
          kind: "version",
          label: "v1",
          children: [{ type: "page", path: "v1/index" }],
        },
      ],
    },
    {
      type: "division",
      kind: "language",
      label: "Français",
      language: "fr",
      children: [{ type: "page", path: "fr/index" }],
    },
  ],
};

function titles(items: SidebarItem[]): unknown[] {
  return items.map((item) =>
    item.type === "page"
      ? `${item.title}${item.current ? " (current)" : ""}`
      : { [item.title + (item.open ? " open" : "")]: titles(item.items) },
  );
}

describe("what a page shows of the navigation", () => {
  const model = new NavigationModel(navigation, pages);

  it("marks the current tab and page, opens the group holding it, and gives the breadcrumb", () => {
    const view = model.view("guides/deep/b");
    expect(view.tabs.map((tab) => `${tab.title}${tab.current ? "*" : ""}`)).toEqual([
      "Guides*",
      "API",
    ]);
    expect(titles(view.sidebar)).toEqual([
      { Start: ["index", "Quick start"] },
      { "Guides open": ["a", { "Deep open": ["b (current)"] }] },
    ]);
    expect(view.breadcrumb).toEqual(["Guides", "Deep"]);
    expect(view.language).toBe("en");
  });

  it("offers language and version switchers; a language without the page links to its first page", () => {
    const view = model.view("quickstart");
    expect(
      view.switchers.map((switcher) => [
        switcher.kind,
        switcher.options.map(
          (option) => `${option.title}→${option.target}${option.current ? "*" : ""}`,
        ),
      ]),
    ).toEqual([
      ["language", ["English→quickstart*", "Français→fr/index"]],
      ["version", ["v2→index*", "v1→v1/index"]],
    ]);
  });

  it("links previous and next pages within the page's own version, across tabs", () => {
    expect(model.view("guides/deep/b").next?.target).toBe("api/intro");
    expect(model.view("index").previous).toBeUndefined();
    expect(model.view("api/jobs").next).toBeUndefined();
  });

  it("shows global anchors on every page", () => {
    expect(
      model
        .view("fr/index")
        .anchors.map((anchor) => [anchor.title, anchor.target, anchor.external]),
    ).toEqual([
      ["Blog", "https://blog.example.com", true],
      ["Changes", "api/jobs", false],
    ]);
  });

  it("gives a hidden page outside the navigation the default tree's sidebar", () => {
    const view = model.view("secret");
    expect(view.tabs.map((tab) => tab.title)).toEqual(["Guides", "API"]);
    expect(titles(view.sidebar)[0]).toEqual({ Start: ["index", "Quick start"] });
  });

  it("gives the pages of one group the same entries for the pages they are not on", () => {
    const start = (view: { sidebar: SidebarItem[] }) => {
      const group = view.sidebar[0];
      if (group?.type !== "group") throw new Error("no first group");
      return group.items;
    };
    const [onIndex, quickstartSeenFromIndex] = start(model.view("index"));
    const [indexSeenFromQuickstart, onQuickstart] = start(model.view("quickstart"));
    expect(onIndex).toMatchObject({ title: "index", current: true });
    expect(onQuickstart).toMatchObject({ title: "Quick start", current: true, tag: "NEW" });
    expect(quickstartSeenFromIndex).toMatchObject({ title: "Quick start", current: false });
    expect(indexSeenFromQuickstart).toMatchObject({ title: "index", current: false });
    // One object for the page not being read, whichever page of the group shows it.
    expect(start(model.view("quickstart"))[0]).toBe(indexSeenFromQuickstart);
    expect(start(model.view("secret"))[1]).toBe(quickstartSeenFromIndex);
    expect(start(model.view("index"))[1]).toBe(quickstartSeenFromIndex);
  });
});

describe("a page in a long list", () => {
  const list = Array.from({ length: 300 }, (_unused, index) => `ref/p${index}`);
  const site = siteOf(
    {
      navigation: {
        groups: [
          {
            group: "Reference",
            root: "ref/root",
            pages: [
              ...list.slice(0, 150),
              "ref/hidden",
              { group: "Inner", pages: ["ref/p5", "ref/inner"] },
              ...list.slice(150),
              "ref/p10",
            ],
          },
        ],
      },
    },
    [
      ...list.map((path) => meta(path)),
      meta("ref/hidden", { hidden: true }),
      meta("ref/inner"),
      meta("ref/root"),
    ],
  );
  const model = new NavigationModel(site.config.navigation, site.pages);
  const reference = (pagePath: string) => {
    const view = model.view(pagePath);
    const group = view.sidebar[0];
    if (group?.type !== "group") throw new Error("no group");
    return { view, group, entries: group.items };
  };
  const current = (items: SidebarItem[]) =>
    items.flatMap((item, index) => (item.current ? [index] : []));

  it("marks each of the page's entries, and shares every other with the other pages", () => {
    const { view, group, entries } = reference("ref/p10");
    expect(entries).toHaveLength(302);
    expect(current(entries)).toEqual([10, 301]);
    expect(group).toMatchObject({ open: true, holdsCurrent: true, current: false });
    expect(view.breadcrumb).toEqual(["Reference"]);
    const other = reference("ref/p20").entries;
    expect(current(other)).toEqual([20]);
    for (const index of [0, 11, 150, 300]) expect(entries[index]).toBe(other[index]);
  });

  it("opens the inner group of a page listed there too, the breadcrumb from its first place", () => {
    const { view, entries } = reference("ref/p5");
    expect(current(entries)).toEqual([5]);
    const inner = entries[150];
    expect(inner).toMatchObject({ title: "Inner", open: true, holdsCurrent: true });
    if (inner?.type !== "group") throw new Error("no inner group");
    expect(current(inner.items)).toEqual([0]);
    expect(view.breadcrumb).toEqual(["Reference"]);
    const deeper = reference("ref/inner");
    expect(deeper.view.breadcrumb).toEqual(["Reference", "Inner"]);
    expect(current(deeper.entries)).toEqual([]);
    expect(deeper.entries[150]).toMatchObject({ open: true, holdsCurrent: true });
  });

  it("lists a hidden page on its own page only, and marks the group of its root page", () => {
    const hidden = reference("ref/hidden").entries;
    expect(hidden).toHaveLength(303);
    expect(current(hidden)).toEqual([150]);
    expect(reference("ref/p0").entries.some((item) => item.title === "hidden")).toBe(false);
    const { group, entries } = reference("ref/root");
    expect(group).toMatchObject({ current: true, holdsCurrent: true, open: true });
    expect(current(entries)).toEqual([]);
  });
});
