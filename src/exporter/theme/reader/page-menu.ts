import { ENGLISH, fillMessage, type Messages } from "../../messages/index.ts";
import { feedFileOf } from "../../output/rss-feed.ts";
import { checkUrl } from "../../safety/url-policy.ts";
import {
  type ContextualOption,
  type ContextualOptionId,
  type ContextualSettings,
  DEFAULT_CONTEXTUAL,
} from "../../site/contextual.ts";
import type { PageMeta } from "../../site/page-index.ts";
import type { DeploymentType } from "../../site/types.ts";
import { iconHtml } from "../chrome/icon.ts";
import type { PageLinks } from "../chrome/links.ts";
import { escapeHtml, isExternalUrl } from "../html.ts";
import type { SiteLayoutData } from "../layout-types.ts";
import type { ReaderSettings } from "./reader-settings.ts";

/** Where each AI tool takes a question (the question follows, URL-encoded), and its name. */
const AI_TOOLS: Partial<Record<ContextualOptionId, { url: string; name: string }>> = {
  chatgpt: { url: "https://chatgpt.com/?hints=search&q=", name: "ChatGPT" },
  claude: { url: "https://claude.ai/new?q=", name: "Claude" },
  perplexity: { url: "https://www.perplexity.ai/search/new?q=", name: "Perplexity" },
  grok: { url: "https://grok.com/?q=", name: "Grok" },
  aistudio: {
    url: "https://aistudio.google.com/prompts/new_chat?prompt=",
    name: "Google AI Studio",
  },
};

const MCP_OPTIONS: ReadonlySet<ContextualOptionId> = new Set([
  "mcp",
  "add-mcp",
  "cursor",
  "vscode",
]);

/** The most of a page's Markdown a custom option's `$page` puts into a link. */
const PAGE_TEXT_IN_LINK = 4000;

/**
 * Why an option cannot be in this export's menu, or undefined when it can. The AI tools are
 * handed the page by a third party's site: only a cloud site sends its readers there (a
 * client-hosted site talks only to services the operator runs, an air-gapped one to none). The
 * MCP options need the operator's MCP server; a custom link to another host stays out of an
 * air-gapped site.
 */
export function optionUnavailable(
  option: ContextualOption,
  deployment: DeploymentType,
  reader: ReaderSettings | undefined,
): string | undefined {
  if (typeof option === "object") {
    const base = typeof option.href === "string" ? option.href : option.href.base;
    if (deployment === "air-gapped" && isExternalUrl(base))
      return "an air-gapped site links to no other host";
    return undefined;
  }
  if (AI_TOOLS[option] && deployment !== "cloud")
    return `it hands the page to another host's service, which a ${deployment} site does not`;
  if (MCP_OPTIONS.has(option) && !reader?.mcpUrl)
    return "the export was given no MCP server (--mcp-url)";
  return undefined;
}

/** The page's menu settings: its own frontmatter's, else docs.json's, else the default. */
export function menuSettings(site: SiteLayoutData, page: PageMeta): ContextualSettings {
  return page.contextual ?? site.config.contextual ?? DEFAULT_CONTEXTUAL;
}

interface MenuEntry {
  title: string;
  description?: string;
  icon: string;
  /** Attributes of the entry's link, written as they are (already escaped). */
  attributes: string;
}

/**
 * `#page-context-menu`: the first option as a button, and every option in a list that opens
 * from the chevron beside it (a `<details>`, so it opens with scripts off too). Empty when no
 * option is left.
 */
export function pageMenuHtml(
  site: SiteLayoutData,
  page: PageMeta,
  links: PageLinks,
  markdown = "",
  messages: Messages = ENGLISH,
): string {
  const settings = menuSettings(site, page);
  const entries = settings.options
    .filter((option) => !optionUnavailable(option, site.deployment, site.reader))
    .map((option) => menuEntry(option, site, page, links, markdown, messages))
    .filter((entry): entry is MenuEntry => entry !== undefined);
  const [first] = entries;
  if (!first) return "";
  const button = `<a id="page-context-menu-button" class="copy-page context-menu-primary" ${first.attributes}>${iconHtml(first.icon, { size: 14 })}<span>${escapeHtml(first.title)}</span></a>`;
  if (entries.length === 1)
    return `<div id="page-context-menu" class="page-actions context-menu">${button}</div>`;
  const items = entries
    .map(
      (entry) =>
        `<li><a class="context-menu-item" ${entry.attributes}>${iconHtml(entry.icon, { size: 16 })}<span class="context-menu-title">${escapeHtml(entry.title)}</span>${entry.description ? `<small class="context-menu-description">${escapeHtml(entry.description)}</small>` : ""}</a></li>`,
    )
    .join("");
  return `<div id="page-context-menu" class="page-actions context-menu">${button}<details class="context-menu-more"><summary aria-label="${escapeHtml(messages.morePageActions)}">${iconHtml("chevron-down", { size: 14 })}</summary><ul class="context-menu-list" aria-label="${escapeHtml(messages.pageActions)}">${items}</ul></details></div>`;
}

function menuEntry(
  option: ContextualOption,
  site: SiteLayoutData,
  page: PageMeta,
  links: PageLinks,
  markdown: string,
  messages: Messages,
): MenuEntry | undefined {
  if (typeof option === "object") {
    const href = customHref(option.href, page, site.reader, markdown);
    const url = href === undefined ? undefined : checkUrl(href, "link");
    if (!url?.ok) return undefined;
    const external = isExternalUrl(url.url);
    return {
      title: option.title,
      ...(option.description ? { description: option.description } : {}),
      icon: option.icon ?? (external ? "arrow-up-right" : "link"),
      attributes: `href="${escapeHtml(external ? url.url : links.configUrl(url.url))}"${external ? ' target="_blank" rel="noopener noreferrer"' : ""}`,
    };
  }
  // Through the page's links, so a page written as <path>/index.html (clean URLs) finds it too.
  const markdownUrl = escapeHtml(links.asset(`${page.path}.md`));
  if (option === "copy")
    return {
      title: messages.copyPage,
      description: messages.copyPageDescription,
      icon: "copy",
      attributes: `href="${markdownUrl}" data-copy-page`,
    };
  if (option === "view")
    return {
      title: messages.viewAsMarkdown,
      description: messages.viewAsMarkdownDescription,
      icon: "file-text",
      attributes: `href="${markdownUrl}" data-view-markdown`,
    };
  const tool = AI_TOOLS[option];
  if (tool)
    return {
      title: fillMessage(messages.openInTool, { tool: tool.name }),
      description: messages.askAboutPage,
      icon: "sparkles",
      attributes: aiAttributes(tool.url, page, site.reader, messages.aiPrompt),
    };
  return mcpEntry(option, site, messages);
}

/**
 * An AI tool's link. The question names the page's address: written now when the export knows
 * where the site is served, else filled in by the client script from the page's own address
 * (the entry stays hidden until then, and on `file://`, where no AI tool could read the page).
 */
function aiAttributes(
  tool: string,
  page: PageMeta,
  reader: ReaderSettings | undefined,
  prompt: string,
): string {
  const external = ' target="_blank" rel="noopener noreferrer"';
  if (reader?.siteUrl) {
    const pageUrl = `${reader.siteUrl}/${page.path === "index" ? "" : page.path}`;
    const href = `${tool}${encodeURIComponent(fillMessage(prompt, { url: pageUrl }))}`;
    return `href="${escapeHtml(href)}"${external}`;
  }
  return `href="${escapeHtml(tool)}" data-ai-link="${escapeHtml(tool)}" data-ai-prompt="${escapeHtml(prompt)}" hidden${external}`;
}

/** The MCP options: the server's address copied, or handed to an editor by its install link. */
function mcpEntry(
  option: ContextualOptionId,
  site: SiteLayoutData,
  messages: Messages,
): MenuEntry | undefined {
  const server = site.reader?.mcpUrl;
  if (!server) return undefined;
  const name = site.config.name;
  const serverLink = escapeHtml(server);
  switch (option) {
    case "mcp":
      return {
        title: messages.copyMcpServer,
        description: messages.copyMcpServerDescription,
        icon: "plug",
        attributes: `href="${serverLink}" data-copy-text="${serverLink}"`,
      };
    case "add-mcp":
      return {
        title: messages.copyMcpInstall,
        description: messages.copyMcpInstallDescription,
        icon: "terminal",
        attributes: `href="${serverLink}" data-copy-text="${escapeHtml(`npx add-mcp ${server}`)}"`,
      };
    case "cursor": {
      const config = Buffer.from(JSON.stringify({ url: server })).toString("base64");
      const href = `cursor://anysphere.cursor-deeplink/mcp/install?name=${encodeURIComponent(name)}&config=${encodeURIComponent(config)}`;
      return checked(editorText("Cursor", messages), "plug", href);
    }
    case "vscode": {
      const href = `vscode:mcp/install?${encodeURIComponent(JSON.stringify({ name, type: "http", url: server }))}`;
      return checked(editorText("VS Code", messages), "plug", href);
    }
    default:
      return undefined;
  }
}

/** The title and description of the entry that installs the MCP server in an editor. */
function editorText(editor: string, messages: Messages): { title: string; description: string } {
  return {
    title: fillMessage(messages.connectToTool, { tool: editor }),
    description: fillMessage(messages.installMcpInTool, { tool: editor }),
  };
}

function checked(
  text: { title: string; description: string },
  icon: string,
  href: string,
): MenuEntry | undefined {
  const verdict = checkUrl(href, "link");
  return verdict.ok
    ? { ...text, icon, attributes: `href="${escapeHtml(verdict.url)}"` }
    : undefined;
}

/** A custom option's address, its query values' `$page`, `$path` and `$mcp` filled in. */
function customHref(
  href: Exclude<ContextualOption, string>["href"],
  page: PageMeta,
  reader: ReaderSettings | undefined,
  markdown: string,
): string | undefined {
  if (typeof href === "string") return href;
  if (href.query.length === 0) return href.base;
  const pagePath = `/${page.path === "index" ? "" : page.path}`;
  const fill = (value: string): string =>
    value
      .replaceAll("$page", markdown.slice(0, PAGE_TEXT_IN_LINK))
      .replaceAll("$path", pagePath)
      .replaceAll("$mcp", reader?.mcpUrl ?? "");
  const query = href.query
    .map((pair) => `${encodeURIComponent(pair.key)}=${encodeURIComponent(fill(pair.value))}`)
    .join("&");
  return `${href.base}${href.base.includes("?") ? "&" : "?"}${query}`;
}

/** The RSS button of a changelog page (frontmatter `rss: true`), beside its menu. */
export function rssButtonHtml(
  page: PageMeta,
  links: PageLinks,
  messages: Messages = ENGLISH,
): string {
  if (!page.rss) return "";
  return `<a class="rss-button" href="${escapeHtml(links.asset(feedFileOf(page.path)))}" type="application/rss+xml" aria-label="${escapeHtml(messages.rssFeed)}">${iconHtml("rss", { size: 14 })}<span>${escapeHtml(messages.rssFeed)}</span></a>`;
}
