import { checkUrl } from "../safety/url-policy.ts";

/** Built-in options of the page menu the export can make (docs.json `contextual.options`). */
export const CONTEXTUAL_OPTION_IDS = [
  "copy",
  "view",
  "chatgpt",
  "claude",
  "perplexity",
  "grok",
  "aistudio",
  "mcp",
  "add-mcp",
  "cursor",
  "vscode",
] as const;

export type ContextualOptionId = (typeof CONTEXTUAL_OPTION_IDS)[number];

/** A repository's own menu entry: a link, whose query values may name `$page`, `$path` or `$mcp`. */
export interface CustomContextualOption {
  title: string;
  description?: string;
  icon?: string;
  href: string | { base: string; query: { key: string; value: string }[] };
}

export type ContextualOption = ContextualOptionId | CustomContextualOption;

/** The page menu: its entries in order (the first is the button's own action) and where it sits. */
export interface ContextualSettings {
  options: ContextualOption[];
  display: "header" | "toc";
}

/** Options Mintlify documents that need its hosted service; each is left out with its reason. */
const HOSTED_ONLY: Readonly<Record<string, string>> = {
  assistant: "the bundle has no AI assistant",
  "download-pdf": "PDFs are drawn by Mintlify's hosted service",
  "download-spec": "the bundle publishes each specification beside the pages instead",
  devin: "Devin sessions are started by Mintlify's hosted service",
  "devin-desktop": "Devin sessions are started by Mintlify's hosted service",
  "devin-mcp": "Devin's MCP installation is done by Mintlify's hosted service",
};

/** The menu when docs.json says nothing: the two actions that need nothing but the bundle. */
export const DEFAULT_CONTEXTUAL: ContextualSettings = {
  options: ["copy", "view"],
  display: "header",
};

/** A problem found while reading `contextual`, at its key path (below the object's own path). */
export interface ContextualIssue {
  path: string;
  message: string;
}

/**
 * Reads a `contextual` object (docs.json's, or a page's frontmatter override). Unknown or
 * hosted-only options and refused links are left out, each with an issue; the rest is kept.
 */
export function readContextual(
  value: unknown,
  path: string,
): { settings?: ContextualSettings; issues: ContextualIssue[] } {
  const issues: ContextualIssue[] = [];
  if (value === undefined || value === null) return { issues };
  if (typeof value !== "object" || Array.isArray(value)) {
    issues.push({ path, message: "should be an object with options and display; it is ignored" });
    return { issues };
  }
  const object = value as Record<string, unknown>;
  const display = object.display ?? "header";
  if (display !== "header" && display !== "toc")
    issues.push({
      path: `${path}.display`,
      message: 'should be "header" or "toc"; "header" is used',
    });
  const options: ContextualOption[] = [];
  const list = object.options ?? [];
  if (!Array.isArray(list)) {
    issues.push({ path: `${path}.options`, message: "should be an array; it is ignored" });
    return { issues };
  }
  list.forEach((item, index) => {
    const option = readOption(item, `${path}.options[${index}]`, issues);
    if (option) options.push(option);
  });
  return { settings: { options, display: display === "toc" ? "toc" : "header" }, issues };
}

function readOption(
  item: unknown,
  path: string,
  issues: ContextualIssue[],
): ContextualOption | undefined {
  if (typeof item === "string") {
    if ((CONTEXTUAL_OPTION_IDS as readonly string[]).includes(item))
      return item as ContextualOptionId;
    const reason = HOSTED_ONLY[item];
    issues.push({
      path,
      message: reason
        ? `"${item}" is not in the export: ${reason}`
        : `unknown option "${item}"; it is left out`,
    });
    return undefined;
  }
  if (typeof item !== "object" || item === null || Array.isArray(item)) {
    issues.push({ path, message: "should be an option name or an object with title and href" });
    return undefined;
  }
  const object = item as Record<string, unknown>;
  if (typeof object.title !== "string" || object.title.trim() === "") {
    issues.push({ path: `${path}.title`, message: "the option's title (a string) is missing" });
    return undefined;
  }
  const href = readHref(object.href, `${path}.href`, issues);
  if (!href) return undefined;
  return {
    title: object.title.trim(),
    ...(typeof object.description === "string" ? { description: object.description } : {}),
    ...(typeof object.icon === "string" ? { icon: object.icon } : {}),
    href,
  };
}

function readHref(
  value: unknown,
  path: string,
  issues: ContextualIssue[],
): CustomContextualOption["href"] | undefined {
  const base =
    typeof value === "string"
      ? value
      : typeof value === "object" && value !== null
        ? (value as Record<string, unknown>).base
        : undefined;
  if (typeof base !== "string" || base.trim() === "") {
    issues.push({ path, message: "should be a URL, or an object with base and query" });
    return undefined;
  }
  const verdict = checkUrl(base, "link");
  if (!verdict.ok) {
    issues.push({ path, message: `the option is left out: ${verdict.reason}` });
    return undefined;
  }
  if (typeof value === "string") return base;
  const query: { key: string; value: string }[] = [];
  const rawQuery = (value as Record<string, unknown>).query ?? [];
  for (const entry of Array.isArray(rawQuery) ? rawQuery : []) {
    const pair = entry as Record<string, unknown> | null;
    if (pair && typeof pair.key === "string" && typeof pair.value === "string")
      query.push({ key: pair.key, value: pair.value });
    else
      issues.push({
        path: `${path}.query`,
        message: "each entry needs a key and a value (strings)",
      });
  }
  return { base, query };
}
