import { describe, expect, it } from "vitest";
import { docs, failure, load } from "./load-helpers.ts";

const EVIL = "javascript:alert(document.domain)";

describe("URLs in docs.json", () => {
  it("leaves out every javascript: link, reporting each at its line in docs.json", () => {
    const { config, problems } = load(
      docs(
        {
          global: { anchors: [{ anchor: "Evil anchor", href: ` JavaScript:alert(1)` }] },
          tabs: [
            { tab: "Docs", pages: ["index"] },
            { tab: "Evil tab", href: EVIL },
          ],
        },
        {
          logo: { light: "/logo.svg", dark: "/logo.svg", href: EVIL },
          navbar: {
            links: [
              { label: "Good", href: "https://example.com" },
              { label: "Evil", href: "java\tscript:alert(1)" },
            ],
            primary: { type: "button", label: "Go", href: "vbscript:msgbox(1)" },
          },
          footer: {
            socials: { x: "https://x.com/example", github: EVIL },
            links: [{ header: "More", items: [{ label: "Evil", href: "data:text/html,hi" }] }],
          },
          banner: { content: `Read [this](${EVIL}) now` },
        },
      ),
    );
    expect(config.navbar.links).toEqual([{ label: "Good", href: "https://example.com" }]);
    expect(config.navbar.primary).toBeUndefined();
    expect(config.logo?.href).toBeUndefined();
    expect(config.footer.socials).toEqual({ x: "https://x.com/example" });
    expect(config.footer.links[0]?.items).toEqual([]);
    expect(config.navigation.global.anchors).toEqual([]);
    const left = problems.filter((problem) => problem.message.includes("is left out"));
    expect(left.map((problem) => problem.message.split(":")[1]?.trim())).toEqual(
      expect.arrayContaining([
        "logo.href",
        "navbar.links[1].href",
        "navbar.primary.href",
        "footer.socials.github",
        "footer.links[0].items[0].href",
        "banner.content",
        "navigation.global.anchors[0].href",
        "navigation.tabs[1].href",
      ]),
    );
    for (const problem of left) {
      expect(problem.severity).toBe("warning");
      expect(problem.file).toBe("docs.json");
      expect(problem.line).toBeGreaterThan(1);
    }
  });

  it("refuses a redirect to a javascript: URL as an error at its position", () => {
    const error = failure(
      docs({ pages: ["index"] }, { redirects: [{ source: "/old", destination: EVIL }] }),
    );
    expect(error.problems).toEqual([
      expect.objectContaining({
        severity: "error",
        file: "docs.json",
        line: expect.any(Number),
        message: expect.stringContaining(
          "redirects[0].destination: expected a path inside the site or a web URL (its scheme javascript: runs script)",
        ),
      }),
    ]);
  });

  it("ignores a __proto__ key instead of letting its settings apply", () => {
    const { config, problems } = load({
      "docs.json": `{"name": "Site", "colors": {"primary": "#123456"}, "navigation": {"pages": ["index"]},
        "__proto__": {"banner": {"content": "injected"}},
        "navbar": {"__proto__": {"primary": {"type": "button", "label": "Evil", "href": "/x"}}}}`,
    });
    expect(config.banner).toBeUndefined();
    expect(config.navbar.primary).toBeUndefined();
    expect(({} as Record<string, unknown>).banner).toBeUndefined();
    expect(problems.map((problem) => problem.message)).toContain(
      'docs.json: the key "__proto__" is not a setting and is ignored',
    );
  });
});
