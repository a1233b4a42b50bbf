import type { TocEntry } from "../../mdx/rendered-page.ts";
import { ENGLISH, type Messages } from "../../messages/index.ts";
import { escapeHtml } from "../html.ts";

/**
 * `#table-of-contents`: the page's headings, the one in view marked by the client script, and
 * the page menu under them when docs.json's `contextual.display` is `toc`.
 */
export function tableOfContentsHtml(
  toc: TocEntry[],
  messages: Messages = ENGLISH,
  actions = "",
): string {
  const items = toc
    .map(
      (entry) =>
        `<li class="toc-item toc-depth-${entry.depth}"><a href="#${escapeHtml(entry.id)}">${escapeHtml(entry.text)}</a></li>`,
    )
    .join("");
  return `<aside id="table-of-contents-layout" class="toc-layout"><div id="table-of-contents" class="toc" role="navigation" aria-labelledby="toc-title"><p id="toc-title" class="toc-title">${escapeHtml(messages.onThisPage)}</p><ul id="table-of-contents-content">${items}</ul>${actions}</div></aside>\n`;
}
