import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  createIgnoreMatcher,
  isPageSource,
  listRepository,
  normalizePagePath,
  pagePathOfFile,
} from "../../exporter/index.ts";
import { decodeText } from "./text-files.ts";

/** Pages re-checked after one change at most; more are named as not checked. */
export const MAX_AFFECTED_PAGES = 200;

export interface AffectedPages {
  /** Page files to render and check, the changed ones first. */
  pages: string[];
  /** Pages that may be affected but were left out (over the limit). */
  omitted: number;
}

/** Files whose change is covered by the site-wide checks alone (config and navigation). */
const SITE_FILES = new Set(["docs.json", "mint.json", ".mintignore"]);

/**
 * The pages a change to `files` can affect, in the repository at `root`: the changed pages
 * themselves (present or not: the validation skips absent ones), the pages linking to a page
 * that is gone (a cheap scan of link targets, not a render), and the pages using a changed
 * snippet or asset (its name found in their text, through one level of snippets). Site-wide
 * checks need no page: the validation always runs them.
 */
export function pagesAffectedBy(
  root: string,
  files: string[],
  limit = MAX_AFFECTED_PAGES,
): AffectedPages {
  const direct = new Set<string>();
  const removedPages = new Set<string>();
  const names = new Set<string>();
  for (const file of files) {
    if (SITE_FILES.has(file)) continue;
    if (isPageSource(file)) {
      direct.add(file);
      if (!existsSync(path.join(root, file))) removedPages.add(pagePathOfFile(file));
    } else {
      // Imports and image paths name the file with its extension: specific enough to search for.
      names.add(path.posix.basename(file));
    }
  }
  const found = new Set<string>(direct);
  if (removedPages.size > 0 || names.size > 0) {
    const texts = readSourceTexts(root);
    if (removedPages.size > 0)
      for (const page of pagesLinkingTo(texts, removedPages)) found.add(page);
    if (names.size > 0) for (const page of pagesNaming(texts, names)) found.add(page);
  }
  const pages = [...found];
  return { pages: pages.slice(0, limit), omitted: Math.max(0, pages.length - limit) };
}

interface SourceTexts {
  pages: Map<string, string>;
  snippets: Map<string, string>;
}

/** The text of every page, and of every snippet (sources under `snippets/` that are not pages). */
function readSourceTexts(root: string): SourceTexts {
  let ignoreText = "";
  try {
    ignoreText = readFileSync(path.join(root, ".mintignore"), "utf8");
  } catch {
    ignoreText = "";
  }
  const listing = listRepository(root, createIgnoreMatcher(ignoreText));
  const read = (file: string): string | undefined => {
    try {
      return decodeText(readFileSync(path.join(root, file)));
    } catch {
      return undefined;
    }
  };
  const pages = new Map<string, string>();
  for (const file of listing.pages) {
    const text = read(file);
    if (text !== undefined) pages.set(file, text);
  }
  const snippets = new Map<string, string>();
  for (const file of listing.files) {
    if (!/\.(mdx|md|jsx|tsx|js|ts)$/i.test(file)) continue;
    const text = read(file);
    if (text !== undefined) snippets.set(file, text);
  }
  return { pages, snippets };
}

/** Pages with a link (Markdown, reference or `href`) resolving to one of the page paths. */
function pagesLinkingTo(texts: SourceTexts, pagePaths: Set<string>): string[] {
  const lastSegments = [...pagePaths].map((pagePath) =>
    pagePath.slice(pagePath.lastIndexOf("/") + 1),
  );
  const linking: string[] = [];
  for (const [file, text] of texts.pages) {
    if (!lastSegments.some((segment) => text.includes(segment))) continue;
    const fromFolder = path.posix.dirname(pagePathOfFile(file));
    const targets = linkTargets(text).map((target) =>
      normalizePagePath(target, fromFolder === "." ? "" : fromFolder),
    );
    if (
      targets.some(
        (target) =>
          target !== undefined &&
          (pagePaths.has(target) || pagePaths.has(target.replace(/\/index$/, ""))),
      )
    ) {
      linking.push(file);
    }
  }
  return linking;
}

const LINK_PATTERNS = [
  /\]\(\s*<?([^)\s>]+)/g, // [text](target)
  /^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm, // [label]: target
  /\bhref\s*=\s*\{?\s*["'`]([^"'`]+)["'`]/g, // href="target", href={"target"}
];

function linkTargets(text: string): string[] {
  const targets: string[] = [];
  for (const pattern of LINK_PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const target = (match[1] as string).trim();
      if (
        target === "" ||
        target.startsWith("#") ||
        /^[a-z][a-z0-9+.-]*:/i.test(target) ||
        target.startsWith("//")
      )
        continue;
      targets.push(target);
    }
  }
  return targets;
}

/** Pages whose text names one of the files (a snippet import, an image), directly or through one snippet. */
function pagesNaming(texts: SourceTexts, names: Set<string>): string[] {
  const wanted = new Set(names);
  for (const [file, text] of texts.snippets) {
    if ([...names].some((name) => text.includes(name))) wanted.add(path.posix.basename(file));
  }
  const naming: string[] = [];
  for (const [file, text] of texts.pages) {
    for (const name of wanted) {
      if (text.includes(name)) {
        naming.push(file);
        break;
      }
    }
  }
  return naming;
}
