import { describe, expect, it } from "vitest";
import {
  type PlannedRedirect,
  planRedirects,
  redirectPages,
} from "../../../src/exporter/redirects/plan.ts";
import type { PageMeta } from "../../../src/exporter/site/page-index.ts";
import { docs, load, messages } from "../site/config/load-helpers.ts";

function pages(...paths: string[]): Map<string, PageMeta> {
  return new Map(
    paths.map((pagePath) => [
      pagePath,
      {
        path: pagePath,
        file: `${pagePath}.mdx`,
        title: pagePath,
        hidden: false,
        noindex: false,
        keywords: [],
      },
    ]),
  );
}

/** docs.json with these redirects, read as the export reads it. */
function redirectsOf(redirects: unknown[]) {
  const { config } = load(docs({ pages: ["index"] }, { redirects }));
  return config.redirects;
}

/** The line of docs.json where the redirect with this source starts (the line before its source). */
function lineOf(redirects: unknown[], source: string): number {
  const text = docs({ pages: ["index"] }, { redirects })["docs.json"] as string;
  return text.split("\n").findIndex((line) => line.includes(`"source": "${source}"`));
}

const SITE = pages("index", "guides/intro", "guides/setup", "analytics/index", "api/users");

function sources(planned: PlannedRedirect[]): string[] {
  return planned.map((redirect) => redirect.source.source);
}

describe("planning the redirects", () => {
  it("resolves a destination to the folder's index page when that is the page", () => {
    const plan = planRedirects({
      redirects: redirectsOf([{ source: "/stats", destination: "/analytics" }]),
      pages: SITE,
      configFile: "docs.json",
    });
    expect(plan.redirects[0]?.page).toBe("analytics/index");
    expect(redirectPages(plan.redirects)).toEqual([
      { pagePath: "stats", href: "analytics/index.html" },
    ]);
    expect(plan.problems).toEqual([]);
  });

  it("warns, at the docs.json position, of a destination that is no page of the site", () => {
    const written = [
      { source: "/old", destination: "/guides/intro" },
      { source: "/gone", destination: "/nowhere#top" },
      { source: "/beta/:slug*", destination: "/v2/:slug*" },
    ];
    const plan = planRedirects({
      redirects: redirectsOf(written),
      pages: SITE,
      configFile: "docs.json",
    });
    expect(messages(plan.problems)).toEqual([
      'docs.json: redirects[1].destination: "/nowhere" is no page of the site',
      'docs.json: redirects[2].destination: "/v2/:slug*" matches no page of the site',
    ]);
    expect(plan.problems.map((problem) => [problem.rule, problem.line])).toEqual([
      ["redirect", lineOf(written, "/gone")],
      ["redirect", lineOf(written, "/beta/:slug*")],
    ]);
    // The redirects stay: the warning is the author's to act on.
    expect(sources(plan.redirects)).toEqual(["/old", "/gone", "/beta/:slug*"]);
  });

  it("serves a page before any redirect: a redirect of a page's path is dropped, a pattern over pages says so", () => {
    const plan = planRedirects({
      redirects: redirectsOf([
        { source: "/guides/intro", destination: "/guides/setup" },
        { source: "/analytics", destination: "/guides/setup" },
        { source: "/guides/:page", destination: "/api/users" },
      ]),
      pages: SITE,
      configFile: "docs.json",
    });
    expect(sources(plan.redirects)).toEqual(["/guides/:page"]);
    expect(messages(plan.problems)).toEqual([
      'docs.json: redirects[0].source: "/guides/intro" is a page of the site: the page is served and this redirect never applies',
      'docs.json: redirects[1].source: "/analytics" is a page of the site: the page is served and this redirect never applies',
      'docs.json: redirects[2].source: "/guides/:page" also matches 2 pages, such as "guides/intro": pages are served, and redirected only where there is none',
    ]);
  });

  it("lets the first matching redirect win: a fixed path an earlier pattern matches is dropped", () => {
    const plan = planRedirects({
      redirects: redirectsOf([
        { source: "/docs/:slug*", destination: "/guides/:slug*" },
        { source: "/docs/intro", destination: "/api/users" },
        { source: "/other/intro", destination: "/api/users" },
      ]),
      pages: SITE,
      configFile: "docs.json",
    });
    expect(sources(plan.redirects)).toEqual(["/docs/:slug*", "/other/intro"]);
    expect(messages(plan.problems)).toEqual([
      'docs.json: redirects[1].source: "/docs/intro" never redirects here: the earlier redirect of "/docs/:slug*" matches it first',
    ]);
  });

  it("leads / to the home page for a site without an index page, unless docs.json redirects /", () => {
    const withoutIndex = pages("guides/intro", "guides/setup");
    const home = planRedirects({
      redirects: redirectsOf([{ source: "/start", destination: "/" }]),
      pages: withoutIndex,
      home: "guides/intro",
      configFile: "docs.json",
    });
    expect(
      home.redirects.map((planned) => [planned.source.source, planned.page, planned.permanent]),
    ).toEqual([
      ["/", "guides/intro", false],
      ["/start", "index", true],
    ]);
    expect(redirectPages(home.redirects)).toEqual([
      { pagePath: "index", href: "guides/intro.html" },
      { pagePath: "start", href: "index.html" },
    ]);
    expect(home.problems).toEqual([]);

    const chosen = planRedirects({
      redirects: redirectsOf([{ source: "/", destination: "/guides/setup" }]),
      pages: withoutIndex,
      home: "guides/intro",
      configFile: "docs.json",
    });
    expect(redirectPages(chosen.redirects)).toEqual([
      { pagePath: "index", href: "guides/setup.html" },
    ]);
  });

  it("gives each linked path a pattern redirects a page of its own, to its filled destination", () => {
    const plan = planRedirects({
      redirects: redirectsOf([
        { source: "/api-reference/*", destination: "/api/*" },
        { source: "/ext/:page", destination: "https://example.com/:page" },
        { source: "/stats/*", destination: "/analytics/*" },
      ]),
      pages: SITE,
      configFile: "docs.json",
      linkTargets: [
        "api-reference/users",
        "api-reference/nothing",
        "ext/a b",
        "guides/intro",
        "stats",
      ],
    });
    expect(redirectPages(plan.linked)).toEqual([
      { pagePath: "api-reference/users", href: "../api/users.html" },
      { pagePath: "ext/a b", href: "https://example.com/a%20b" },
      { pagePath: "stats", href: "analytics/index.html" },
    ]);
    // The 404 page's fallback needs to know which filled paths are folders with an index page.
    expect(plan.redirects[2]?.folderIndexes).toEqual(["analytics"]);
  });
});
