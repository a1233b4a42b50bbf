import { ENGLISH, type Messages } from "../../messages/index.ts";
import type { PageMeta } from "../../site/page-index.ts";
import type { SiteStyling } from "../../site/types.ts";
import { escapeHtml } from "../html.ts";
import type { NavigationView } from "../navigation-view.ts";
import { iconHtml } from "./icon.ts";

/**
 * `#header`: the eyebrow (the page's group, or with `styling.eyebrows: "breadcrumbs"` its whole
 * place in the navigation), the title (`#page-title`, with a badge on a deprecated page), the
 * description and the page actions (the page menu, when it sits here).
 */
export function pageHeaderHtml(
  page: PageMeta,
  view: NavigationView,
  eyebrows: SiteStyling["eyebrows"],
  messages: Messages = ENGLISH,
  /** The page menu (copy, view as Markdown, AI tools…) and the RSS button, beside the title. */
  actions = "",
): string {
  const badge = page.deprecated
    ? ` <span class="deprecated-badge" data-badge data-color="orange">${escapeHtml(messages.deprecated)}</span>`
    : "";
  return `${eyebrowHtml(view, eyebrows, messages)}<header id="header" class="page-header"><h1 id="page-title" class="page-title">${escapeHtml(page.title)}${badge}</h1>${page.description ? `<p class="page-description">${escapeHtml(page.description)}</p>` : ""}${actions}</header>
`;
}

/** The notice a deprecated page carries above its content. */
export function deprecatedNotice(page: PageMeta, messages: Messages = ENGLISH): string {
  if (!page.deprecated) return "";
  return `<div class="deprecated-notice callout callout-warning" role="note"><span class="callout-icon">${iconHtml("triangle-exclamation", { size: 16 })}</span><div class="callout-content"><p>${escapeHtml(messages.deprecatedNotice)}</p></div></div>\n`;
}

function eyebrowHtml(
  view: NavigationView,
  style: SiteStyling["eyebrows"],
  messages: Messages,
): string {
  if (style === "breadcrumbs") {
    const trail = [...view.sections, ...view.breadcrumb];
    if (trail.length === 0) return "";
    return `<nav class="eyebrow breadcrumbs" aria-label="${escapeHtml(messages.breadcrumb)}"><ol class="breadcrumb-list">${trail.map((part) => `<li class="breadcrumb-item">${escapeHtml(part)}</li>`).join("")}</ol></nav>`;
  }
  const last = view.breadcrumb.at(-1);
  return last ? `<p class="eyebrow">${escapeHtml(last)}</p>` : "";
}
