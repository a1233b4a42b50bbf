import { pagesUnder } from "../site/navigation-pages.ts";
import type { PageMeta } from "../site/page-index.ts";
import type { NavDivision, Navigation, NavNode } from "../site/types.ts";

/** One language's version of a page. */
export interface LanguageAlternate {
  /** The docs.json language code (`fr`, `cn`, `pt-BR`). */
  language: string;
  /** The page path in that language. */
  target: string;
}

/**
 * Which pages are the same page in another language. Mintlify sites keep each language's
 * pages in a folder named for it (`fr/quickstart`, `es/quickstart`), the default language's
 * often at the root (`quickstart`): a page's language-neutral path is its path without its
 * language's folder, and two pages with the same neutral path are translations of each other.
 */
export class LanguageAlternates {
  /** Language divisions in the order docs.json lists them. */
  private readonly divisions: NavDivision[] = [];
  /** Language code → neutral path → page path. */
  private readonly byNeutral = new Map<string, Map<string, string>>();
  /** Page path → the language division holding its first occurrence. */
  private readonly languageOf = new Map<string, NavDivision>();
  private readonly pages: Record<string, PageMeta>;

  constructor(navigation: Navigation, pages: Record<string, PageMeta>) {
    this.pages = pages;
    this.collect(navigation.root);
  }

  /** The site's language codes, in docs.json order. */
  get codes(): string[] {
    return this.divisions.map((division) => division.language as string);
  }

  /** Whether the site has more than one language. */
  get multilingual(): boolean {
    return this.divisions.length > 1;
  }

  /** The default language: the division marked `default`, else the first. */
  get defaultLanguage(): string | undefined {
    return (this.divisions.find((division) => division.isDefault) ?? this.divisions[0])?.language;
  }

  /**
   * The page's versions in every language that has one, itself included, in docs.json order.
   * Empty for a page in no language division or on a site with one language.
   */
  alternates(pagePath: string): LanguageAlternate[] {
    const own = this.languageOf.get(pagePath);
    if (!own?.language || !this.multilingual) return [];
    const neutral = neutralPath(pagePath, own.language);
    const found: LanguageAlternate[] = [];
    for (const division of this.divisions) {
      const language = division.language as string;
      const target = division === own ? pagePath : this.byNeutral.get(language)?.get(neutral);
      if (target) found.push({ language, target });
    }
    return found;
  }

  /** The page in `language` that matches `pagePath`, when that language has one. */
  counterpart(pagePath: string, language: string): string | undefined {
    return this.alternates(pagePath).find((alternate) => alternate.language === language)?.target;
  }

  private collect(nodes: NavNode[]): void {
    for (const node of nodes) {
      if (node.type !== "division") continue;
      if (node.kind === "language" && node.language && !node.href) {
        this.divisions.push(node);
        const table = this.byNeutral.get(node.language) ?? new Map<string, string>();
        this.byNeutral.set(node.language, table);
        for (const pagePath of pagesUnder(node.children)) {
          if (this.pages[pagePath]?.url) continue;
          if (!this.languageOf.has(pagePath)) this.languageOf.set(pagePath, node);
          const neutral = neutralPath(pagePath, node.language);
          if (!table.has(neutral)) table.set(neutral, pagePath);
        }
      } else this.collect(node.children);
    }
  }
}

/** The page path without its language's folder: `fr/guides/setup` → `guides/setup` for `fr`. */
export function neutralPath(pagePath: string, language: string): string {
  const lower = pagePath.toLowerCase();
  for (const folder of new Set([language, language.toLowerCase(), language.split("-")[0]])) {
    const prefix = `${folder?.toLowerCase()}/`;
    if (lower.startsWith(prefix)) return pagePath.slice(prefix.length);
    if (lower === folder?.toLowerCase()) return "index";
  }
  return pagePath;
}
