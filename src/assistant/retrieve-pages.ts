import { readFile } from "node:fs/promises";
import type { BundleSearch, SearchHit } from "../exporter/index.ts";
import { confine } from "../files/confine.ts";

/** A page of the bundle chosen to answer a question, with the text the model may quote. */
export interface RetrievedPage {
  /** Page path: the page is `<path>.html`, its Markdown copy `<path>.md`. */
  path: string;
  title: string;
  /** Heading id of the best-matching section; empty for the top of the page. */
  anchor: string;
  /** The page's Markdown (from its `.md` copy), cut to the budget around the matching section. */
  text: string;
}

export interface RetrievalLimits {
  /** Pages given to the model at most. */
  pages: number;
  /** Characters of one page's text at most. */
  charactersPerPage: number;
}

export const DEFAULT_RETRIEVAL_LIMITS: RetrievalLimits = { pages: 4, charactersPerPage: 4000 };

/** Words of a question searched at most (a long question is mostly filler after these). */
const MAX_WORDS = 12;
/** Hits looked at per word: enough to tell a word on a few pages from one on most. */
const HITS_PER_WORD = 50;

/**
 * The pages that best answer a question. The page's search requires every word of a query,
 * which a question in a sentence rarely meets, so each meaningful word is searched on its own.
 * A page scores, for each word, its best section's score relative to the word's best page,
 * weighed by how rare the word is (a word found on few pages says more about them than `job`
 * on a site about jobs); the sum over the words ranks the pages. The whole question, searched
 * as a reader would, counts as one more rare word for the pages that match all of it.
 */
export async function retrievePages(
  index: BundleSearch,
  root: string,
  question: string,
  limits: RetrievalLimits = DEFAULT_RETRIEVAL_LIMITS,
): Promise<RetrievedPage[]> {
  const terms = index.questionWords(question).slice(0, MAX_WORDS);
  if (terms.length === 0) return [];
  const searches = await Promise.all([
    ...terms.map((term) => index.search(term, HITS_PER_WORD)),
    terms.length > 1 ? index.search(terms.join(" "), HITS_PER_WORD) : Promise.resolve([]),
  ]);
  const pages = new Map<string, { score: number; best: SearchHit; bestShare: number }>();
  for (const hits of searches) {
    const bestPerPage = new Map<string, SearchHit>();
    for (const hit of hits) {
      const known = bestPerPage.get(hit.path);
      if (!known || hit.score > known.score) bestPerPage.set(hit.path, hit);
    }
    const top = Math.max(0, ...[...bestPerPage.values()].map((hit) => hit.score));
    if (top === 0) continue;
    const rarity = Math.log(1 + HITS_PER_WORD / bestPerPage.size);
    for (const [pagePath, hit] of bestPerPage) {
      const share = (hit.score / top) * rarity;
      const page = pages.get(pagePath);
      if (!page) pages.set(pagePath, { score: share, best: hit, bestShare: share });
      else {
        page.score += share;
        if (share > page.bestShare) {
          page.best = hit;
          page.bestShare = share;
        }
      }
    }
  }
  const chosen = [...pages.values()]
    .sort((a, b) => b.score - a.score || a.best.path.localeCompare(b.best.path))
    .slice(0, limits.pages);
  const retrieved = await Promise.all(
    chosen.map(async ({ best }) => {
      const markdown = await readPageMarkdown(root, best.path);
      const text =
        markdown === undefined
          ? best.text
          : cutAroundSection(markdown, best.heading, limits.charactersPerPage);
      return { path: best.path, title: best.title, anchor: best.anchor, text };
    }),
  );
  return retrieved.filter((page) => page.text.trim() !== "");
}

/** The `.md` copy of a page, or undefined when the bundle has none. */
async function readPageMarkdown(root: string, pagePath: string): Promise<string | undefined> {
  const file = confine(root, `${pagePath}.md`);
  if (!file) return undefined;
  try {
    return await readFile(file, "utf8");
  } catch {
    return undefined;
  }
}

/**
 * About `limit` characters of a page: all of it when it fits, else its title line and the text
 * from the matching section's heading on (or from the top when the heading is not found).
 */
export function cutAroundSection(markdown: string, heading: string, limit: number): string {
  if (markdown.length <= limit) return markdown;
  const firstLine = markdown.slice(0, markdown.indexOf("\n") + 1 || markdown.length);
  let start = 0;
  if (heading) {
    const lines = markdown.split("\n");
    let offset = 0;
    for (const line of lines) {
      if (/^#{1,6}\s/.test(line) && line.replace(/^#+\s*/, "").trim() === heading.trim()) {
        start = offset;
        break;
      }
      offset += line.length + 1;
    }
  }
  if (start === 0) return `${markdown.slice(0, limit)}…`;
  return `${firstLine}\n${markdown.slice(start, start + limit - firstLine.length)}…`;
}
