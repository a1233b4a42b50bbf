import { describe, expect, it } from "vitest";
import type { NavDivision, NavGroup, NavNode } from "../../../../src/exporter/site/types.ts";
import { docs, load, messages, outline } from "./load-helpers.ts";

function division(nodes: NavNode[], index = 0): NavDivision {
  const node = nodes[index];
  if (node?.type !== "division") throw new Error(`node ${index} is not a division`);
  return node;
}

function group(nodes: NavNode[], index = 0): NavGroup {
  const node = nodes[index];
  if (node?.type !== "group") throw new Error(`node ${index} is not a group`);
  return node;
}

describe("pages and groups", () => {
  it("normalizes page paths: no leading slash, no extension", () => {
    const { config, problems } = load(
      docs({ pages: ["/index", "guides/setup.mdx", "./guides/more.md", "reference/"] }),
    );
    expect(outline(config.navigation.root)).toEqual([
      "index",
      "guides/setup",
      "guides/more",
      "reference",
    ]);
    expect(problems).toEqual([]);
  });

  it("reads groups nested four deep with icon, tag, root, expanded and hidden", () => {
    const { config } = load(
      docs({
        groups: [
          {
            group: "Guides",
            icon: { name: "book", style: "duotone" },
            pages: [
              "guides/index",
              {
                group: "Deploy",
                tag: "NEW",
                root: "/guides/deploy/index.mdx",
                expanded: true,
                pages: [
                  {
                    group: "Clouds",
                    pages: [{ group: "AWS", hidden: true, pages: ["guides/deploy/aws"] }],
                  },
                ],
              },
            ],
          },
        ],
      }),
    );
    expect(outline(config.navigation.root)).toEqual([
      {
        group: "Guides",
        pages: [
          "guides/index",
          {
            group: "Deploy",
            pages: [{ group: "Clouds", pages: [{ group: "AWS", pages: ["guides/deploy/aws"] }] }],
          },
        ],
      },
    ]);
    const guides = group(config.navigation.root);
    const deploy = group(guides.children, 1);
    expect(guides.icon).toBe("book");
    expect(deploy).toMatchObject({ tag: "NEW", root: "guides/deploy/index", expanded: true });
    expect(group(group(deploy.children).children)).toMatchObject({ title: "AWS", hidden: true });
  });

  it("keeps the order in which a container's keys are written", () => {
    const { config } = load(
      docs({ pages: ["first"], groups: [{ group: "Then", pages: ["second"] }] }),
    );
    expect(outline(config.navigation.root)).toEqual([
      "first",
      { group: "Then", pages: ["second"] },
    ]);
  });
});

describe("divisions", () => {
  it("reads tabs with icons, external tabs and hidden tabs", () => {
    const { config } = load(
      docs({
        tabs: [
          { tab: "Guides", icon: "book-open", groups: [{ group: "Start", pages: ["index"] }] },
          { tab: "Internal", hidden: true, pages: ["internal/notes"] },
          { tab: "Blog", icon: "newspaper", href: "https://blog.example.com" },
        ],
      }),
    );
    expect(outline(config.navigation.root)).toEqual([
      { tab: "Guides", children: [{ group: "Start", pages: ["index"] }] },
      { tab: "Internal", children: ["internal/notes"] },
      { tab: "Blog", href: "https://blog.example.com", children: [] },
    ]);
    expect(division(config.navigation.root)).toMatchObject({ kind: "tab", icon: "book-open" });
    expect(division(config.navigation.root, 1).hidden).toBe(true);
  });

  it("reads a tab's menu, each item with its own groups, pages or link", () => {
    const { config } = load(
      docs({
        tabs: [
          {
            tab: "Developers",
            menu: [
              { item: "API", icon: "rocket", groups: [{ group: "Core", pages: ["api/get"] }] },
              { item: "SDKs", description: "Client libraries", pages: ["sdk/fetch"] },
              { item: "Status", href: "https://status.example.com" },
            ],
          },
        ],
      }),
    );
    const menu = division(config.navigation.root).children;
    expect(outline(menu)).toEqual([
      { menu: "API", children: [{ group: "Core", pages: ["api/get"] }] },
      { menu: "SDKs", children: ["sdk/fetch"] },
      { menu: "Status", href: "https://status.example.com", children: [] },
    ]);
    expect(division(menu, 1).description).toBe("Client libraries");
    expect(division(menu).icon).toBe("rocket");
  });

  it("reads anchors with colours and links, and dropdowns with descriptions", () => {
    const { config } = load(
      docs({
        anchors: [
          {
            anchor: "Docs",
            icon: "book",
            color: { light: "#112233", dark: "#445566" },
            pages: ["index"],
          },
          { anchor: "Community", color: "#abc", href: "https://forum.example.com" },
          {
            anchor: "SDKs",
            dropdowns: [
              {
                dropdown: "Python",
                description: "pip install",
                icon: "python",
                pages: ["sdk/python"],
              },
              { dropdown: "Go", href: "https://pkg.go.dev" },
            ],
          },
        ],
      }),
    );
    expect(outline(config.navigation.root)).toEqual([
      { anchor: "Docs", children: ["index"] },
      { anchor: "Community", href: "https://forum.example.com", children: [] },
      {
        anchor: "SDKs",
        children: [
          { dropdown: "Python", children: ["sdk/python"] },
          { dropdown: "Go", href: "https://pkg.go.dev", children: [] },
        ],
      },
    ]);
    expect(division(config.navigation.root).color).toEqual({ light: "#112233", dark: "#445566" });
    expect(division(config.navigation.root, 1).color).toEqual({ light: "#abc", dark: "#abc" });
    expect(division(division(config.navigation.root, 2).children).description).toBe("pip install");
  });

  it("reads products as a dropdown switcher that may hold a menu", () => {
    const { config } = load(
      docs({
        products: [
          {
            product: "Payments",
            description: "Take money",
            icon: "credit-card",
            menu: [{ item: "Guides", pages: ["payments/start"] }],
          },
          { product: "Mobile", href: "https://mobile.example.com" },
        ],
      }),
    );
    expect(outline(config.navigation.root)).toEqual([
      { dropdown: "Payments", children: [{ menu: "Guides", children: ["payments/start"] }] },
      { dropdown: "Mobile", href: "https://mobile.example.com", children: [] },
    ]);
    expect(division(config.navigation.root).description).toBe("Take money");
  });

  it("gives each version its own tree, with the default and tags kept", () => {
    const { config } = load(
      docs({
        versions: [
          { version: "v2", tag: "Latest", tabs: [{ tab: "Docs", pages: ["v2/index"] }] },
          { version: "v1", default: true, groups: [{ group: "Old", pages: ["v1/index"] }] },
        ],
      }),
    );
    expect(outline(config.navigation.root)).toEqual([
      { version: "v2", children: [{ tab: "Docs", children: ["v2/index"] }] },
      { version: "v1", children: [{ group: "Old", pages: ["v1/index"] }] },
    ]);
    expect(division(config.navigation.root)).toMatchObject({ kind: "version", tag: "Latest" });
    expect(division(config.navigation.root).isDefault).toBeUndefined();
    expect(division(config.navigation.root, 1).isDefault).toBe(true);
  });

  it("names languages in their own words and keeps each language's navbar, footer and banner", () => {
    const { config } = load(
      docs({
        languages: [
          { language: "en", default: true, pages: ["en/index"] },
          {
            language: "es",
            navbar: { links: [{ label: "Soporte", href: "https://example.com/es/soporte" }] },
            footer: { socials: { x: "https://x.com/ejemplo" } },
            banner: { content: "¡Nuevo!", dismissible: true },
            pages: ["es/index"],
          },
          { language: "xx-Custom", pages: ["xx/index"] },
        ],
      }),
    );
    expect(
      config.navigation.root.map((node) => node.type === "division" && [node.label, node.language]),
    ).toEqual([
      ["English", "en"],
      ["Español", "es"],
      ["xx-Custom", "xx-Custom"],
    ]);
    expect(division(config.navigation.root, 1).settings).toEqual({
      navbar: {
        links: [{ label: "Soporte", href: "https://example.com/es/soporte" }],
        primary: undefined,
      },
      footer: { socials: { x: "https://x.com/ejemplo" }, links: [] },
      banner: { content: "¡Nuevo!", dismissible: true },
    });
  });
});

describe("divisions nested in any order", () => {
  it("reads languages > versions > tabs > menu > groups", () => {
    const { config } = load(
      docs({
        languages: [
          {
            language: "en",
            versions: [
              {
                version: "v2",
                tabs: [
                  {
                    tab: "API",
                    menu: [{ item: "REST", groups: [{ group: "Users", pages: ["en/v2/users"] }] }],
                  },
                ],
              },
            ],
          },
        ],
      }),
    );
    expect(outline(config.navigation.root)).toEqual([
      {
        language: "English",
        children: [
          {
            version: "v2",
            children: [
              {
                tab: "API",
                children: [
                  { menu: "REST", children: [{ group: "Users", pages: ["en/v2/users"] }] },
                ],
              },
            ],
          },
        ],
      },
    ]);
  });

  it("reads the same kinds the other way round: anchors > tabs, dropdowns > versions > languages", () => {
    const { config } = load(
      docs({
        anchors: [{ anchor: "Docs", tabs: [{ tab: "Guides", pages: ["guides"] }] }],
        dropdowns: [
          {
            dropdown: "Platform",
            versions: [
              { version: "2024", languages: [{ language: "fr", pages: ["fr/platform"] }] },
            ],
          },
        ],
      }),
    );
    expect(outline(config.navigation.root)).toEqual([
      { anchor: "Docs", children: [{ tab: "Guides", children: ["guides"] }] },
      {
        dropdown: "Platform",
        children: [
          { version: "2024", children: [{ language: "Français", children: ["fr/platform"] }] },
        ],
      },
    ]);
  });

  it("lets a division hold pages and groups directly, beside nested divisions", () => {
    const { config } = load(
      docs({
        tabs: [
          {
            tab: "Mixed",
            pages: ["intro"],
            groups: [{ group: "More", pages: ["more"] }],
            anchors: [{ anchor: "Deep", pages: ["deep"] }],
          },
        ],
      }),
    );
    expect(outline(division(config.navigation.root).children)).toEqual([
      "intro",
      { group: "More", pages: ["more"] },
      { anchor: "Deep", children: ["deep"] },
    ]);
  });
});

describe("global links", () => {
  it("shows global tabs, anchors and dropdowns on every page, leaving hidden ones out", () => {
    const { config, problems } = load(
      docs({
        pages: ["index"],
        global: {
          tabs: [{ tab: "Changelog", href: "/changelog" }],
          anchors: [
            { anchor: "Blog", icon: "pencil", href: "https://blog.example.com" },
            { anchor: "Secret", href: "https://x.example.com", hidden: true },
          ],
          dropdowns: [{ dropdown: "Status", href: "https://status.example.com" }],
        },
      }),
    );
    expect(config.navigation.global.tabs).toEqual([
      { type: "link", label: "Changelog", href: "/changelog" },
    ]);
    expect(config.navigation.global.anchors).toEqual([
      { type: "link", label: "Blog", href: "https://blog.example.com", icon: "pencil" },
      { type: "link", label: "Status", href: "https://status.example.com" },
    ]);
    expect(problems).toEqual([]);
  });

  it("says that global language and version links are left out", () => {
    const { problems } = load(
      docs({
        pages: ["index"],
        global: { languages: [{ language: "de", href: "https://de.example.com" }] },
      }),
    );
    expect(messages(problems)).toEqual([
      expect.stringContaining(
        "docs.json: navigation.global.languages: global language and version links lead to other sites",
      ),
    ]);
  });
});

describe("API reference entries", () => {
  it("keeps endpoint entries in place among a group's pages, with the group's specification", () => {
    const { config, problems } = load(
      docs({
        groups: [
          {
            group: "API",
            openapi: "openapi.json",
            pages: [
              "api/overview",
              "GET /users",
              "POST /users",
              "openapi.json DELETE /users/{id}",
              "WEBHOOK /events",
            ],
          },
        ],
      }),
    );
    const api = group(config.navigation.root);
    expect(outline(api.children)).toEqual([
      "api/overview",
      "endpoint:GET /users",
      "endpoint:POST /users",
      "endpoint:openapi.json DELETE /users/{id}",
      "endpoint:WEBHOOK /events",
    ]);
    expect(api.openapi).toEqual({ sources: ["openapi.json"] });
    expect(problems).toEqual([]);
  });

  it("reads every form of openapi: a path, a list, and { source, directory }", () => {
    const { config, problems } = load(
      docs({
        tabs: [
          { tab: "API", openapi: { source: "/specs/v2.yaml", directory: "/api/" } },
          { tab: "Both", openapi: ["a.json", "https://example.com/b.yaml"] },
          {
            tab: "More",
            groups: [
              {
                group: "A",
                pages: ["GET /a", { group: "B", openapi: "b.json", pages: ["GET /b"] }],
              },
            ],
          },
        ],
      }),
    );
    expect(problems).toEqual([]);
    const [api, both, more] = config.navigation.root as NavDivision[];
    expect(api?.openapi).toEqual({ sources: ["/specs/v2.yaml"], directory: "api" });
    expect(both?.openapi).toEqual({ sources: ["a.json", "https://example.com/b.yaml"] });
    expect(outline(more?.children ?? [])).toEqual([
      { group: "A", pages: ["endpoint:GET /a", { group: "B", pages: ["endpoint:GET /b"] }] },
    ]);
  });

  it("reads a container's asyncapi documents (a path, a list, or { source, directory }), and a tab holding only them is not empty", () => {
    const { config, problems } = load(
      docs({
        tabs: [
          { tab: "Events", asyncapi: "events.yaml" },
          {
            tab: "More",
            groups: [{ group: "WS", asyncapi: { source: "/ws.json", directory: "ws" } }],
          },
          { tab: "Both", asyncapi: ["a.yaml", "https://example.com/b.yaml"] },
        ],
      }),
    );
    expect(messages(problems)).toEqual([]);
    const [events, more, both] = config.navigation.root as NavDivision[];
    expect(events?.asyncapi).toEqual({ sources: ["events.yaml"] });
    expect((more?.children[0] as NavDivision | undefined)?.asyncapi).toEqual({
      sources: ["/ws.json"],
      directory: "ws",
    });
    expect(both?.asyncapi).toEqual({ sources: ["a.yaml", "https://example.com/b.yaml"] });
  });
});

describe("warnings that do not stop the export", () => {
  it("points out a likely typo in a key, and names each setting the export cannot honour", () => {
    const { config, problems } = load(
      docs(
        { gruops: [{ group: "Lost", pages: ["lost"] }], pages: ["index"], directory: "card" },
        {
          styling: { eyebrows: "breadcrumbs" },
          contextual: { options: ["copy", "assistant"] },
          descripton: "x",
        },
      ),
    );
    expect(messages(problems)).toEqual([
      'docs.json: descripton: unknown key; did you mean "description"?',
      'docs.json: contextual.options[1]: "assistant" is not in the export: the bundle has no AI assistant',
      'docs.json: navigation.gruops: unknown key; did you mean "groups"?',
    ]);
    expect(outline(config.navigation.root)).toEqual(["index"]);
  });

  it("points out a typo inside a group or a division", () => {
    const { problems } = load(
      docs({
        tabs: [
          { tab: "A", Pages: ["a"] },
          { tab: "B", groups: [{ group: "G", pgaes: ["b"] }] },
        ],
      }),
    );
    expect(messages(problems)).toEqual(
      expect.arrayContaining([
        'docs.json: navigation.tabs[0].Pages: unknown key; did you mean "pages"?',
        'docs.json: navigation.tabs[1].groups[0].pgaes: unknown key; did you mean "pages"?',
      ]),
    );
  });

  it("warns about a division or group that leads nowhere", () => {
    const { problems } = load(
      docs({
        tabs: [
          { tab: "Empty" },
          {
            tab: "Full",
            groups: [
              { group: "Hollow", pages: [] },
              { group: "Ok", pages: ["ok"] },
            ],
          },
        ],
      }),
    );
    expect(messages(problems)).toEqual([
      'docs.json: navigation.tabs[0]: the tab "Empty" has no pages and no href',
      'docs.json: navigation.tabs[1].groups[0]: the group "Hollow" has no pages',
    ]);
  });

  it("reads a mint.json-style list of groups in a docs.json, saying what docs.json expects", () => {
    const { config, problems } = load(docs([{ group: "Start", pages: ["index"] }]));
    expect(outline(config.navigation.root)).toEqual([{ group: "Start", pages: ["index"] }]);
    expect(messages(problems)).toEqual([
      expect.stringContaining("docs.json: navigation: is a list, as in mint.json"),
    ]);
  });
});
