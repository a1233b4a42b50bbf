import { describe, expect, it } from "vitest";
import type { SiteLayoutData } from "../../../../src/exporter/theme/layout-types.ts";
import { meta, render, siteOf } from "../layout-helpers.ts";

const PAGES = [meta("index", { title: "Home" }), meta("guides/setup", { title: "Setup" })];
const ALL_OPTIONS = ["copy", "view", "chatgpt", "claude", "perplexity", "mcp", "cursor", "vscode"];

function menuOf(html: string): string {
  const start = html.indexOf('<div id="page-context-menu"');
  if (start < 0) return "";
  const details = html.indexOf("</details></div>", start);
  return details < 0
    ? html.slice(start, html.indexOf("</a></div>", start) + 10)
    : html.slice(start, details + 16);
}

function titles(html: string): string[] {
  return [...menuOf(html).matchAll(/<span class="context-menu-title">([^<]*)</g)].map(
    (match) => match[1] as string,
  );
}

function siteWith(
  docs: Record<string, unknown>,
  extra: Partial<SiteLayoutData> = {},
): SiteLayoutData {
  return siteOf({ navigation: { pages: ["index", "guides/setup"] }, ...docs }, PAGES, extra);
}

describe("the page menu", () => {
  it("offers Copy page as its button and View as Markdown in its list when docs.json says nothing", () => {
    const html = render(siteWith({}), "guides/setup");
    expect(menuOf(html)).toContain('id="page-context-menu-button"');
    expect(menuOf(html)).toMatch(/data-copy-page>.*<span>Copy page<\/span>/);
    expect(titles(html)).toEqual(["Copy page", "View as Markdown"]);
    expect(menuOf(html)).toContain('href="setup.md" data-view-markdown');
  });

  it("lists docs.json's options in their order, the first one as the button", () => {
    const html = render(siteWith({ contextual: { options: ["view", "claude", "copy"] } }), "index");
    expect(titles(html)).toEqual(["View as Markdown", "Open in Claude", "Copy page"]);
    expect(menuOf(html)).toMatch(/id="page-context-menu-button"[^>]*data-view-markdown/);
  });

  it("asks an AI tool about the page's own address when the export knows where the site is served", () => {
    const site = siteWith(
      { contextual: { options: ["copy", "chatgpt"] } },
      { reader: { siteUrl: "https://docs.example.com" } },
    );
    const html = render(site, "guides/setup");
    const question = encodeURIComponent(
      "Read https://docs.example.com/guides/setup so I can ask questions about it.",
    );
    expect(menuOf(html)).toContain(`href="https://chatgpt.com/?hints=search&amp;q=${question}"`);
    expect(menuOf(html)).not.toMatch(/ hidden[ >]/);
  });

  it("leaves an AI tool's link for the client script to finish when the site's address is unknown", () => {
    const html = render(siteWith({ contextual: { options: ["copy", "claude"] } }), "index");
    expect(menuOf(html)).toMatch(/data-ai-link="https:\/\/claude.ai\/new\?q="[^>]*hidden/);
  });

  it("keeps the AI tools in a cloud site only, and every local option everywhere", () => {
    const options = { contextual: { options: ALL_OPTIONS } };
    const reader = { mcpUrl: "https://mcp.example.com/mcp" };
    const cloud = render(siteWith(options, { reader }), "index");
    const hosted = render(siteWith(options, { reader, deployment: "client-hosted" }), "index");
    const gapped = render(siteWith(options, { reader, deployment: "air-gapped" }), "index");
    expect(titles(cloud)).toEqual([
      "Copy page",
      "View as Markdown",
      "Open in ChatGPT",
      "Open in Claude",
      "Open in Perplexity",
      "Copy MCP server",
      "Connect to Cursor",
      "Connect to VS Code",
    ]);
    for (const html of [hosted, gapped]) {
      expect(titles(html)).toEqual([
        "Copy page",
        "View as Markdown",
        "Copy MCP server",
        "Connect to Cursor",
        "Connect to VS Code",
      ]);
      expect(menuOf(html)).not.toMatch(/chatgpt|claude\.ai|perplexity/);
    }
  });

  it("offers the MCP options only when the operator gave an MCP server, with install links editors read", () => {
    const options = { contextual: { options: ["copy", "mcp", "cursor", "vscode"] } };
    expect(titles(render(siteWith(options), "index"))).toEqual([]);
    expect(menuOf(render(siteWith(options), "index"))).not.toContain("<details");
    const html = render(
      siteWith(options, { reader: { mcpUrl: "https://mcp.example.com/mcp" } }),
      "index",
    );
    expect(menuOf(html)).toContain('data-copy-text="https://mcp.example.com/mcp"');
    const cursor = /href="(cursor:[^"]+)"/.exec(menuOf(html))?.[1] as string;
    const config = new URL(cursor.replaceAll("&amp;", "&")).searchParams.get("config") as string;
    expect(JSON.parse(Buffer.from(config, "base64").toString())).toEqual({
      url: "https://mcp.example.com/mcp",
    });
    const vscode = /href="(vscode:mcp\/install\?[^"]+)"/.exec(menuOf(html))?.[1] as string;
    expect(JSON.parse(decodeURIComponent(vscode.slice("vscode:mcp/install?".length)))).toEqual({
      name: "Site",
      type: "http",
      url: "https://mcp.example.com/mcp",
    });
  });

  it("builds a custom option's link with the page's path, and keeps it out of an air-gapped site when it leads elsewhere", () => {
    const custom = {
      title: "Discuss",
      description: "Talk about this page",
      icon: "message-circle",
      href: { base: "https://forum.example.com/new", query: [{ key: "topic", value: "$path" }] },
    };
    const docs = {
      contextual: { options: ["copy", custom, { title: "Local", href: "/guides/setup" }] },
    };
    const cloud = render(siteWith(docs), "index");
    expect(titles(cloud)).toEqual(["Copy page", "Discuss", "Local"]);
    expect(menuOf(cloud)).toContain('href="https://forum.example.com/new?topic=%2F"');
    expect(menuOf(cloud)).toContain("Talk about this page");
    const gapped = render(siteWith(docs, { deployment: "air-gapped" }), "index");
    expect(titles(gapped)).toEqual(["Copy page", "Local"]);
    expect(menuOf(gapped)).toContain('href="guides/setup.html"');
  });

  it("leaves out a custom option whose link would run script", () => {
    const html = render(
      siteWith({
        contextual: { options: ["copy", "view", { title: "Bad", href: "javascript:alert(1)" }] },
      }),
      "index",
    );
    expect(titles(html)).toEqual(["Copy page", "View as Markdown"]);
    expect(html).not.toContain("javascript:");
  });

  it("sits under the table of contents with display toc, and in the header without one", () => {
    const site = siteWith({ contextual: { options: ["copy", "view"], display: "toc" } });
    const withToc = render(site, "index", { toc: [{ depth: 2, id: "a", text: "A" }] });
    const toc = withToc.slice(withToc.indexOf('<aside id="table-of-contents-layout"'));
    expect(toc).toContain('id="page-context-menu"');
    expect(withToc.slice(0, withToc.indexOf('<aside id="table-of-contents-layout"'))).not.toContain(
      'id="page-context-menu"',
    );
    const withoutToc = render(site, "index");
    expect(withoutToc).toMatch(/<header id="header"[\s\S]*id="page-context-menu"[\s\S]*<\/header>/);
  });

  it("follows a page's own frontmatter menu, and shows none for an empty one", () => {
    const site = siteOf({ navigation: { pages: ["index", "plain"] } }, [
      meta("index", { contextual: { options: ["view"], display: "header" } }),
      meta("plain", { contextual: { options: [], display: "header" } }),
    ]);
    expect(menuOf(render(site, "index"))).toMatch(/data-view-markdown/);
    expect(render(site, "index")).not.toContain("data-copy-page");
    expect(render(site, "plain")).not.toContain('id="page-context-menu"');
  });
});
