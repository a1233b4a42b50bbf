import { describe, expect, it } from "vitest";
import { docs, failure, load, messages } from "./load-helpers.ts";

const NAVIGATION = { pages: ["index"] };

describe("the theme", () => {
  it("takes each theme docs.json accepts, whatever its case", () => {
    for (const theme of [
      "mint",
      "maple",
      "palm",
      "willow",
      "linden",
      "almond",
      "aspen",
      "luma",
      "sequoia",
    ])
      expect(load(docs(NAVIGATION, { theme })).config.theme).toBe(theme);
    expect(load(docs(NAVIGATION, { theme: "Linden" })).config.theme).toBe("linden");
  });

  it("falls back to mint for an unknown theme, with a warning naming the key", () => {
    const { config, problems } = load(docs(NAVIGATION, { theme: "venus" }));
    expect(config.theme).toBe("mint");
    expect(messages(problems)).toEqual([
      'docs.json: theme: unknown theme "venus"; the site uses "mint" (known themes: mint, maple, palm, willow, linden, almond, aspen, luma, sequoia)',
    ]);
    expect(problems[0]?.line).toBeGreaterThan(1);
  });
});

describe("fonts", () => {
  it("gives headings and body the top-level font unless each names its own", () => {
    const { config, problems } = load(
      docs(NAVIGATION, {
        fonts: { family: "Inter", weight: 500, heading: { family: "Playfair Display" } },
      }),
    );
    expect(problems).toEqual([]);
    expect(config.fonts).toEqual({
      heading: { family: "Playfair Display" },
      body: { family: "Inter", weight: 500 },
    });
  });

  it("reads self-hosted and hosted font files with their format", () => {
    const { config } = load(
      docs(NAVIGATION, {
        fonts: {
          heading: {
            family: "Brand",
            source: "/fonts/Brand-Bold.woff2",
            format: "woff2",
            weight: 700,
          },
          body: { family: "Hubot Sans", source: "https://cdn.example.com/Hubot.woff" },
        },
      }),
    );
    expect(config.fonts).toEqual({
      heading: { family: "Brand", source: "/fonts/Brand-Bold.woff2", format: "woff2", weight: 700 },
      body: { family: "Hubot Sans", source: "https://cdn.example.com/Hubot.woff", format: "woff" },
    });
  });

  it("refuses a family name that could break out of a stylesheet, and a javascript: source", () => {
    const error = failure(
      docs(NAVIGATION, { fonts: { family: "Inter'; } body { background: url(x)" } }),
    );
    expect(messages(error.problems)).toEqual([
      `docs.json: fonts.family: expected a font family name of letters, digits and spaces, got "Inter'; } body { background: url(x)"`,
    ]);
    const { config, problems } = load(
      docs(NAVIGATION, {
        fonts: { family: "Evil", source: "javascript:alert(1)", format: "woff2" },
      }),
    );
    expect(config.fonts.body).toEqual({ family: "Evil" });
    expect(messages(problems)[0]).toMatch(
      /^docs\.json: fonts\.source: "javascript:alert\(1\)" is left out/,
    );
  });
});

describe("background and styling", () => {
  it("reads colours per mode, a decoration and an image per mode", () => {
    const { config, problems } = load(
      docs(NAVIGATION, {
        background: {
          color: { light: "#F8FAFC", dark: "#0F172A" },
          decoration: "grid",
          image: { light: "/bg/light.png", dark: "/bg/dark.png" },
        },
      }),
    );
    expect(problems).toEqual([]);
    expect(config.background).toEqual({
      color: { light: "#F8FAFC", dark: "#0F172A" },
      decoration: "grid",
      image: { light: "/bg/light.png", dark: "/bg/dark.png" },
    });
  });

  it("reads eyebrows, latex and every form of codeblocks", () => {
    const read = (codeblocks: unknown) =>
      load(docs(NAVIGATION, { styling: { codeblocks } })).config.styling.codeblocks;
    expect(read("dark")).toBe("dark");
    expect(read("system")).toBe("system");
    expect(read("dracula")).toEqual({ light: "dracula", dark: "dracula" });
    expect(read({ theme: "nord" })).toEqual({ light: "nord", dark: "nord" });
    expect(read({ theme: { light: "github-light", dark: "vitesse-dark" } })).toEqual({
      light: "github-light",
      dark: "vitesse-dark",
    });
    const { config } = load(
      docs(NAVIGATION, { styling: { eyebrows: "breadcrumbs", latex: false } }),
    );
    expect(config.styling).toEqual({ eyebrows: "breadcrumbs", latex: false, codeblocks: "system" });
  });

  it("keeps code blocks as they are for a code theme the highlighter does not ship, and says so", () => {
    const { config, problems } = load(
      docs(NAVIGATION, {
        styling: {
          codeblocks: { theme: "my-corporate-theme", languages: { custom: ["/x.json"] } },
        },
      }),
    );
    expect(config.styling.codeblocks).toBe("system");
    expect(messages(problems)).toEqual([
      "docs.json: styling.codeblocks.languages: not supported: custom TextMate grammars are not loaded; those code blocks show as plain text",
      `docs.json: styling.codeblocks.theme: "my-corporate-theme" is not a code theme the export ships; code blocks follow the page's mode`,
    ]);
  });
});

describe("banner, search, interaction and the 404 page", () => {
  it("reads the banner's type and colour, one for both modes or one per mode", () => {
    const banner = (extra: Record<string, unknown>) =>
      load(docs(NAVIGATION, { banner: { content: "Hi", ...extra } })).config.banner;
    expect(banner({ type: "critical" })).toEqual({
      content: "Hi",
      dismissible: false,
      type: "critical",
    });
    expect(banner({ color: "#B91C1C" })).toEqual({
      content: "Hi",
      dismissible: false,
      color: { light: "#B91C1C", dark: "#B91C1C" },
    });
    expect(banner({ color: { light: "#111111", dark: "#EEEEEE" } })?.color).toEqual({
      light: "#111111",
      dark: "#EEEEEE",
    });
  });

  it("reads the search prompt, drilldown and errors.404", () => {
    const { config, problems } = load(
      docs(NAVIGATION, {
        search: { prompt: "Ask the docs…" },
        interaction: { drilldown: false },
        errors: { "404": { redirect: true, title: "Lost?", description: "Try [home](/)." } },
      }),
    );
    expect(problems).toEqual([]);
    expect(config.search).toEqual({ prompt: "Ask the docs…" });
    expect(config.interaction).toEqual({ drilldown: false });
    expect(config.errors.notFound).toEqual({
      redirect: true,
      title: "Lost?",
      description: "Try [home](/).",
    });
  });

  it("reads directory on the navigation, a division and a group", () => {
    const { config } = load(
      docs({
        directory: "card",
        tabs: [
          {
            tab: "Help",
            directory: "accordion",
            groups: [{ group: "G", root: "help", directory: "none", pages: ["a"] }],
          },
        ],
      }),
    );
    expect(config.navigation.directory).toBe("card");
    const tab = config.navigation.root[0];
    expect(tab?.type === "division" && tab.directory).toBe("accordion");
    const group = tab?.type === "division" ? tab.children[0] : undefined;
    expect(group?.type === "group" && group.directory).toBe("none");
  });
});

describe("nothing ignored silently", () => {
  it("names every key of a settings object the export does not read, at its position", () => {
    const { problems } = load(
      docs(NAVIGATION, {
        thumbnails: { appearance: "dark", fonts: { family: "Lora" } },
        background: { decoration: "gradient", sparkle: true },
        fonts: { family: "Inter", heading: { family: "Lora", size: 3 } },
        seo: { organization: { name: "Acme", founded: 1999 } },
        x_internal: 1,
      }),
    );
    expect(messages(problems).sort()).toEqual([
      "docs.json: background.sparkle: unknown key; the export ignores it",
      "docs.json: fonts.heading.size: unknown key; the export ignores it",
      "docs.json: seo.organization.founded: unknown key; the export ignores it",
      "docs.json: thumbnails.fonts: not supported: the social preview card is drawn in Inter, which Quire ships; fonts are not downloaded at export time",
      "docs.json: x_internal: unknown key; the export ignores it",
    ]);
    expect(problems.every((problem) => problem.severity === "warning" && problem.line)).toBe(true);
  });
});
