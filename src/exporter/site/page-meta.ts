import type { Problem } from "../problems.ts";
import { type ContextualIssue, readContextual } from "./contextual.ts";
import type { PageMeta } from "./page-index.ts";
import { pagePathOfFile } from "./paths.ts";

const MODES = new Set(["default", "wide", "center", "custom", "frame"]);

/**
 * Frontmatter keys Mintlify documents that a static export cannot honour, with the reason. A
 * page naming one gets a warning; any other key of the author's own is data Mintlify keeps
 * silently too (`product: "API"`), so it passes without one.
 */
const UNSUPPORTED_KEYS: Readonly<Record<string, string>> = {
  related: "related pages are a hosted add-on; the export shows none",
  groups:
    "access groups need Mintlify's authentication; the export publishes the page to every reader",
};

/** Builds a page's metadata from its frontmatter, warning about values of the wrong type. */
export function pageMetaFromFrontmatter(
  file: string,
  frontmatter: Record<string, unknown>,
  problems: Problem[],
): PageMeta {
  const path = pagePathOfFile(file);
  const warn = (key: string, expected: string): void => {
    problems.push({
      severity: "warning",
      rule: "frontmatter",
      file,
      line: 1,
      message: `frontmatter "${key}" should be ${expected}; it is ignored`,
    });
  };
  const unsupported = (key: string, reason: string): void => {
    problems.push({
      severity: "warning",
      rule: "frontmatter",
      file,
      line: 1,
      message: `frontmatter "${key}" is not supported: ${reason}`,
    });
  };
  const text = (key: string): string | undefined => {
    const value = frontmatter[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value === "string") return value;
    if (typeof value === "number" || typeof value === "boolean") return String(value);
    warn(key, "text");
    return undefined;
  };
  const flag = (key: string, fallback = false): boolean => {
    const value = frontmatter[key];
    if (value === undefined || value === null) return fallback;
    if (typeof value === "boolean") return value;
    if (value === "true" || value === "false") return value === "true";
    warn(key, "true or false");
    return fallback;
  };
  let mode = text("mode") as PageMeta["mode"] | "assistant";
  if (mode === "assistant") {
    unsupported(
      "mode",
      "the assistant page needs an AI assistant, which a static bundle has not; the page shows as a default page",
    );
    mode = undefined;
  } else if (mode && !MODES.has(mode)) {
    warn("mode", `one of ${[...MODES].join(", ")}`);
    mode = undefined;
  }
  for (const [key, reason] of Object.entries(UNSUPPORTED_KEYS))
    if (frontmatter[key] !== undefined) unsupported(key, reason);
  const keywordsValue = frontmatter.keywords;
  const keywords = Array.isArray(keywordsValue)
    ? keywordsValue.map(String)
    : typeof keywordsValue === "string"
      ? keywordsValue
          .split(",")
          .map((keyword) => keyword.trim())
          .filter(Boolean)
      : [];
  const givenTitle = text("title");
  const title = givenTitle ?? titleFromPath(path);
  const openapi = text("openapi");
  const asyncapi = text("asyncapi");
  const manualApi = readManualApi(text("api"), file, problems);
  const playground = text("playground");
  if (playground !== undefined && !PLAYGROUND_MODES.has(playground))
    warn("playground", "interactive, simple or none");
  const iconType = text("iconType");
  const boost = frontmatter.boost;
  const contextual = readContextual(frontmatter.contextual, "contextual");
  for (const issue of contextual.issues) warnAt(file, issue, problems);
  const timestamp = frontmatter.timestamp === undefined ? undefined : flag("timestamp");
  const lastUpdatedDate = readDate(text("lastUpdatedDate"), file, problems);
  if (boost !== undefined && (typeof boost !== "number" || !(boost > 0)))
    warn("boost", "a number above 0");
  return {
    ...(typeof boost === "number" && boost > 0 && boost !== 1 ? { boost } : {}),
    ...(iconType ? { iconType } : {}),
    ...(contextual.settings ? { contextual: contextual.settings } : {}),
    ...(timestamp !== undefined ? { timestamp } : {}),
    ...(flag("rss") ? { rss: true } : {}),
    ...(lastUpdatedDate ? { lastUpdatedDate } : {}),
    ...(flag("deprecated") ? { deprecated: true } : {}),
    ...(flag("hideFooterPagination") ? { hideFooterPagination: true } : {}),
    ...(flag("hideApiMarker") ? { hideApiMarker: true } : {}),
    ...(frontmatter.searchable !== undefined && !flag("searchable", true)
      ? { unsearchable: true }
      : {}),
    ...(manualApi ? { manualApi } : {}),
    ...(playground && PLAYGROUND_MODES.has(playground)
      ? { playground: playground as PageMeta["playground"] }
      : {}),
    ...(givenTitle === undefined ? { untitled: true } : {}),
    ...(openapi?.trim() ? { openapi: openapi.trim() } : {}),
    ...(asyncapi?.trim() ? { asyncapi: asyncapi.trim() } : {}),
    path,
    file,
    title,
    sidebarTitle: text("sidebarTitle"),
    description: text("description"),
    icon: text("icon"),
    tag: text("tag"),
    mode,
    hidden: flag("hidden"),
    noindex: flag("noindex") || frontmatter.robots === "noindex",
    url: text("url"),
    keywords,
  };
}

/** A frontmatter `contextual` problem, as a warning on the page. */
function warnAt(file: string, issue: ContextualIssue, problems: Problem[]): void {
  problems.push({
    severity: "warning",
    rule: "frontmatter",
    file,
    line: 1,
    message: `frontmatter "${issue.path}" ${issue.message}`,
  });
}

/** Frontmatter `lastUpdatedDate`: a date (`2026-08-13`) or an ISO 8601 timestamp, as ISO text. */
function readDate(
  value: string | undefined,
  file: string,
  problems: Problem[],
): string | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const time = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value.trim())
    ? Date.parse(value.trim())
    : Number.NaN;
  if (Number.isNaN(time)) {
    problems.push({
      severity: "warning",
      rule: "frontmatter",
      file,
      line: 1,
      message: `frontmatter "lastUpdatedDate" should be a date such as 2026-08-13, not "${value}"; it is ignored`,
    });
    return undefined;
  }
  return new Date(time).toISOString();
}

const PLAYGROUND_MODES = new Set(["interactive", "simple", "none"]);

/** Frontmatter `api: "POST /v1/users"` or `"GET https://api.example.com/users/{id}"`. */
function readManualApi(
  value: string | undefined,
  file: string,
  problems: Problem[],
): PageMeta["manualApi"] {
  if (value === undefined || value.trim() === "") return undefined;
  const match = /^\s*(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|TRACE)\s+(\S+)\s*$/i.exec(value);
  if (!match) {
    problems.push({
      severity: "warning",
      rule: "frontmatter",
      file,
      line: 1,
      message: `frontmatter "api" should read "METHOD /path" or "METHOD https://host/path", not "${value}"; it is ignored`,
    });
    return undefined;
  }
  return { method: (match[1] as string).toLowerCase(), url: match[2] as string };
}

/** `guides/getting-started` → `Getting started`, for pages without a title. */
export function titleFromPath(pagePath: string): string {
  const last = pagePath.split("/").pop() ?? pagePath;
  const words = (last === "index" ? (pagePath.split("/").slice(-2, -1)[0] ?? "Home") : last)
    .replace(/[-_]+/g, " ")
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
