import { checkUrl } from "../safety/url-policy.ts";

/** Escapes text for HTML element content and double-quoted attribute values. */
export function escapeHtml(text: string): string {
  return NEEDS_ESCAPE.test(text)
    ? text.replace(/[&<>"']/g, (character) => ESCAPES[character] as string)
    : text;
}

const NEEDS_ESCAPE = /[&<>"']/;

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** True for absolute URLs (`https:`, `mailto:`) and protocol-relative ones. */
export function isExternalUrl(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith("//");
}

/**
 * A small, safe Markdown-to-HTML for one line of text (banner content): links, bold,
 * italics and code. Everything else is escaped.
 */
export function inlineMarkdown(text: string, rewriteHref: (href: string) => string): string {
  const tokens: string[] = [];
  const stash = (html: string): string => `\uE000${tokens.push(html) - 1}\uE001`;
  let working = text.replace(/`([^`]+)`/g, (_match, code: string) =>
    stash(`<code>${escapeHtml(code)}</code>`),
  );
  working = working.replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_match, label: string, href: string) => {
    if (!checkUrl(href, "link").ok) return stash(escapeHtml(label));
    return stash(`<a href="${escapeHtml(rewriteHref(href))}">${escapeHtml(label)}</a>`);
  });
  working = escapeHtml(working)
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
    .replace(/(^|[^*])\*([^*]+)\*/g, "$1<em>$2</em>");
  return working.replace(
    /\uE000(\d+)\uE001/g,
    (_match, index: string) => tokens[Number(index)] ?? "",
  );
}
