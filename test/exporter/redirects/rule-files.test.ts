import { describe, expect, it } from "vitest";
import { planRedirects } from "../../../src/exporter/redirects/plan.ts";
import {
  fallbackRules,
  renderNetlifyRedirects,
  renderNginxRedirects,
  renderRulesFile,
} from "../../../src/exporter/redirects/rule-files.ts";
import type { PageMeta } from "../../../src/exporter/site/page-index.ts";
import { docs, load } from "../site/config/load-helpers.ts";

const PAGES = new Map<string, PageMeta>(
  ["guides/intro", "guides/setup", "analytics/index", "api/users"].map((pagePath) => [
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

/** Every form docs.json may write, with the characters each output has to encode. */
const REDIRECTS = [
  { source: "/old", destination: "/guides/setup#install" },
  { source: "/stats", destination: "/analytics", permanent: false },
  { source: "/café au lait", destination: "/guides/intro" },
  { source: "/beta/:slug*", destination: "/guides/:slug*" },
  { source: "/api-reference/*", destination: "/api/*" },
  { source: "/articles/concepts-*", destination: "/guides/intro" },
  { source: "/v/:version?/start", destination: "/guides/intro" },
  { source: "/blog-:slug", destination: "/guides/:slug" },
  { source: "/docs/:rest+", destination: "/guides/:rest" },
  { source: "/ext/:page", destination: "https://example.com/docs/:page?from=quire#top" },
  { source: "/x/*", destination: "/</script><script>alert(1)</script>/*" },
  { source: "/gone", destination: "https://example.com/a b$c" },
];

function plan() {
  const { config } = load(docs({ pages: ["guides/intro"] }, { redirects: REDIRECTS }));
  return planRedirects({
    redirects: config.redirects,
    pages: PAGES,
    home: "guides/intro",
    configFile: "docs.json",
  }).redirects;
}

describe("the redirect rule files", () => {
  it("writes _redirects for Netlify and Cloudflare Pages: fixed paths first, a line per shape, what the syntax cannot say as a comment", () => {
    expect(renderNetlifyRedirects(plan())).toBe(
      `# Redirects of this site for Netlify and Cloudflare Pages, written by Quire.
# Netlify serves a file of the site before a rule: a moved page's small redirect page answers for it.
/ /guides/intro 302
/old /guides/setup#install 301
/stats /analytics/ 302
/caf%C3%A9%20au%20lait /guides/intro 301
/gone https://example.com/a%20b$c 301
/beta /guides 301
/beta/* /guides/:splat 301
/api-reference /api 301
/api-reference/* /api/:splat 301
/articles/concepts-* /guides/intro 301
/v/start /guides/intro 301
/v/:version/start /guides/intro 301
# not expressible here (404.html follows it): /blog-:slug /guides/:slug
/docs/* /guides/:splat 301
/ext/:page https://example.com/docs/:page?from=quire#top 301
/x /%3C/script%3E%3Cscript%3Ealert(1)%3C/script%3E 301
/x/* /%3C/script%3E%3Cscript%3Ealert(1)%3C/script%3E/:splat 301
`,
    );
  });

  it("writes an nginx snippet: fixed paths as exact locations, patterns over the raw request URI in order", () => {
    const segment = "[^/?\\x5c\\x00-\\x20\\x7f]";
    const rest = `${segment}+(?:/${segment}+)*`;
    expect(renderNginxRedirects(plan())).toBe(
      `# Redirects of this site for nginx, written by Quire. In the server block of the site:
#   include /path/to/site/_quire/nginx-redirects.conf;
#   error_page 404 /404.html;
#   location / { try_files $uri $uri.html $uri/index.html @quire_redirects; }
location = "/" { absolute_redirect off; return 307 "/guides/intro$is_args$args"; }
location = "/old" { absolute_redirect off; return 308 "/guides/setup$is_args$args#install"; }
location = "/old/" { absolute_redirect off; return 308 "/guides/setup$is_args$args#install"; }
location = "/stats" { absolute_redirect off; return 307 "/analytics/$is_args$args"; }
location = "/stats/" { absolute_redirect off; return 307 "/analytics/$is_args$args"; }
location = "/café au lait" { absolute_redirect off; return 308 "/guides/intro$is_args$args"; }
location = "/café au lait/" { absolute_redirect off; return 308 "/guides/intro$is_args$args"; }
location = "/gone" { absolute_redirect off; return 308 "https://example.com/a%20b%24c$is_args$args"; }
location = "/gone/" { absolute_redirect off; return 308 "https://example.com/a%20b%24c$is_args$args"; }
location @quire_redirects {
  absolute_redirect off;
  if ($request_uri ~ "^/beta(?:/(${rest}))?/?(?:\\?|$)") { return 308 "/guides/$1$is_args$args"; }
  if ($request_uri ~ "^/api-reference(?:/(${rest}))?/?(?:\\?|$)") { return 308 "/api/$1$is_args$args"; }
  if ($request_uri ~ "^/articles/concepts-(${segment}*(?:/${segment}+)*)/?(?:\\?|$)") { return 308 "/guides/intro$is_args$args"; }
  if ($request_uri ~ "^/v(?:/(${segment}+))?/start/?(?:\\?|$)") { return 308 "/guides/intro$is_args$args"; }
  if ($request_uri ~ "^/blog-(${segment}+?)/?(?:\\?|$)") { return 308 "/guides/$1$is_args$args"; }
  if ($request_uri ~ "^/docs/(${rest})/?(?:\\?|$)") { return 308 "/guides/$1$is_args$args"; }
  if ($request_uri ~ "^/ext/(${segment}+)/?(?:\\?|$)") { return 308 "https://example.com/docs/$1?from=quire#top"; }
  if ($request_uri ~ "^/x(?:/(${rest}))?/?(?:\\?|$)") { return 308 "/%3C/script%3E%3Cscript%3Ealert(1)%3C/script%3E/$1$is_args$args"; }
  return 404;
}
`,
    );
  });

  it("matches a source's other characters in nginx as a client may send them, encoded in either case", () => {
    const { config } = load(
      docs(
        { pages: ["guides/intro"] },
        { redirects: [{ source: "/café+(1)/*", destination: "/guides/*" }] },
      ),
    );
    const snippet = renderNginxRedirects(
      planRedirects({ redirects: config.redirects, pages: PAGES, configFile: "docs.json" })
        .redirects,
    );
    expect(snippet).toContain('"^/caf%[Cc]3%[Aa]9(?:\\+|%2[Bb])(?:\\(|%28)1(?:\\)|%29)(?:/(');
  });

  it("writes the rules file quire serve reads: the sources and destinations as docs.json says, resolved to pages", () => {
    const rules = JSON.parse(renderRulesFile(plan())).rules;
    expect(rules.slice(0, 5)).toEqual([
      { source: "/", destination: "/guides/intro", permanent: false },
      { source: "/old", destination: "/guides/setup#install", permanent: true },
      { source: "/stats", destination: "/analytics/", permanent: false },
      { source: "/café au lait", destination: "/guides/intro", permanent: true },
      { source: "/beta/:slug*", destination: "/guides/:slug*", permanent: true },
    ]);
    expect(rules.at(-1)).toEqual({
      source: "/gone",
      destination: "https://example.com/a b$c",
      permanent: true,
    });
  });

  it("gives the 404 page only the patterns, with destinations already encoded", () => {
    const rules = fallbackRules(plan());
    expect(rules.map((rule) => rule.match)).toEqual([
      "^\\/beta(?:\\/([\\s\\S]+))?$",
      "^\\/api-reference(?:\\/([\\s\\S]+))?$",
      "^\\/articles\\/concepts-([\\s\\S]*)$",
      "^\\/v(?:\\/([^/]+))?\\/start$",
      "^\\/blog-([^/]+?)$",
      "^\\/docs\\/([\\s\\S]+)$",
      "^\\/ext\\/([^/]+)$",
      "^\\/x(?:\\/([\\s\\S]+))?$",
    ]);
    expect(rules[6]).toEqual({
      match: "^\\/ext\\/([^/]+)$",
      to: ["https://example.com/docs/", 1, "?from=quire"],
      external: true,
      hash: "top",
    });
    expect(rules[7]?.to).toEqual(["%3C/script%3E%3Cscript%3Ealert(1)%3C/script%3E/", 1]);
  });
});
