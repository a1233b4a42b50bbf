import { ENGLISH, type Messages } from "../../messages/index.ts";
import type { SiteConfig } from "../../site/types.ts";
import { escapeHtml } from "../html.ts";
import type { NavTarget } from "../navigation-view.ts";
import { iconHtml } from "./icon.ts";
import type { PageLinks } from "./links.ts";

/** `#pagination`: the previous and next pages of the page's section. */
export function paginationHtml(
  previous: NavTarget | undefined,
  next: NavTarget | undefined,
  links: PageLinks,
  messages: Messages = ENGLISH,
): string {
  if (!previous && !next) return "";
  const link = (target: NavTarget, direction: "previous" | "next"): string => {
    const part = direction === "previous" ? "prev" : "next";
    return `<a class="pager-${direction} pagination-${part}" href="${escapeHtml(links.url(target.target))}" rel="${part}"><small>${escapeHtml(direction === "previous" ? messages.previous : messages.next)}</small><span class="pagination-title">${escapeHtml(target.title)}</span></a>`;
  };
  return `<nav id="pagination" class="pager" aria-label="${escapeHtml(messages.pagination)}">${previous ? link(previous, "previous") : "<span></span>"}${next ? link(next, "next") : ""}</nav>\n`;
}

const SOCIAL_ICONS: Record<string, string> = {
  x: "x-twitter",
  twitter: "x-twitter",
  website: "globe",
  earth: "globe",
  "hacker-news": "hacker-news",
  facebook: "facebook",
  linkedin: "linkedin",
  github: "github",
  discord: "discord",
  slack: "slack",
  youtube: "youtube",
  instagram: "instagram",
  medium: "medium",
  reddit: "reddit",
  telegram: "telegram",
  bluesky: "bluesky",
  threads: "threads",
  mastodon: "mastodon",
};

/** `#footer`: link columns (`advanced-footer` when there are some), social links and the site's name. */
export function footerHtml(name: string, footer: SiteConfig["footer"], links: PageLinks): string {
  const { socials, links: columnsConfig } = footer;
  const socialHtml = Object.entries(socials)
    .map(
      ([network, href]) =>
        `<a href="${escapeHtml(href)}" aria-label="${escapeHtml(network)}" rel="noopener">${iconHtml(SOCIAL_ICONS[network] ?? network, { size: 18 }) || escapeHtml(network)}</a>`,
    )
    .join("");
  const columns = columnsConfig
    .map(
      (column) =>
        `<div class="footer-column">${column.header ? `<h2>${escapeHtml(column.header)}</h2>` : ""}<ul>${column.items.map((item) => `<li><a href="${escapeHtml(links.configUrl(item.href))}">${escapeHtml(item.label)}</a></li>`).join("")}</ul></div>`,
    )
    .join("");
  return `<footer id="footer" class="site-footer footer${columns ? " advanced-footer" : ""}">${columns ? `<div class="footer-columns">${columns}</div>` : ""}<div class="footer-bottom">${socialHtml ? `<div class="footer-socials">${socialHtml}</div>` : ""}<p class="footer-credit">${escapeHtml(name)}</p></div></footer>\n`;
}
