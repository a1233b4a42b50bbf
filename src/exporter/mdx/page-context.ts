import path from "node:path/posix";
import type { Element, ElementContent } from "hast";
import type { Position } from "unist";
import type { TwoslashLookup } from "../code/twoslash/page-twoslash.ts";
import type { DocumentedParameter, IconOptions } from "../components/types.ts";
import type { ComponentMode } from "../export-options.ts";
import { ENGLISH, type Messages } from "../messages/index.ts";
import type { Problem } from "../problems.ts";
import { checkUrl, type UrlUse } from "../safety/url-policy.ts";
import type { Variables } from "../site/config/variables.ts";
import { normalizePagePath, pageLocation, pageOutputFile, relativeUrl } from "../site/paths.ts";
import type { RepoFiles } from "../site/repo-files.ts";
import type { DeploymentType } from "../site/types.ts";
import type { CustomComponentContext, CustomComponentRenderer } from "./custom-components.ts";
import type { PageLink } from "./rendered-page.ts";

export interface PageEnvironment {
  repo: RepoFiles;
  /** Page paths that exist in the export (for link rewriting and checks). */
  pageExists(pagePath: string): boolean;
  /** Resolves an icon name to an element (see `icons/`). */
  icon(name: string, options?: IconOptions): Element | undefined;
  deployment: DeploymentType;
  /**
   * Repository components (`export const X = () => ...`, `snippets/*.jsx`): rendered to static
   * HTML in the sandbox (`static`, the default here), also made to work in the browser
   * (`interactive`, the export's default), or left as empty placeholders (`off`).
   */
  customComponents?: ComponentMode;
  /** docs.json `variables`: `{{name}}` in pages and snippets becomes the value. */
  variables?: Variables;
  /** Pages are written as `<path>/index.html` (clean URLs): links are made for that. */
  cleanUrls?: boolean;
}

/**
 * The per-page state behind ComponentContext: collects problems, links, assets and ids as
 * the page renders. One instance per page render.
 */
export class PageContext implements CustomComponentContext {
  readonly file: string;
  readonly pagePath: string;
  readonly messages: Messages;
  readonly problems: Problem[] = [];
  readonly assets = new Set<string>();
  readonly links: PageLink[] = [];
  readonly features = { math: false, mermaid: false };
  /** Class names the page's author wrote (HTML in MDX, repository components): Tailwind candidates. */
  readonly classNames = new Set<string>();
  /** Parameters the page's `<ParamField>`s document, in page order. */
  readonly parameters: DocumentedParameter[] = [];
  /** How many `<svg>` elements written in MDX the renderer is inside (their children are SVG). */
  svgDepth = 0;
  /** How many links the renderer is inside: a link in a link is not HTML, so none is made there. */
  linkDepth = 0;
  /** Set by the renderer while converting nodes inlined from a snippet. */
  currentFile: string;
  markdownRenderer: (text: string) => ElementContent[] = (text) => [{ type: "text", value: text }];
  /** The page's twoslash results (code/twoslash/); absent when it has no twoslash blocks. */
  twoslash?: TwoslashLookup;
  /** The page's repository components, compiled for the sandbox; absent when it uses none. */
  customComponents?: CustomComponentRenderer;
  private readonly environment: PageEnvironment;
  private readonly usedIds = new Map<string, number>();

  constructor(
    file: string,
    pagePath: string,
    environment: PageEnvironment,
    messages: Messages = ENGLISH,
  ) {
    this.file = file;
    this.messages = messages;
    this.currentFile = file;
    this.pagePath = pagePath;
    this.environment = environment;
  }

  get deployment(): DeploymentType {
    return this.environment.deployment;
  }

  recordParameter(parameter: DocumentedParameter): void {
    this.parameters.push(parameter);
  }

  warn(message: string, position?: Position, rule = "component"): void {
    this.problems.push({
      severity: "warning",
      rule,
      file: this.currentFile,
      line: position?.start.line,
      column: position?.start.column,
      message,
    });
  }

  icon(name: string, options?: IconOptions): Element | undefined {
    if (/^(https?:)?\/\//.test(name) || /\.(svg|png|jpe?g|gif|webp)$/i.test(name)) {
      if (/^(https?:)?\/\//.test(name) && this.deployment === "air-gapped") {
        this.warn(
          `icon "${name}" is on another host; an air-gapped export leaves it out`,
          undefined,
          "external-resource",
        );
        // An empty icon: the page keeps its layout and the component does not report an unknown name.
        return {
          type: "element",
          tagName: "span",
          properties: { className: ["icon", "icon-missing"] },
          children: [],
        };
      }
      return {
        type: "element",
        tagName: "img",
        properties: {
          src: this.asset(name),
          alt: "",
          className: ["icon", "icon-image"],
          width: options?.size ?? 16,
          height: options?.size ?? 16,
        },
        children: [],
      };
    }
    return this.environment.icon(name, options);
  }

  href(url: string, position?: Position): string | undefined {
    const verdict = checkUrl(url, "link");
    if (!verdict.ok) {
      this.warn(`link "${shortUrl(url)}" was removed: ${verdict.reason}`, position, "unsafe-url");
      return undefined;
    }
    const value = verdict.url;
    // A link to a part of this page: the anchor check looks for the id among the page's own.
    if (value.length > 1 && value.startsWith("#")) {
      this.links.push({
        target: this.pagePath,
        anchor: decodedFragment(value),
        line: position?.start.line,
        column: position?.start.column,
      });
      return value;
    }
    if (
      value === "" ||
      value.startsWith("#") ||
      /^[a-z][a-z0-9+.-]*:/i.test(value) ||
      value.startsWith("//")
    ) {
      return value;
    }
    const hashIndex = value.search(/[?#]/);
    const pathPart = hashIndex === -1 ? value : value.slice(0, hashIndex);
    const suffix = hashIndex === -1 ? "" : value.slice(hashIndex).replace(/^\?[^#]*/, "");
    const target = normalizePagePath(
      pathPart,
      path.dirname(this.pagePath === "index" ? "" : this.pagePath),
    );
    const page =
      target === undefined ? undefined : this.pageNamed(target, pathPart.startsWith("/"));
    // A name with a dot is a file (`report.pdf`) unless no such file exists and a page has that name (`notes/26.08`).
    const extension = path.extname(pathPart).toLowerCase();
    if (
      extension &&
      ![".md", ".mdx", ".html"].includes(extension) &&
      (page === undefined || this.repoFileOf(pathPart) !== undefined)
    ) {
      const file = this.asset(pathPart, position, "resource");
      return file === undefined ? undefined : file + suffix;
    }
    if (target === undefined) {
      this.warn(`link "${url}" leaves the site`, position, "broken-link");
      return value;
    }
    const resolved = page ?? target;
    this.links.push({
      target: resolved,
      ...(suffix.length > 1 ? { anchor: decodedFragment(suffix) } : {}),
      line: position?.start.line,
      column: position?.start.column,
    });
    const clean = this.environment.cleanUrls;
    return (
      relativeUrl(pageLocation(this.pagePath, clean), pageOutputFile(resolved, clean)) + suffix
    );
  }

  asset(src: string, position?: Position, use: UrlUse = "image"): string | undefined {
    const verdict = checkUrl(src, use);
    if (!verdict.ok) {
      this.warn(`file "${shortUrl(src)}" was removed: ${verdict.reason}`, position, "unsafe-url");
      return undefined;
    }
    const value = verdict.url;
    if (isRemoteUrl(value)) {
      if (this.deployment !== "air-gapped") return value;
      this.warn(
        `"${shortUrl(src)}" is on another host; an air-gapped export leaves it out`,
        position,
        "external-resource",
      );
      return undefined;
    }
    // A `data:` image: the URL rule let it through for this use.
    if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return value;
    const relative = this.repoFileOf(value);
    if (relative === undefined) {
      this.warn(
        `file "${src}" referenced by the page was not found in the repository`,
        position,
        "missing-file",
      );
      return value;
    }
    this.assets.add(relative);
    return encodeURI(
      relativeUrl(pageLocation(this.pagePath, this.environment.cleanUrls), relative),
    );
  }

  /**
   * The page a link's path names. `/guides` is the folder's index page when there is no
   * `guides` page, as in Mintlify; a root path may carry the site's base path.
   */
  private pageNamed(target: string, fromRoot: boolean): string | undefined {
    if (this.environment.pageExists(target)) return target;
    if (this.environment.pageExists(`${target}/index`)) return `${target}/index`;
    const underBasePath = fromRoot ? this.withoutBasePath(target) : undefined;
    return underBasePath === undefined ? undefined : this.pageNamed(underBasePath, false);
  }

  /**
   * A root path written with the site's base path in front: a Mintlify site served at a subpath
   * (`example.com/docs`) answers `/docs/images/a.png` as `/images/a.png`, and authors write
   * both. Read so when the first segment names nothing at the site's root; the caller then
   * looks the rest up as it would any path.
   */
  private withoutBasePath(relative: string): string | undefined {
    const slash = relative.indexOf("/");
    if (slash <= 0 || slash === relative.length - 1) return undefined;
    if (this.environment.repo.entryExists(relative.slice(0, slash))) return undefined;
    return relative.slice(slash + 1);
  }

  /** The repository file a local URL names (from the file being converted), if it exists. */
  private repoFileOf(url: string): string | undefined {
    const cleaned = url.replace(/[?#].*$/, "");
    let decoded = cleaned;
    try {
      decoded = decodeURIComponent(cleaned);
    } catch {
      // keep the raw path
    }
    const joined = decoded.startsWith("/")
      ? path.normalize(decoded)
      : path.normalize(path.join("/", path.dirname(this.currentFile), decoded));
    const relative = joined.replace(/^\/+/, "");
    if (!joined.startsWith("/") || relative.startsWith("..")) return undefined;
    if (this.environment.repo.exists(relative)) return relative;
    if (!decoded.startsWith("/")) return undefined;
    const underBasePath = this.withoutBasePath(relative);
    return underBasePath !== undefined && this.environment.repo.exists(underBasePath)
      ? underBasePath
      : undefined;
  }

  uniqueId(prefix: string, firstRepeat: 1 | 2 = 2): string {
    const count = (this.usedIds.get(prefix) ?? 0) + 1;
    this.usedIds.set(prefix, count);
    return count === 1 ? prefix : `${prefix}-${count - 2 + firstRepeat}`;
  }

  markdown(text: string): ElementContent[] {
    return this.markdownRenderer(text);
  }
}

/** True for a URL on another host: `https://…`, `http://…` or protocol-relative `//…`. */
export function isRemoteUrl(url: string): boolean {
  return /^(https?:)?\/\//i.test(url.trim());
}

/** A URL as a warning quotes it: short, on one line. */
function shortUrl(url: string): string {
  const line = url.replace(/\s+/g, " ").trim();
  return line.length > 80 ? `${line.slice(0, 80)}…` : line;
}

/** A URL's fragment without its `#`, percent-decoded where that is valid (`#caf%C3%A9` names `café`). */
function decodedFragment(fragment: string): string {
  const raw = fragment.replace(/^#/, "");
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
