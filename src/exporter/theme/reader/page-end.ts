import type { RepositoryLink } from "../../export-options.ts";
import { ENGLISH, type Messages } from "../../messages/index.ts";
import { checkUrl } from "../../safety/url-policy.ts";
import { languageTag } from "../../site/language-tags.ts";
import type { PageMeta } from "../../site/page-index.ts";
import { iconHtml } from "../chrome/icon.ts";
import { escapeHtml } from "../html.ts";
import type { SiteLayoutData } from "../layout-types.ts";

/**
 * `.page-end`, between a page's content and its previous/next links: the last-modified date,
 * "Was this page helpful?" and the links to the repository. Empty when the page has none.
 */
export function pageEndHtml(
  site: SiteLayoutData,
  page: PageMeta,
  language?: string,
  messages: Messages = ENGLISH,
): string {
  const parts = [
    lastModifiedHtml(site, page, language, messages),
    feedbackHtml(site, page, messages),
    editLinksHtml(site, page, messages),
  ]
    .filter(Boolean)
    .join("");
  return parts ? `<div class="page-end">${parts}</div>\n` : "";
}

/**
 * "Last modified on …" when docs.json's `metadata.timestamp` or the page's `timestamp` asks for
 * it: the page's `lastUpdatedDate`, else its source's last commit, else the export's own date,
 * written as the page's language writes dates (`language` is its docs.json code).
 */
export function lastModifiedHtml(
  site: SiteLayoutData,
  page: PageMeta,
  language?: string,
  messages: Messages = ENGLISH,
): string {
  if (!(page.timestamp ?? site.config.metadata.timestamp)) return "";
  const date =
    page.lastUpdatedDate ?? site.reader?.lastModified?.[page.file] ?? site.reader?.exportedAt;
  if (!date) return "";
  const shown = new Date(date).toLocaleDateString(dateLocale(language), {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
  const time = `<time datetime="${escapeHtml(date)}">${escapeHtml(shown)}</time>`;
  return `<p class="last-modified">${escapeHtml(messages.lastModified).replace("{date}", time)}</p>`;
}

/** The locale a page's dates are written in: US English on an English or one-language site. */
function dateLocale(language: string | undefined): string {
  if (!language || language === "en") return "en-US";
  const tag = languageTag(language);
  // A code Intl does not take (none docs.json accepts, but a typo) falls back to US English.
  return Intl.DateTimeFormat.supportedLocalesOf([tag]).length > 0 ? tag : "en-US";
}

/**
 * The thumbs, only when the operator gave a collector. Hidden until the client script, which
 * sends the answer, shows it: with scripts off the buttons could do nothing.
 */
export function feedbackHtml(
  site: SiteLayoutData,
  page: PageMeta,
  messages: Messages = ENGLISH,
): string {
  const collector = site.reader?.feedbackUrl;
  if (!collector || !site.config.feedback.thumbs) return "";
  const button = (helpful: boolean) =>
    `<button type="button" class="feedback-button" data-helpful="${helpful}">${iconHtml(helpful ? "thumbs-up" : "thumbs-down", { size: 16 })}<span>${escapeHtml(helpful ? messages.feedbackYes : messages.feedbackNo)}</span></button>`;
  return `<div class="page-feedback" data-feedback-url="${escapeHtml(collector)}" data-feedback-page="${escapeHtml(page.path)}" data-thanks="${escapeHtml(messages.feedbackThanks)}" data-failed="${escapeHtml(messages.feedbackFailed)}" hidden><span class="feedback-question">${escapeHtml(messages.feedbackQuestion)}</span>${button(true)}${button(false)}<span class="feedback-status" role="status"></span></div>`;
}

/** "Suggest edits" and "Raise issue", when the export knows the docs repository and docs.json allows them. */
export function editLinksHtml(
  site: SiteLayoutData,
  page: PageMeta,
  messages: Messages = ENGLISH,
): string {
  const repository = site.reader?.repository;
  if (!repository || !page.file) return "";
  const urls = repositoryUrls(repository, page, messages.issueTitle);
  if (!urls) return "";
  const link = (href: string, icon: string, text: string, name: string) =>
    `<a class="${name}" href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer">${iconHtml(icon, { size: 14 })}<span>${escapeHtml(text)}</span></a>`;
  // docs.json `feedback` may turn either link off.
  const { edits, issues } = site.config.feedback;
  const links = [
    edits ? link(urls.edit, "pencil", messages.suggestEdits, "suggest-edit") : "",
    issues ? link(urls.issue, "circle-alert", messages.raiseIssue, "raise-issue") : "",
  ].join("");
  return links ? `<div class="edit-links">${links}</div>` : "";
}

/** The forge's edit page of the page's source, and its new-issue form filled in for the page. */
export function repositoryUrls(
  repository: RepositoryLink,
  page: Pick<PageMeta, "file" | "path">,
  issueTitle: string = ENGLISH.issueTitle,
): { edit: string; issue: string } | undefined {
  const base = repository.url.replace(/\/+$/, "").replace(/\.git$/, "");
  const verdict = checkUrl(base, "link");
  if (!verdict.ok || !/^https?:\/\//i.test(verdict.url)) return undefined;
  const forge = repository.forge ?? forgeOfHost(base);
  const ref = encodeURIComponent(repository.ref ?? "HEAD");
  const file = [repository.folder, page.file]
    .filter(Boolean)
    .join("/")
    .split("/")
    .map(encodeURIComponent)
    .join("/");
  const title = encodeURIComponent(issueTitle);
  const body = encodeURIComponent(`Path: /${page.path === "index" ? "" : page.path}`);
  switch (forge) {
    case "gitlab":
      return {
        edit: `${base}/-/edit/${ref}/${file}`,
        issue: `${base}/-/issues/new?issue[title]=${title}&issue[description]=${body}`,
      };
    case "gitea":
      return {
        edit: `${base}/_edit/${ref}/${file}`,
        issue: `${base}/issues/new?title=${title}&body=${body}`,
      };
    default:
      return {
        edit: `${base}/edit/${ref}/${file}`,
        issue: `${base}/issues/new?title=${title}&body=${body}`,
      };
  }
}

function forgeOfHost(url: string): RepositoryLink["forge"] {
  const host = new URL(url).hostname;
  if (host === "gitlab.com" || host.startsWith("gitlab.")) return "gitlab";
  if (host === "gitea.com" || host === "codeberg.org" || host.startsWith("gitea.")) return "gitea";
  return "github";
}
