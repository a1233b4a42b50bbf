import { escapeXml } from "./site-files.ts";

/** One `<Update>` of a page, as its feed lists it. */
export interface FeedItem {
  id: string;
  title: string;
  description?: string;
}

const SECTION = /<section class="update"([^>]*)>([\s\S]*?)<\/section>/g;
const LABEL = /<h2 class="update-label" id="([^"]+)">([\s\S]*?)<\/h2>/;
const DESCRIPTION = /<p class="update-description">([\s\S]*?)<\/p>/;
const CONTENT = /<div class="update-content">([\s\S]*)$/;

/**
 * The `<Update>` entries of a rendered page, read from the markup the Update component writes
 * (its label's id and text, its description, its `rss` title and description), in page order.
 */
export function feedItemsOfPage(html: string): FeedItem[] {
  const items: FeedItem[] = [];
  for (const [, attributes = "", inner = ""] of html.matchAll(SECTION)) {
    const label = LABEL.exec(inner);
    if (!label) continue;
    const rssTitle = attribute(attributes, "data-rss-title");
    const rssDescription = attribute(attributes, "data-rss-description");
    const description =
      rssDescription ??
      plainText(DESCRIPTION.exec(inner)?.[1] ?? "") +
        (CONTENT.exec(inner) ? ` ${plainText(CONTENT.exec(inner)?.[1] ?? "")}` : "");
    items.push({
      id: decodeEntities(label[1] as string),
      title:
        rssTitle ??
        plainText((label[2] as string).replace(/<a class="heading-anchor"[\s\S]*?<\/a>/, "")),
      ...(description.trim() ? { description: description.trim().slice(0, 2000) } : {}),
    });
  }
  return items;
}

/**
 * The RSS 2.0 feed of a changelog page. `pageUrl` is the page's address: absolute when the
 * export knows where the site is served, else relative to the feed (`../changelog.html`).
 */
export function renderRssFeed(feed: {
  title: string;
  description?: string;
  pageUrl: string;
  feedUrl?: string;
  builtAt: string;
  items: FeedItem[];
}): string {
  const items = feed.items.map((item) => {
    const link = `${feed.pageUrl}#${encodeURIComponent(item.id)}`;
    return [
      "    <item>",
      `      <title>${escapeXml(item.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="${/^https?:/.test(link)}">${escapeXml(link)}</guid>`,
      ...(item.description
        ? [`      <description>${escapeXml(item.description)}</description>`]
        : []),
      "    </item>",
    ].join("\n");
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeXml(feed.title)}</title>
    <link>${escapeXml(feed.pageUrl)}</link>
    <description>${escapeXml(feed.description ?? feed.title)}</description>
    <lastBuildDate>${new Date(feed.builtAt).toUTCString()}</lastBuildDate>
${feed.feedUrl ? `    <atom:link href="${escapeXml(feed.feedUrl)}" rel="self" type="application/rss+xml"/>\n` : ""}${items.join("\n")}
  </channel>
</rss>
`;
}

/** Where a page's feed is written: `<page>/rss.xml`, `rss.xml` for the home page. */
export function feedFileOf(pagePath: string): string {
  return pagePath === "index" ? "rss.xml" : `${pagePath.replace(/\/index$/, "")}/rss.xml`;
}

function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(attributes);
  return match ? decodeEntities(match[1] as string) : undefined;
}

/** Text of markup: tags dropped, entities read, white space folded. */
function plainText(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
}

function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) =>
      String.fromCodePoint(Number.parseInt(hex, 16)),
    )
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replaceAll("&quot;", '"')
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}
