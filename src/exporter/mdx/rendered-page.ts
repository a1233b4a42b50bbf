import type { ElementContent } from "hast";
import type { Problem } from "../problems.ts";
import type { BrowserModule } from "./custom-components.ts";

export interface TocEntry {
  depth: 2 | 3 | 4;
  id: string;
  text: string;
}

/** A section of a page for search: the text under one heading. */
export interface SearchSection {
  /** Heading id; empty for the text before the first heading. */
  anchor: string;
  heading: string;
  text: string;
  /**
   * The words of the whole text, each at most as often as the search index counts it, when
   * `text` keeps only the start that results show (`sectionsForIndex` in search/build-index.ts).
   */
  words?: string;
}

/** A link of a page to a page of the site, where it is written. */
export interface PageLink {
  /** The page path linked to. */
  target: string;
  /** The fragment after `#`, decoded: an id the target page must have. Absent when none. */
  anchor?: string;
  line?: number;
  column?: number;
}

/** The body of one page, rendered; independent of layout so it can be cached by content. */
export interface RenderedBody {
  html: string;
  /** Shown right under the page header: an API page's endpoint bar (components/side-column.ts). */
  lead?: string;
  /**
   * The page's side column (components/side-column.ts): examples and panels, shown beside the
   * content on wide screens. Absent when the page has none.
   */
  aside?: string;
  frontmatter: Record<string, unknown>;
  toc: TocEntry[];
  sections: SearchSection[];
  /** The page as Markdown, for `<path>.md` and llms-full.txt. */
  markdown: string;
  /** Repository-relative files (images, downloads) the page references. */
  assets: string[];
  /** Internal links found (same-page `#anchor` links too), for the broken-link and anchor checks. */
  links: PageLink[];
  /** Every element id in the body (headings, components): what `#anchor` links may name. */
  ids: string[];
  /** Which optional page features are used, so their assets load only where needed. */
  features: { math: boolean; mermaid: boolean };
  /**
   * Interactive repository components: the compiled modules the page loads after the islands
   * runtime (each a bundle file shared by every page that uses it). Absent when there are none.
   */
  islandModules?: BrowserModule[];
  /**
   * Class names the page's author wrote (HTML in MDX, repository components' output and, for
   * interactive components, their source): the candidates for Tailwind utilities.
   */
  classes?: string[];
  problems: Problem[];
  /** Repository-relative files read to render this page (snippets), for the cache key. */
  dependencies: string[];
}

/** What `append` adds: page content, and the same content as Markdown. */
export interface AppendedContent {
  nodes: ElementContent[];
  markdown: string;
  /** Repository files the content was read from, for the cache. */
  dependencies: string[];
  /** Before the page's own content instead of after it. */
  position?: "start" | "end";
}

/** A body with nothing rendered: a page that failed (with its problems), or one not rendered yet. */
export function emptyBody(problems: Problem[] = []): RenderedBody {
  return {
    html: "",
    frontmatter: {},
    toc: [],
    sections: [],
    markdown: "",
    assets: [],
    links: [],
    ids: [],
    features: { math: false, mermaid: false },
    problems,
    dependencies: [],
  };
}
