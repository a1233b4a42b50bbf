import type { Problem } from "../problems.ts";
import { problemAt } from "../site/config/checker.ts";
import type { PageMeta } from "../site/page-index.ts";
import { pageLocation, pageOutputFile, relativeUrl } from "../site/paths.ts";
import {
  compileDestination,
  compileSource,
  type DestinationTemplate,
  encodePath,
  fillDestination,
  matchSource,
  type SourcePattern,
} from "../site/redirect-pattern.ts";
import type { Redirect } from "../site/types.ts";

/** One redirect as every output follows it, in the order they are tried. */
export interface PlannedRedirect {
  source: SourcePattern;
  destination: DestinationTemplate;
  /** The destination as written (without `#fragment`): the page path, the pattern or the URL. */
  written: string;
  permanent: boolean;
  /** An exact redirect to a page of the site: that page (`analytics/index` for `/analytics`). */
  page?: string;
  /**
   * A pattern's internal destination: the filled paths that are folders with an index page
   * (`analytics` for `analytics/index`), so a static host's link names the index file.
   */
  folderIndexes: string[];
}

export interface RedirectPlan {
  redirects: PlannedRedirect[];
  /**
   * Paths the site's own pages link to that a pattern redirects, each as a fixed redirect to its
   * filled destination: they get redirect pages, so those links work on any host and from disk.
   */
  linked: PlannedRedirect[];
  problems: Problem[];
}

export interface RedirectPlanInput {
  /** docs.json `redirects`, in order. */
  redirects: Redirect[];
  /** Every page of the site by path. */
  pages: ReadonlyMap<string, PageMeta>;
  /** The page `/` leads to when the site has no index page (undefined when it has one). */
  home?: string;
  /** The configuration file, for problems of redirects that carry no place. */
  configFile: string;
  /** The page paths the exported pages link to. */
  linkTargets?: Iterable<string>;
}

const RULE = "redirect";

/**
 * Decides what each redirect does once the pages are known. A page of the site is always
 * served, so a redirect whose source is a page is dropped, and a pattern that also matches pages
 * says so; a fixed source that an earlier pattern matches is dropped, since the first match
 * wins. Destinations resolve to pages (`/analytics` to `analytics/index` when that is the page);
 * one that names no page is a warning at its docs.json position. Without an index page, `/`
 * redirects (temporarily: the navigation may change) to the home page, ahead of the rest.
 */
export function planRedirects(input: RedirectPlanInput): RedirectPlan {
  const problems: Problem[] = [];
  const redirects: PlannedRedirect[] = [];
  // The home page's redirect stands in for a missing index page as a destination; a redirect
  // of `/` in docs.json still replaces it.
  const isPage = (pagePath: string): boolean =>
    input.pages.has(pagePath) || (pagePath === "index" && input.home !== undefined);
  const pageFor = (pagePath: string): string | undefined =>
    isPage(pagePath) ? pagePath : isPage(`${pagePath}/index`) ? `${pagePath}/index` : undefined;
  const requestForms = [...input.pages.keys()].map((pagePath) => ({
    pagePath,
    form: requestForm(pagePath),
  }));

  input.redirects.forEach((redirect, index) => {
    const place = redirect.at ?? { file: input.configFile, path: `redirects[${index}]` };
    const warn = (key: string, text: string): void => {
      problems.push(problemAt(place, "warning", RULE, text, key));
    };
    const source = compileSource(redirect.source === "index" ? "/" : `/${redirect.source}`);
    if (!source.ok) return;
    const destination = compileDestination(
      redirect.destination + (redirect.fragment ? `#${redirect.fragment}` : ""),
      source.value,
    );
    if (!destination.ok) return;
    const shown = `"/${redirect.source === "index" ? "" : redirect.source}"`;

    if (source.value.exact !== undefined) {
      if (input.pages.has(redirect.source) || input.pages.has(`${redirect.source}/index`)) {
        warn(
          "source",
          `${shown} is a page of the site: the page is served and this redirect never applies`,
        );
        return;
      }
      const earlier = redirects.find(
        (planned) =>
          planned.source.exact === undefined &&
          matchSource(planned.source, requestForm(redirect.source)) !== null,
      );
      if (earlier) {
        warn(
          "source",
          `${shown} never redirects here: the earlier redirect of "${earlier.source.source}" matches it first`,
        );
        return;
      }
    } else {
      const shadowed = requestForms.filter(({ form }) => matchSource(source.value, form));
      if (shadowed.length > 0)
        warn(
          "source",
          `${shown} also matches ${shadowed.length === 1 ? "the page" : `${shadowed.length} pages, such as`} "${shadowed[0]?.pagePath}": pages are served, and redirected only where there is none`,
        );
    }

    const planned: PlannedRedirect = {
      source: source.value,
      destination: destination.value,
      written: redirect.destination,
      permanent: redirect.permanent,
      folderIndexes: [],
    };
    if (!destination.value.external) {
      if (destination.value.parts.every((part) => typeof part === "string")) {
        const target = destination.value.parts.join("") || "index";
        const page = pageFor(target);
        if (page) planned.page = page;
        else warn("destination", `"/${target}" is no page of the site`);
      } else {
        const reaches = destinationTest(destination.value);
        const reached = requestForms.filter(
          ({ pagePath, form }) => reaches(form.slice(1)) || reaches(pagePath),
        );
        if (reached.length === 0)
          warn("destination", `"/${redirect.destination}" matches no page of the site`);
        planned.folderIndexes = reached
          .filter(({ pagePath }) => pagePath.endsWith("/index"))
          .map(({ form }) => form.slice(1))
          .filter(reaches);
      }
    }
    redirects.push(planned);
  });

  if (input.home !== undefined && !redirects.some((planned) => planned.source.exact === "")) {
    const root = compileSource("/");
    const home = root.ok ? compileDestination(`/${input.home}`, root.value) : undefined;
    if (root.ok && home?.ok)
      redirects.unshift({
        source: root.value,
        destination: home.value,
        written: input.home,
        permanent: false,
        page: input.home,
        folderIndexes: [],
      });
  }
  return { redirects, linked: followLinks(input, redirects, pageFor), problems };
}

/** Fixed redirects for the linked paths that no page answers and a pattern matches. */
function followLinks(
  input: RedirectPlanInput,
  redirects: PlannedRedirect[],
  pageFor: (pagePath: string) => string | undefined,
): PlannedRedirect[] {
  const linked: PlannedRedirect[] = [];
  const fixed = new Set(redirects.map((planned) => planned.source.exact));
  for (const target of new Set(input.linkTargets ?? [])) {
    const form = requestForm(target);
    if (input.pages.has(target) || fixed.has(form.slice(1))) continue;
    for (const planned of redirects) {
      const match = planned.source.exact === undefined ? matchSource(planned.source, form) : null;
      if (!match) continue;
      const filled = fillDestination(planned.destination, match, { encode: false });
      const source = compileSource(form);
      if (!source.ok) break;
      if (planned.destination.external) {
        linked.push({
          ...planned,
          source: source.value,
          destination: { external: true, parts: [filled] },
          written: filled,
        });
        break;
      }
      const page = pageFor(filled || "index");
      if (page)
        linked.push({
          ...planned,
          source: source.value,
          destination: { external: false, parts: [filled] },
          written: filled,
          page,
          folderIndexes: [],
        });
      break;
    }
  }
  return linked;
}

/** The page path of a fixed source: `` (the root) is the index page. */
export function sourcePagePath(planned: PlannedRedirect): string | undefined {
  const exact = planned.source.exact;
  if (exact === undefined) return undefined;
  return exact === "" ? "index" : exact;
}

/**
 * The request path (matched form) that reaches a page on a server: `/guides/setup`, `/guides`
 * for `guides/index`, `` for the index page.
 */
export function requestForm(pagePath: string): string {
  if (pagePath === "index") return "";
  return `/${pagePath.replace(/\/index$/, "")}`;
}

/** The URL path of a page on a server, with the slash a folder's index page needs. */
export function pageUrlPath(pagePath: string): string {
  if (pagePath === "index") return "/";
  return `/${pagePath.replace(/\/index$/, "/")}`;
}

/**
 * Whether an internal destination can give a path: any text where a capture goes, and an empty
 * capture's slash dropped as filling drops it (`analytics/*` gives `analytics`).
 */
function destinationTest(template: DestinationTemplate): (path: string) => boolean {
  const body = template.parts
    .map((part) =>
      typeof part === "number" ? "[\\s\\S]*" : part.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&"),
    )
    .join("");
  const shape = new RegExp(`^${body}$`);
  return (path) => shape.test(path) || shape.test(`${path}/`);
}

/** A filled internal destination as a file of the bundle: `api/x.html`, `analytics/index.html`. */
export function destinationFile(planned: PlannedRedirect, filled: string): string {
  if (filled === "") return "index.html";
  return planned.folderIndexes.includes(filled) ? `${filled}/index.html` : `${filled}.html`;
}

/** A small page standing in for a fixed redirect on a static host: its path and where it sends. */
export interface RedirectPage {
  pagePath: string;
  /** Relative to the page for an internal destination; the URL as written for an external one. */
  href: string;
}

/** With `cleanUrls`, a redirect page is a folder's index file too, and links to page folders. */
export function redirectPages(redirects: PlannedRedirect[], cleanUrls = false): RedirectPage[] {
  const pages: RedirectPage[] = [];
  for (const planned of redirects) {
    const pagePath = sourcePagePath(planned);
    if (pagePath === undefined) continue;
    const fragment = planned.destination.fragment ? `#${planned.destination.fragment}` : "";
    const target = planned.page ?? (planned.destination.parts.join("") || "index");
    const href = planned.destination.external
      ? planned.written
      : encodePath(
          relativeUrl(pageLocation(pagePath, cleanUrls), pageOutputFile(target, cleanUrls)),
        );
    pages.push({ pagePath, href: href + fragment });
  }
  return pages;
}
