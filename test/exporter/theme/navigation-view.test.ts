import { describe, expect, it } from "vitest";
import type { PageMeta } from "../../../src/exporter/site/page-index.ts";
import type { Navigation } from "../../../src/exporter/site/types.ts";
import { NavigationModel, type SidebarItem } from "../../../src/exporter/theme/navigation-view.ts";

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
