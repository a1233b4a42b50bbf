import { describe, expect, it } from "vitest";
import {
  compileDestination,
  compileSource,
  type DestinationTemplate,
  fillDestination,
  matchedForm,
  matchSource,
  REDIRECT_LIMITS,
  type SourcePattern,
} from "../../../src/exporter/site/redirect-pattern.ts";

function source(text: string): SourcePattern {
  const compiled = compileSource(text);
  if (!compiled.ok) throw new Error(`${text}: ${compiled.reason}`);
  return compiled.value;
}

function destination(text: string, from: SourcePattern): DestinationTemplate {
  const compiled = compileDestination(text, from);
  if (!compiled.ok) throw new Error(`${text}: ${compiled.reason}`);
  return compiled.value;
}

/** Where a request path goes by one redirect, decoded, or null when the source does not match. */
function follow(from: string, to: string, requestPath: string, encode = false): string | null {
  const pattern = source(from);
  const match = matchSource(pattern, matchedForm(requestPath));
  return match ? fillDestination(destination(to, pattern), match, { encode }) : null;
}

describe("redirect sources", () => {
  it("match a fixed path with or without its trailing slash, and nothing below it", () => {
    const pattern = source("/old/page/");
    expect(pattern.exact).toBe("old/page");
    expect(pattern.source).toBe("/old/page");
    expect(matchSource(pattern, matchedForm("/old/page"))).not.toBeNull();
    expect(matchSource(pattern, matchedForm("/old/page/"))).not.toBeNull();
    expect(matchSource(pattern, matchedForm("/old/page/more"))).toBeNull();
    expect(matchSource(pattern, matchedForm("/old/pages"))).toBeNull();
    expect(source("/").exact).toBe("");
    expect(matchSource(source("/"), matchedForm("/"))).not.toBeNull();
  });

  it("take :name for exactly one segment", () => {
    expect(follow("/agent/workflows/:page", "/automations/:page", "/agent/workflows/slack")).toBe(
      "automations/slack",
    );
    expect(follow("/agent/workflows/:page", "/automations/:page", "/agent/workflows")).toBeNull();
    expect(
      follow("/agent/workflows/:page", "/automations/:page", "/agent/workflows/a/b"),
    ).toBeNull();
  });

  it("take :name* for zero or more segments, and :name+ for one or more", () => {
    expect(follow("/beta/:slug*", "/v2/:slug*", "/beta/introduction")).toBe("v2/introduction");
    expect(follow("/beta/:slug*", "/v2/:slug*", "/beta/guides/setup/")).toBe("v2/guides/setup");
    expect(follow("/beta/:slug*", "/v2/:slug*", "/beta")).toBe("v2");
    expect(follow("/beta/:slug+", "/v2/:slug+", "/beta")).toBeNull();
    expect(follow("/beta/:slug+", "/v2/:slug", "/beta/a/b")).toBe("v2/a/b");
    expect(follow("/betas/:slug*", "/v2/:slug*", "/beta/a")).toBeNull();
  });

  it("take :name? for an optional segment", () => {
    expect(follow("/guides/:version?/setup", "/setup/:version", "/guides/setup")).toBe("setup");
    expect(follow("/guides/:version?/setup", "/setup/:version", "/guides/v2/setup")).toBe(
      "setup/v2",
    );
  });

  it("take a last * for any rest, its bare folder included, and * inside a segment for any characters", () => {
    expect(follow("/api-reference/*", "/api/*", "/api-reference/chat/create")).toBe(
      "api/chat/create",
    );
    expect(follow("/api-reference/*", "/api/*", "/api-reference")).toBe("api");
    expect(follow("/articles/concepts-*", "/collections/overview", "/articles/concepts-x")).toBe(
      "collections/overview",
    );
    expect(follow("/old/article-*", "/new/article-*", "/old/article-123")).toBe("new/article-123");
    expect(follow("/old/article-*", "/new/article-*", "/old/other-123")).toBeNull();
    expect(follow("/blog-:slug", "/posts/:slug", "/blog-hello")).toBe("posts/hello");
  });

  it("read regular-expression characters of a source as themselves", () => {
    expect(follow("/v1.0/(old)/:page", "/v1/:page", "/v1.0/(old)/a")).toBe("v1/a");
    expect(follow("/v1.0/(old)/:page", "/v1/:page", "/v1x0/(old)/a")).toBeNull();
    expect(follow("/a+b/*", "/c/*", "/aab/x")).toBeNull();
  });

  it("match the decoded path and hand encoded values on only when asked", () => {
    expect(follow("/docs/:slug*", "/help/:slug*", "/docs/a b/ü")).toBe("help/a b/ü");
    expect(follow("/docs/:slug*", "/help/:slug*", "/docs/a b/ü?#", true)).toBe(
      "help/a%20b/%C3%BC%3F%23",
    );
    expect(follow("/café/*", "/coffee/*", "/café/menu")).toBe("coffee/menu");
  });

  it("refuse what Mintlify does not write or a server could not match cheaply, with the reason", () => {
    const reasons = [
      "/a/*/b/*",
      "/a/:x*/:y*",
      "/a/:x/:x",
      "/a/:x(\\d+)",
      "/a/blog-:slug*",
      "/a?x=1",
      "/a#top",
      "/a/../b/*",
      `/${"a/".repeat(600)}*`,
      "/:a/:b/:c/:d/:e/:f/:g/:h/:i/:j",
    ].map((text) => {
      const compiled = compileSource(text);
      return compiled.ok ? `${text} compiled` : compiled.reason;
    });
    expect(reasons).toEqual([
      "a source may hold only one part that spans segments (*, :name* or :name+)",
      "a source may hold only one part that spans segments (*, :name* or :name+)",
      "the parameter :x appears twice",
      ":x( inside a segment: a parameter with a pattern of its own is not supported",
      ":slug* inside a segment: a parameter with a modifier must be a whole segment (/:name*)",
      "a source holds no query (?) and no fragment (#)",
      "a source holds no query (?) and no fragment (#)",
      'a segment ".." has no place in a source',
      `it is longer than ${REDIRECT_LIMITS.length} characters`,
      `a source may hold at most ${REDIRECT_LIMITS.captures} parameters and wildcards`,
    ]);
  });

  it("match no path longer than the limit", () => {
    const long = `/docs/${"a".repeat(REDIRECT_LIMITS.matchedPath)}`;
    expect(matchSource(source("/docs/*"), long)).toBeNull();
    expect(
      matchSource(source("/docs/*"), long.slice(0, REDIRECT_LIMITS.matchedPath)),
    ).not.toBeNull();
  });
});

describe("redirect destinations", () => {
  it("read dots in an internal path as text, and refuse only whole . or .. segments", () => {
    expect(follow("/old/:page", "/v1.0/docs.v2/:page", "/old/a")).toBe("v1.0/docs.v2/a");
    expect(follow("/old/:page", "/..x/:page", "/old/a")).toBe("..x/a");
    expect(compileDestination("/a/./:page", source("/old/:page")).ok).toBe(false);
  });

  it("keep a fragment apart and drop the query of an internal path", () => {
    const template = destination("/guides/:slug*?tab=1#install", source("/old/:slug*"));
    expect(template).toEqual({ external: false, parts: ["guides/", 1], fragment: "install" });
  });

  it("name only the source's parameters in an internal path, and * only when the source has one", () => {
    const refused = [
      ["/v2/:other", "/beta/:slug*"],
      ["/v2/*", "/beta/:slug*"],
      ["/v2/../../etc", "/beta/*"],
    ].map(([to, from]) => {
      const compiled = compileDestination(to as string, source(from as string));
      return compiled.ok ? "compiled" : compiled.reason;
    });
    expect(refused).toEqual([
      ":other names no parameter of the source",
      "it holds * but the source has no wildcard",
      "a segment . or .. has no place in it",
    ]);
  });

  it("fill an external URL's path and query, never its host, with encoded values", () => {
    const from = source("/ext/:page*");
    const template = destination(
      "https://:page.example.com/wiki/Special:Search/:page?q=:page",
      from,
    );
    // The host's :page and the path's Special:Search are text; only the path's :page are values.
    expect(template.parts).toEqual(["https://:page.example.com/wiki/Special:Search/", 1, "?q=", 1]);
    const match = matchSource(from, "/ext/a/b c?&x=/evil") as RegExpExecArray;
    expect(fillDestination(template, match, { encode: false })).toBe(
      "https://:page.example.com/wiki/Special:Search/a/b%20c%3F%26x%3D/evil?q=a/b%20c%3F%26x%3D/evil",
    );
  });

  it("never lets a value lead an internal path off the site: slashes collapse, none leads", () => {
    const from = source("/go/:rest*");
    const match = matchSource(from, "/go/evil.example/x") as RegExpExecArray;
    expect(fillDestination(destination("/:rest*", from), match, { encode: true })).toBe(
      "evil.example/x",
    );
    expect(fillDestination(destination("//:rest*", from), match, { encode: false })).toBe(
      "evil.example/x",
    );
  });

  it("keeps a destination that holds markup as text, for each output to encode", () => {
    const from = source("/old/*");
    const template = destination("/</script><script>alert(1)</script>/*", from);
    const match = matchSource(from, "/old/x") as RegExpExecArray;
    expect(fillDestination(template, match, { encode: true })).toBe(
      "%3C/script%3E%3Cscript%3Ealert(1)%3C/script%3E/x",
    );
  });
});
