/**
 * A documentation site without an index page and with every redirect form, shared by the tests
 * that follow its redirects: quire serve, a plain static server with its 404 page in Chromium,
 * and nginx with the snippet.
 */
export const REDIRECT_SITE: Record<string, string> = {
  "docs.json": JSON.stringify(
    {
      name: "Moves",
      colors: { primary: "#2563eb" },
      navigation: {
        tabs: [
          {
            tab: "Guides",
            groups: [
              { group: "Start", pages: ["guides/intro", "guides/setup", "analytics/index"] },
            ],
          },
          { tab: "API", groups: [{ group: "API", pages: ["api/users", "api/chat/send"] }] },
        ],
      },
      redirects: [
        { source: "/old", destination: "/guides/setup#install" },
        { source: "/stats", destination: "/analytics", permanent: false },
        { source: "/beta/:slug*", destination: "/guides/:slug*" },
        { source: "/api-reference/chat/*", destination: "/api/chat/*" },
        { source: "/api-reference/*", destination: "/api/*" },
        { source: "/articles/concepts-*", destination: "/guides/intro" },
        { source: "/agent/workflows/:page", destination: "/guides/:page" },
        { source: "/reports/*", destination: "/analytics/*", permanent: false },
        { source: "/ext/:page", destination: "https://example.com/docs/:page?from=quire#top" },
        { source: "/go/:rest*", destination: "/:rest*" },
        { source: "/loop-a/:rest*", destination: "/loop-b/:rest*" },
        { source: "/loop-b/:rest*", destination: "/loop-a/:rest*" },
      ],
    },
    null,
    2,
  ),
  "guides/intro.mdx":
    "---\ntitle: Introduction\n---\n\nThe users API moved: [users](/api-reference/users).\n",
  "guides/setup.mdx": "---\ntitle: Setup\n---\n\n## Install\n\nRun the installer.\n",
  "analytics/index.mdx": "---\ntitle: Analytics\n---\n\nSee [setup](../guides/setup).\n",
  "api/users.mdx": "---\ntitle: Users\n---\n\nList users.\n",
  "api/chat/send.mdx": "---\ntitle: Send a message\n---\n\nSend one.\n",
  // A page where `/beta/:slug*` also matches: the page is served.
  "beta/kept.mdx": "---\ntitle: Kept\n---\n\nStill here.\n",
};

export const MARKUP = "</script><script>alert(1)</script>";

/**
 * Redirects written as an attacker would: markup, quotes, line breaks and the syntax of each
 * output (nginx's `"`, `;`, `{}` and `$variables`, `_redirects`' spaces) in their sources and
 * destinations.
 */
export const HOSTILE_REDIRECT_SITE: Record<string, string> = {
  "docs.json": JSON.stringify({
    name: "Hostile",
    colors: { primary: "#2563eb" },
    navigation: { pages: ["guides/intro"] },
    redirects: [
      { source: `/x${MARKUP}/*`, destination: "/guides/*" },
      { source: "/y/*", destination: `/${MARKUP}/*` },
      { source: '/q"u;o{t}e$host', destination: "/guides/intro" },
      { source: "/line\nbreak", destination: "/guides/intro" },
      { source: "/ext/:page", destination: 'https://example.com/";$host{}/:page?a=<b>#"><x>' },
      { source: "/space here/:page", destination: "/guides/:page" },
    ],
  }),
  "guides/intro.mdx": "---\ntitle: Intro\n---\n\nHello.\n",
};
