import { describe, expect, it } from "vitest";
import type { NavDivision } from "../../../../src/exporter/site/types.ts";
import { failure, load, messages, outline } from "./load-helpers.ts";

/** A legacy mint.json as real repositories wrote them: tabs, anchors and versions by folder. */
const LEGACY = {
  $schema: "https://mintlify.com/schema.json",
  name: "Acme",
  logo: { light: "/logo/light.svg", dark: "/logo/dark.svg", href: "https://acme.example.com" },
  favicon: "/favicon.png",
  colors: {
    primary: "#9563FF",
    light: "#AE87FF",
    dark: "#0D001D",
    background: { dark: "#000000" },
    anchors: { from: "#FF7F57", to: "#9563FF" },
  },
  modeToggle: { default: "dark", isHidden: true },
  topbarLinks: [
    { name: "Blog", url: "https://acme.example.com/blog" },
    { type: "github", url: "https://github.com/acme/acme" },
  ],
  topbarCtaButton: { name: "Dashboard", url: "https://app.acme.example.com" },
  primaryTab: { name: "Guides" },
  topAnchor: { name: "Docs", icon: "book" },
  versions: ["v2", "v1"],
  tabs: [
    { name: "API Reference", url: "api-reference" },
    { name: "SDKs", url: "/sdks/", version: "v2" },
    { name: "Status", url: "https://status.acme.example.com" },
  ],
  anchors: [
    { name: "Integrations", icon: "plug", url: "integrations" },
    { name: "Community", icon: "discord", url: "https://discord.gg/acme" },
    {
      name: "Changelog",
      icon: "list",
      url: "https://acme.example.com/changelog",
      color: "#00AA55",
    },
  ],
  navigation: [
    { group: "Get Started", pages: ["introduction", "quickstart"] },
    { group: "Legacy setup", version: "v1", pages: ["v1/setup"] },
    {
      group: "Integrations",
      pages: ["integrations/slack", { group: "Chat", pages: ["integrations/chat/teams"] }],
    },
    { group: "Endpoints", pages: ["api-reference/overview", "api-reference/users"] },
    { group: "JavaScript", version: "v2", pages: ["sdks/javascript"] },
  ],
  footerSocials: { x: "https://x.com/acme", github: "https://github.com/acme" },
  metadata: { "og:site_name": "Acme", "og:image": "https://acme.example.com/og.png" },
  analytics: { ga4: { measurementId: "G-ABC123" }, posthog: { apiKey: "phc_x" } },
  api: { baseUrl: "https://api.acme.example.com", playground: { mode: "simple" } },
  redirects: [{ source: "/start", destination: "/quickstart" }],
  feedback: { thumbsRating: true },
};

function mint(overrides: Record<string, unknown> = {}): Record<string, string> {
  return { "mint.json": JSON.stringify({ ...LEGACY, ...overrides }, null, 2) };
}

describe("legacy mint.json", () => {
  it("splits every version's groups into tabs and anchors by the folder of their first page", () => {
    const { config } = load(mint());
    const versionTree = (version: string) => ({
      version,
      children: [
        {
          tab: "Guides",
          children: [
            {
              anchor: "Docs",
              children: [
                { group: "Get Started", pages: ["introduction", "quickstart"] },
                ...(version === "v1" ? [{ group: "Legacy setup", pages: ["v1/setup"] }] : []),
              ],
            },
            {
              anchor: "Integrations",
              children: [
                {
                  group: "Integrations",
                  pages: [
                    "integrations/slack",
                    { group: "Chat", pages: ["integrations/chat/teams"] },
                  ],
                },
              ],
            },
          ],
        },
        {
          tab: "API Reference",
          children: [
            { group: "Endpoints", pages: ["api-reference/overview", "api-reference/users"] },
          ],
        },
        ...(version === "v2"
          ? [{ tab: "SDKs", children: [{ group: "JavaScript", pages: ["sdks/javascript"] }] }]
          : []),
        { tab: "Status", href: "https://status.acme.example.com", children: [] },
      ],
    });
    expect(outline(config.navigation.root)).toEqual([versionTree("v2"), versionTree("v1")]);
    expect(
      config.navigation.root.map((node) => node.type === "division" && node.isDefault),
    ).toEqual([true, undefined]);
  });

  it("reads feedback's thumbsRating, suggestEdit and raiseIssue as docs.json's thumbs, edits and issues", () => {
    const { config } = load(
      mint({ feedback: { thumbsRating: true, suggestEdit: false, raiseIssue: false } }),
    );
    expect(config.feedback).toEqual({ thumbs: true, edits: false, issues: false });
  });

  it("makes external anchors global links and colours internal anchors from colors.anchors", () => {
    const { config } = load(mint());
    expect(config.navigation.global.anchors).toEqual([
      { type: "link", label: "Community", href: "https://discord.gg/acme", icon: "discord" },
      {
        type: "link",
        label: "Changelog",
        href: "https://acme.example.com/changelog",
        icon: "list",
      },
    ]);
    const guides = (config.navigation.root[0] as NavDivision).children[0] as NavDivision;
    expect(guides.children[1]).toMatchObject({
      kind: "anchor",
      label: "Integrations",
      icon: "plug",
      color: { light: "#FF7F57", dark: "#FF7F57" },
    });
    expect(guides.children[0]).toMatchObject({ kind: "anchor", label: "Docs", icon: "book" });
  });

  it("converts the renamed settings to their docs.json meaning", () => {
    const { config, problems } = load(mint());
    expect(problems).toEqual([]);
    expect(config).toMatchObject({
      name: "Acme",
      sourceFile: "mint.json",
      colors: { primary: "#9563FF", light: "#AE87FF", dark: "#0D001D" },
      logo: { light: "/logo/light.svg", dark: "/logo/dark.svg", href: "https://acme.example.com" },
      favicon: { light: "/favicon.png", dark: "/favicon.png" },
      appearance: { default: "dark", strict: true },
      navbar: {
        links: [
          { label: "Blog", href: "https://acme.example.com/blog" },
          { label: "GitHub", href: "https://github.com/acme/acme", icon: "github" },
        ],
        primary: { type: "button", label: "Dashboard", href: "https://app.acme.example.com" },
      },
      footer: {
        socials: { x: "https://x.com/acme", github: "https://github.com/acme" },
        links: [],
      },
      seo: {
        metatags: { "og:site_name": "Acme", "og:image": "https://acme.example.com/og.png" },
        indexing: "navigable",
      },
      integrations: {
        analytics: { ga4: { measurementId: "G-ABC123" }, posthog: { apiKey: "phc_x" } },
      },
      playground: "simple",
      redirects: [{ source: "start", destination: "quickstart", permanent: true }],
      icons: { library: "fontawesome" },
    });
  });

  it("reads the older list form of footerSocials, a GitHub call-to-action and a hidden playground", () => {
    const { config } = load(
      mint({
        footerSocials: [{ type: "github", url: "https://github.com/acme" }],
        topbarCtaButton: { type: "github", url: "https://github.com/acme/acme" },
        api: { playground: { mode: "hide" } },
        seo: { indexHiddenPages: true },
      }),
    );
    expect(config.footer.socials).toEqual({ github: "https://github.com/acme" });
    expect(config.navbar.primary).toEqual({
      type: "github",
      label: "GitHub",
      href: "https://github.com/acme/acme",
    });
    expect(config.playground).toBe("none");
    expect(config.seo.indexing).toBe("all");
  });

  it("reads a plain mint.json without tabs, anchors or versions as a list of groups", () => {
    const { config, problems } = load({
      "mint.json": JSON.stringify({
        name: "Plain",
        colors: { primary: "#000000" },
        navigation: [{ group: "A", pages: ["a", { group: "B", pages: ["b"] }] }],
      }),
    });
    expect(outline(config.navigation.root)).toEqual([
      { group: "A", pages: ["a", { group: "B", pages: ["b"] }] },
    ]);
    expect(problems).toEqual([]);
  });

  it("warns about a tab whose folder holds no group, and a group of an unknown version", () => {
    const { config, problems } = load(
      mint({
        tabs: [{ name: "Empty", url: "nothing-here" }],
        anchors: [],
        navigation: [
          { group: "A", pages: ["a"] },
          { group: "B", version: "v9", pages: ["b"] },
        ],
      }),
    );
    expect(messages(problems)).toEqual([
      'mint.json: navigation[1].version: "v9" is not one of the versions ("v2", "v1"), so the group is left out',
      'mint.json: tabs[0]: no group\'s first page is in the "nothing-here" folder, so "Empty" has no pages and is left out',
    ]);
    expect(outline(config.navigation.root)[0]).toEqual({
      version: "v2",
      children: [{ group: "A", pages: ["a"] }],
    });
  });

  it("keeps an anchor's or tab's own openapi, with no group of its own, for pages under its folder", () => {
    const { config, problems } = load({
      "mint.json": JSON.stringify({
        name: "Api",
        colors: { primary: "#000000" },
        anchors: [
          { name: "API Reference", url: "api-reference", icon: "code", openapi: "openapi.json" },
          { name: "Guides", url: "guides" },
        ],
        tabs: [{ name: "Admin API", url: "admin", openapi: "https://api.example.com/admin.json" }],
        navigation: [
          { group: "Start", pages: ["welcome"] },
          { group: "Guides", pages: ["guides/one"] },
        ],
      }),
    });
    expect(messages(problems)).toEqual([]);
    const [primary, admin] = config.navigation.root as NavDivision[];
    // The anchor shows once, in the first tab, beside the anchors that own groups.
    expect(primary?.children.map((node) => (node as NavDivision).label)).toEqual([
      "Documentation",
      "API Reference",
      "Guides",
    ]);
    expect((primary?.children[1] as NavDivision).openapi).toEqual({
      sources: ["openapi.json"],
      directory: "api-reference",
    });
    expect(admin?.label).toBe("Admin API");
    expect(admin?.openapi).toEqual({
      sources: ["https://api.example.com/admin.json"],
      directory: "admin",
    });
  });

  it("keeps a top-level openapi file as the default specification and endpoint entries in place", () => {
    const { config, problems } = load({
      "mint.json": JSON.stringify({
        name: "Api",
        colors: { primary: "#000000" },
        openapi: "openapi.yaml",
        navigation: [{ group: "Users", pages: ["users/intro", "GET /users", "POST /users"] }],
      }),
    });
    expect(messages(problems)).toEqual([]);
    expect(config.navigation.openapi).toEqual({ sources: ["openapi.yaml"] });
    expect(outline(config.navigation.root)).toEqual([
      { group: "Users", pages: ["users/intro", "endpoint:GET /users", "endpoint:POST /users"] },
    ]);
  });

  it("names mint.json's own keys in its errors, all of them at once", () => {
    const error = failure(
      mint({
        topbarLinks: [{ name: "No link" }],
        modeToggle: { default: "dim" },
        tabs: [{ name: "API" }],
        navigation: [{ group: "A", pages: ["a", 7] }, "loose-page"],
        footerSocials: { x: false },
      }),
    );
    expect(messages(error.problems)).toEqual([
      'mint.json: modeToggle.default: expected one of "light", "dark", "system", got "dim"',
      "mint.json: topbarLinks[0].url: expected the link's URL (a string), got nothing",
      "mint.json: footerSocials.x: expected a profile URL (a string), got boolean false",
      "mint.json: navigation[0].pages[1]: expected a page path (string) or a group object, got number 7",
      'mint.json: navigation[1]: expected a group object (with "group" and "pages"), got "loose-page"',
      "mint.json: tabs[0].url: expected the tab's folder or link (a string), got nothing",
    ]);
    expect(error.message).toBe("mint.json has 6 errors");
  });

  it("carries fonts, background, code block mode and search prompt over to docs.json's settings", () => {
    const { config } = load(
      mint({
        font: {
          headings: { family: "Lora" },
          body: { family: "Brand", url: "/fonts/brand.woff2" },
        },
        background: { style: "windows" },
        backgroundImage: "/images/bg.png",
        codeBlock: { mode: "dark" },
        search: { prompt: "Find anything" },
      }),
    );
    expect(config.fonts).toEqual({
      heading: { family: "Lora" },
      body: { family: "Brand", source: "/fonts/brand.woff2", format: "woff2" },
    });
    expect(config.background).toEqual({
      decoration: "windows",
      image: { light: "/images/bg.png", dark: "/images/bg.png" },
    });
    expect(config.styling.codeblocks).toBe("dark");
    expect(config.search.prompt).toBe("Find anything");
  });

  it("prefers docs.json when a repository has both", () => {
    const { config } = load({
      ...mint(),
      "docs.json": JSON.stringify({
        name: "New",
        colors: { primary: "#111111" },
        navigation: { pages: ["index"] },
      }),
    });
    expect(config).toMatchObject({ name: "New", sourceFile: "docs.json" });
  });
});
