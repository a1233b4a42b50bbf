import { describe, expect, it } from "vitest";
import { docs, failure, load, messages } from "./load-helpers.ts";

const NAVIGATION = { pages: ["index"] };

describe("defaults", () => {
  it("fills in everything a minimal docs.json leaves out", () => {
    const { config, problems } = load({
      "docs.json": JSON.stringify({
        name: "Minimal",
        colors: { primary: "#0EA5E9" },
        navigation: NAVIGATION,
      }),
    });
    expect(problems).toEqual([]);
    expect(config).toEqual({
      name: "Minimal",
      description: undefined,
      theme: "mint",
      thumbnails: {},
      fonts: {},
      background: {},
      styling: { eyebrows: "section", codeblocks: "system" },
      search: {},
      interaction: {},
      errors: { notFound: { redirect: false } },
      colors: { primary: "#0EA5E9", light: "#0EA5E9", dark: "#0EA5E9" },
      logo: undefined,
      favicon: undefined,
      appearance: { default: "system", strict: false },
      navbar: { links: [], primary: undefined },
      footer: { socials: {}, links: [] },
      banner: undefined,
      redirects: [],
      seo: { metatags: {}, indexing: "navigable" },
      icons: { library: "fontawesome" },
      integrations: { analytics: {} },
      metadata: { timestamp: false },
      feedback: { thumbs: true, edits: true, issues: true },
      playground: "interactive",
      api: {
        playground: "interactive",
        playgroundSetExplicitly: false,
        examples: { defaults: "all", autogenerate: true, prefill: false },
        servers: [],
        paramsExpanded: false,
        paramsPost: [],
        playgroundProxy: true,
        playgroundCredentials: false,
        fullUrl: false,
      },
      navigation: { root: [{ type: "page", path: "index" }], global: { anchors: [], tabs: [] } },
      sourceFile: "docs.json",
    });
  });

  it("gives light and dark their own colour when set", () => {
    const { config } = load(
      docs(NAVIGATION, { colors: { primary: "#16A34A", light: "#4ADE80", dark: "#166534" } }),
    );
    expect(config.colors).toEqual({ primary: "#16A34A", light: "#4ADE80", dark: "#166534" });
  });
});

describe("branding", () => {
  it("reads a logo and favicon given as one path or as light and dark paths", () => {
    const one = load(docs(NAVIGATION, { logo: "/logo.svg", favicon: "/favicon.svg" })).config;
    expect(one.logo).toEqual({ light: "/logo.svg", dark: "/logo.svg" });
    expect(one.favicon).toEqual({ light: "/favicon.svg", dark: "/favicon.svg" });
    const both = load(
      docs(NAVIGATION, {
        logo: { light: "/l.svg", dark: "/d.svg", href: "https://example.com" },
        favicon: { light: "/fl.png", dark: "/fd.png" },
      }),
    ).config;
    expect(both.logo).toEqual({ light: "/l.svg", dark: "/d.svg", href: "https://example.com" });
    expect(both.favicon).toEqual({ light: "/fl.png", dark: "/fd.png" });
  });

  it("reads the appearance and the icon library, drawing Tabler names from Lucide with a warning", () => {
    const { config, problems } = load(
      docs(NAVIGATION, {
        appearance: { default: "dark", strict: true },
        icons: { library: "tabler" },
      }),
    );
    expect(config.appearance).toEqual({ default: "dark", strict: true });
    expect(config.icons.library).toBe("lucide");
    expect(messages(problems)).toEqual([
      expect.stringContaining("docs.json: icons.library: the Tabler icon set is not bundled"),
    ]);
  });
});

describe("top bar, footer and banner", () => {
  it("reads navbar links (GitHub and Discord links named for their type) and the primary button", () => {
    const { config } = load(
      docs(NAVIGATION, {
        navbar: {
          links: [
            { label: "Support", href: "mailto:help@example.com", icon: "life-ring" },
            { type: "github", href: "https://github.com/o/r" },
            { type: "discord", href: "https://discord.gg/x" },
          ],
          primary: { type: "button", label: "Sign up", href: "https://app.example.com" },
        },
      }),
    );
    expect(config.navbar).toEqual({
      links: [
        { label: "Support", href: "mailto:help@example.com", icon: "life-ring" },
        { label: "GitHub", href: "https://github.com/o/r", icon: "github" },
        { label: "Discord", href: "https://discord.gg/x", icon: "discord" },
      ],
      primary: { type: "button", label: "Sign up", href: "https://app.example.com" },
    });
  });

  it("reads footer socials and link columns, and a dismissible banner", () => {
    const { config } = load(
      docs(NAVIGATION, {
        footer: {
          socials: { x: "https://x.com/a", "hacker-news": "https://news.ycombinator.com" },
          links: [
            { header: "Company", items: [{ label: "About", href: "/about" }] },
            { items: [] },
          ],
        },
        banner: {
          content: "**New:** v2 is out. [Read more](/changelog)",
          dismissible: true,
          type: "info",
        },
      }),
    );
    expect(config.footer).toEqual({
      socials: { x: "https://x.com/a", "hacker-news": "https://news.ycombinator.com" },
      links: [{ header: "Company", items: [{ label: "About", href: "/about" }] }, { items: [] }],
    });
    expect(config.banner).toEqual({
      content: "**New:** v2 is out. [Read more](/changelog)",
      dismissible: true,
      type: "info",
    });
  });
});

describe("redirects", () => {
  /** The redirects as read, without the place each was written at. */
  const read = (config: { redirects: { at?: unknown }[] }) =>
    config.redirects.map(({ at, ...redirect }) => redirect);

  it("normalizes paths, keeps external destinations and fragments, and defaults to permanent", () => {
    const { config, problems } = load(
      docs(NAVIGATION, {
        redirects: [
          { source: "/old/page/", destination: "/new/page.mdx" },
          { source: "/gone", destination: "https://example.com/elsewhere", permanent: false },
          { source: "/moved", destination: "/guide#install" },
        ],
      }),
    );
    expect(read(config)).toEqual([
      { source: "old/page", destination: "new/page", permanent: true },
      { source: "gone", destination: "https://example.com/elsewhere", permanent: false },
      { source: "moved", destination: "guide", fragment: "install", permanent: true },
    ]);
    expect(problems).toEqual([]);
  });

  it("keeps wildcard and parameter redirects as written, for every output to follow", () => {
    const { config, problems } = load(
      docs(NAVIGATION, {
        redirects: [
          { source: "/old/:slug*", destination: "/new/:slug*" },
          { source: "/api/*", destination: "/reference#top" },
          { source: "/ext/:page", destination: "https://example.com/:page" },
        ],
      }),
    );
    expect(read(config)).toEqual([
      { source: "old/:slug*", destination: "new/:slug*", permanent: true },
      { source: "api/*", destination: "reference", fragment: "top", permanent: true },
      { source: "ext/:page", destination: "https://example.com/:page", permanent: true },
    ]);
    expect(problems).toEqual([]);
  });

  it("refuses a pattern or destination no output could follow, as an error at its position", () => {
    const error = failure(
      docs(NAVIGATION, {
        redirects: [
          { source: "/a/*/b/*", destination: "/c" },
          { source: "/beta/:slug*", destination: "/v2/:page" },
          { source: "/old", destination: "/new/:slug" },
        ],
      }),
    );
    expect(messages(error.problems)).toEqual([
      'docs.json: redirects[0].source: expected a path pattern such as /blog/:slug* (a source may hold only one part that spans segments (*, :name* or :name+)), got "/a/*/b/*"',
      'docs.json: redirects[1].destination: expected a path or URL for this source (:page names no parameter of the source), got "/v2/:page"',
      'docs.json: redirects[2].destination: expected a path or URL for this source (:slug names no parameter of the source), got "/new/:slug"',
    ]);
    expect(error.problems.map((problem) => problem.line)).toEqual([
      expect.any(Number),
      expect.any(Number),
      expect.any(Number),
    ]);
  });

  it("ignores a second redirect of the same path, with a warning", () => {
    const { config, problems } = load(
      docs(NAVIGATION, {
        redirects: [
          { source: "/a", destination: "/b" },
          { source: "/a/", destination: "/c" },
          { source: "/x/*", destination: "/y/*" },
          { source: "x/*/", destination: "/z" },
        ],
      }),
    );
    expect(read(config)).toEqual([
      { source: "a", destination: "b", permanent: true },
      { source: "x/*", destination: "y/*", permanent: true },
    ]);
    expect(messages(problems)).toEqual([
      'docs.json: redirects[1].source: "/a/" is already redirected by redirects[0]; this one is ignored',
      'docs.json: redirects[3].source: "x/*/" is already redirected by redirects[2]; this one is ignored',
    ]);
  });

  it("remembers where each redirect is written, in the file that holds it", () => {
    const { config } = load({
      ...docs(NAVIGATION, { redirects: { $ref: "./redirects.json" } }),
      "redirects.json": JSON.stringify(
        [
          { source: "/a", destination: "/b" },
          { source: "/c", destination: "/d" },
        ],
        null,
        2,
      ),
    });
    expect(config.redirects.map((redirect) => redirect.at)).toEqual([
      {
        file: "redirects.json",
        line: 2,
        column: 3,
        path: "[0]",
        includedBy: "docs.json at redirects",
      },
      {
        file: "redirects.json",
        line: 6,
        column: 3,
        path: "[1]",
        includedBy: "docs.json at redirects",
      },
    ]);
  });

  it("refuses more redirects with patterns than a server should try on every missing path", () => {
    const error = failure(
      docs(NAVIGATION, {
        redirects: Array.from({ length: 1001 }, (_, index) => ({
          source: `/old${index}/*`,
          destination: "/new",
        })),
      }),
    );
    expect(messages(error.problems)).toEqual([
      "docs.json: redirects[1000].source: more than 1000 redirects with parameters or wildcards: a server tries each on every missing path",
    ]);
  });
});

describe("SEO, integrations and the API playground", () => {
  it("reads meta tags and the indexing rule", () => {
    const { config } = load(
      docs(NAVIGATION, {
        seo: {
          metatags: {
            "og:image": "https://example.com/og.png",
            "twitter:card": "summary_large_image",
          },
          indexing: "all",
        },
      }),
    );
    expect(config.seo).toEqual({
      metatags: { "og:image": "https://example.com/og.png", "twitter:card": "summary_large_image" },
      indexing: "all",
    });
  });

  it("keeps each analytics provider's raw settings, leaving out the hosting service's own switches", () => {
    const integrations = {
      ga4: { measurementId: "G-ABC" },
      gtm: { tagId: "GTM-1" },
      plausible: { domain: "docs.example.com", server: "https://plausible.example.com" },
      segment: { key: "k" },
      telemetry: { enabled: false },
      cookies: { key: "consent", value: "yes" },
    };
    const { config, problems } = load(docs(NAVIGATION, { integrations }));
    expect(config.integrations.analytics).toEqual({
      ga4: { measurementId: "G-ABC" },
      gtm: { tagId: "GTM-1" },
      plausible: { domain: "docs.example.com", server: "https://plausible.example.com" },
      segment: { key: "k" },
    });
    expect(problems).toEqual([]);
  });

  it("reads feedback's thumbs, edits and issues, and names a mint.json spelling it does not read", () => {
    const { config, problems } = load(
      docs(NAVIGATION, { feedback: { thumbs: false, issues: false, raiseIssue: false } }),
    );
    expect(config.feedback).toEqual({ thumbs: false, edits: true, issues: false });
    expect(messages(problems)).toEqual([
      expect.stringContaining("feedback.raiseIssue: unknown key"),
    ]);
  });

  it("maps api.playground.display to the playground switch", () => {
    const display = (value: string) =>
      load(docs(NAVIGATION, { api: { playground: { display: value } } })).config.playground;
    expect([display("interactive"), display("simple"), display("none"), display("auth")]).toEqual([
      "interactive",
      "simple",
      "none",
      "interactive",
    ]);
  });

  it("reads the playground's proxy and credentials switches and the parameter pills", () => {
    const { config, problems } = load(
      docs(NAVIGATION, {
        api: {
          playground: { proxy: false, credentials: true },
          params: { post: ["x-internal", "nullable"] },
        },
      }),
    );
    expect(problems).toEqual([]);
    expect(config.api).toMatchObject({
      playgroundProxy: false,
      playgroundCredentials: true,
      paramsPost: ["x-internal", "nullable"],
    });
  });

  it("reads api.asyncapi as the documents asyncapi pages naming only a channel are looked up in", () => {
    const { config, problems } = load(docs(NAVIGATION, { api: { asyncapi: ["events.yaml"] } }));
    expect(messages(problems)).toEqual([]);
    expect(config.api.asyncapi).toEqual({ sources: ["events.yaml"] });
  });

  it("refuses an integration that is not an object of settings", () => {
    expect(
      messages(failure(docs(NAVIGATION, { integrations: { posthog: "phc_123" } })).problems),
    ).toEqual([
      'docs.json: integrations.posthog: expected the posthog settings (an object), got "phc_123"',
    ]);
  });
});
