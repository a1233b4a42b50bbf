import { normalizeSpecPath, slugSegment } from "../openapi/operations.ts";
import type { Problem } from "../problems.ts";
import type { PageMeta } from "../site/page-index.ts";
import type { ApiReference, Navigation, NavNode, SiteConfig } from "../site/types.ts";
import type { AsyncApiCatalogue } from "./catalogue.ts";
import type { ChannelDoc } from "./types.ts";

const DEFAULT_DIRECTORY = "api-reference";

/**
 * Turns a site's `asyncapi` settings into pages, as Mintlify does: every navigation container
 * (the navigation itself, a division, a group) naming AsyncAPI documents gets a page per
 * channel after its own pages, each document's channels in its order, under `directory`
 * (`api-reference` by default); every page written by hand with `asyncapi` frontmatter is tied
 * to its channel. Returns the navigation with the pages in it and each channel page's channel.
 */
export async function buildChannelPages(input: {
  config: SiteConfig;
  pages: Map<string, PageMeta>;
  catalogue: AsyncApiCatalogue;
  problems: Problem[];
}): Promise<{ navigation: Navigation; channels: Record<string, ChannelDoc> }> {
  const builder = new ChannelPageBuilder(input.pages, input.catalogue, input.problems);
  const { navigation } = input.config;
  let root = await builder.expandNodes(navigation.root);
  if (navigation.asyncapi) root = [...root, ...(await builder.generateAll(navigation.asyncapi))];
  await builder.resolveWrittenPages(defaultSources(input.config));
  return { navigation: { ...navigation, root }, channels: builder.channels };
}

/** Documents a page naming only a channel is looked up in: `api.asyncapi`, then every one the navigation names. */
function defaultSources(config: SiteConfig): string[] {
  const sources = [...(config.api.asyncapi?.sources ?? [])];
  const collect = (reference: ApiReference | undefined): void => {
    for (const source of reference?.sources ?? []) sources.push(source);
  };
  collect(config.navigation.asyncapi);
  const walk = (nodes: NavNode[]): void => {
    for (const node of nodes)
      if (node.type === "division" || node.type === "group") {
        collect(node.asyncapi);
        walk(node.children);
      }
  };
  walk(config.navigation.root);
  return [...new Set(sources.map(normalizeSpecPath))];
}

class ChannelPageBuilder {
  private readonly pages: Map<string, PageMeta>;
  private readonly catalogue: AsyncApiCatalogue;
  private readonly problems: Problem[];
  /** The channel each channel page shows, by page path: plain data for the render threads. */
  readonly channels: Record<string, ChannelDoc> = {};
  /** Generated page of each channel, so a document named twice gives one page per channel. */
  private readonly pageOfChannel = new Map<ChannelDoc, string>();

  constructor(pages: Map<string, PageMeta>, catalogue: AsyncApiCatalogue, problems: Problem[]) {
    this.pages = pages;
    this.catalogue = catalogue;
    this.problems = problems;
  }

  async expandNodes(nodes: NavNode[]): Promise<NavNode[]> {
    const result: NavNode[] = [];
    for (const node of nodes) {
      if (node.type !== "division" && node.type !== "group") {
        result.push(node);
        continue;
      }
      let children = await this.expandNodes(node.children);
      if (node.asyncapi) children = [...children, ...(await this.generateAll(node.asyncapi))];
      result.push({ ...node, children });
    }
    return result;
  }

  /** A page per channel of each document, in the document's order. */
  async generateAll(reference: ApiReference): Promise<NavNode[]> {
    const nodes: NavNode[] = [];
    for (const source of reference.sources) {
      const channels = await this.catalogue.get(source);
      for (const channel of channels ?? [])
        nodes.push({ type: "page", path: this.generatedPage(channel, reference.directory) });
    }
    return nodes;
  }

  private generatedPage(channel: ChannelDoc, directory: string | undefined): string {
    const known = this.pageOfChannel.get(channel);
    if (known) return known;
    const base = [
      (directory ?? DEFAULT_DIRECTORY).replace(/^\/+|\/+$/g, ""),
      slugSegment(channel.id),
    ]
      .filter(Boolean)
      .join("/");
    let pagePath = base;
    for (let index = 2; this.pages.has(pagePath); index++) pagePath = `${base}-${index}`;
    this.pages.set(pagePath, generatedPageMeta(pagePath, channel));
    this.pageOfChannel.set(channel, pagePath);
    this.channels[pagePath] = channel;
    return pagePath;
  }

  /** Pages written by hand with `asyncapi: "<file> <channel>"` frontmatter: each tied to its channel, or warned about. */
  async resolveWrittenPages(defaults: string[]): Promise<void> {
    for (const page of [...this.pages.values()]) {
      if (!page.asyncapi || page.channel) continue;
      const words = page.asyncapi.split(/\s+/);
      const channelId = words.length > 1 ? words.slice(1).join(" ") : words[0];
      const sources = words.length > 1 ? [words[0] as string] : defaults;
      // A page naming a file that is not there is that page's problem, not the whole site's.
      if (words.length > 1 && this.catalogue.isMissingFile(words[0] as string)) {
        this.problems.push({
          severity: "warning",
          rule: "asyncapi-channel",
          file: page.file,
          line: 1,
          message: `frontmatter asyncapi "${page.asyncapi}": the repository has no file "${words[0]}"; the page shows no channel reference`,
        });
        continue;
      }
      let found: ChannelDoc | undefined;
      for (const source of sources) {
        const channels = await this.catalogue.get(source);
        found = channels?.find((channel) => channel.id === channelId);
        if (found) break;
      }
      if (!found) {
        this.problems.push({
          severity: "warning",
          rule: "asyncapi-channel",
          file: page.file,
          line: 1,
          message: `frontmatter asyncapi "${page.asyncapi}": ${sources.length === 0 ? 'no AsyncAPI document is named for it (write "<file> <channel>" or set api.asyncapi)' : `no channel "${channelId}" in ${sources.map((source) => `"${source}"`).join(", ")}`}; the page shows no channel reference`,
        });
        continue;
      }
      page.channel = { spec: found.spec, channel: found.id };
      this.channels[page.path] = found;
      if (page.untitled) page.title = channelTitle(found);
      if (!page.description) {
        const description = shortText(found.summary ?? found.description);
        if (description) page.description = description;
      }
    }
  }
}

/** A channel page's title: the channel's title, else its address, else its key. */
export function channelTitle(channel: ChannelDoc): string {
  return channel.title ?? channel.address ?? channel.id;
}

function generatedPageMeta(pagePath: string, channel: ChannelDoc): PageMeta {
  const description = shortText(channel.summary ?? channel.description);
  return {
    path: pagePath,
    file: normalizeSpecPath(channel.spec),
    title: channelTitle(channel),
    ...(description ? { description } : {}),
    hidden: false,
    noindex: false,
    keywords: [],
    channel: { spec: channel.spec, channel: channel.id },
  };
}

/** Text short enough for the page header and meta tags: its first paragraph, as plain text. */
function shortText(value: string | undefined): string | undefined {
  const first =
    value
      ?.trim()
      .split(/\n\s*\n/)[0]
      ?.replace(/\s+/g, " ")
      .trim() ?? "";
  if (!first || first.length > 300 || /[<`|#*[\]]/.test(first)) return undefined;
  return first;
}
