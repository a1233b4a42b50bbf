import { ENGLISH, type Messages } from "../../messages/index.ts";
import type { SiteConfig } from "../../site/types.ts";
import { escapeHtml } from "../html.ts";
import type { DirectoryItem, DirectoryView } from "../navigation-view.ts";
import { iconHtml } from "./icon.ts";
import type { PageLinks } from "./links.ts";

/**
 * A group root page's listing of its group (`directory`): cards in a grid, or a list with each
 * subgroup folding open (`<details>`, so it works with scripts off).
 */
export function directoryHtml(
  directory: DirectoryView | undefined,
  links: PageLinks,
  library: SiteConfig["icons"]["library"],
  messages: Messages = ENGLISH,
): string {
  if (!directory) return "";
  const page = (item: Extract<DirectoryItem, { type: "page" }>): string => {
    const href = escapeHtml(links.url(item.target, item.external));
    const icon = item.icon
      ? `<span class="directory-icon">${iconHtml(item.icon, { size: 18, library })}</span>`
      : "";
    const description = item.description
      ? `<span class="directory-description">${escapeHtml(item.description)}</span>`
      : "";
    return directory.style === "card"
      ? `<a class="directory-card" href="${href}">${icon}<span class="directory-title">${escapeHtml(item.title)}</span>${description}</a>`
      : `<li class="directory-page"><a href="${href}">${icon}<span class="directory-title">${escapeHtml(item.title)}</span></a>${description}</li>`;
  };
  const render = (items: DirectoryItem[]): string => {
    const pages = items.filter(
      (item): item is Extract<DirectoryItem, { type: "page" }> => item.type === "page",
    );
    const groups = items.filter(
      (item): item is Extract<DirectoryItem, { type: "group" }> => item.type === "group",
    );
    const pageList =
      pages.length === 0
        ? ""
        : directory.style === "card"
          ? `<div class="directory-cards">${pages.map(page).join("")}</div>`
          : `<ul class="directory-pages">${pages.map(page).join("")}</ul>`;
    const groupList = groups
      .map((group) => {
        const title = group.root
          ? `<a href="${escapeHtml(links.url(group.root))}">${escapeHtml(group.title)}</a>`
          : escapeHtml(group.title);
        return directory.style === "card"
          ? `<section class="directory-group"><h3>${title}</h3>${render(group.items)}</section>`
          : `<details class="directory-group"><summary>${iconHtml(group.icon, { size: 16, library })}<span>${title}</span></summary>${render(group.items)}</details>`;
      })
      .join("");
    return pageList + groupList;
  };
  return `<nav class="directory directory-style-${directory.style}" aria-label="${escapeHtml(messages.inThisSection)}">${render(directory.items)}</nav>\n`;
}
