import type { RenderedBody } from "../mdx/rendered-page.ts";
import type { PageMeta } from "../site/page-index.ts";
import type { DeploymentType, SiteConfig } from "../site/types.ts";
import type { ReaderSettings } from "./reader/reader-settings.ts";

/** Bundle files the layout links to; paths are relative to the bundle root. */
export interface ThemeAssetPaths {
  /** The site stylesheet, e.g. `_quire/quire.3f2a9c1b.css`. */
  css: string;
  /** The client script, e.g. `_quire/quire.9a8b7c6d.js`. */
  script: string;
  /** KaTeX stylesheet (with its fonts beside it), linked only by pages with math. */
  katexCss: string;
  /** The mermaid script, loaded only by pages with a mermaid diagram. */
  mermaidScript: string;
  /** The search index entry script, loaded on first search. */
  searchIndex: string;
  /** The runtime of interactive repository components (Preact), loaded only by pages that have some. */
  islandsRuntime: string;
  /** The site's own stylesheet: its colours, fonts and background (theme/site-style.ts). */
  siteCss: string;
  /** Large sidebars' shared scripts by sidebar scope (theme/sidebar-script.ts); absent: every sidebar whole in its pages. */
  sidebarScripts?: Record<number, string>;
}

/** Everything that is the same for every page of one export. */
export interface SiteLayoutData {
  config: SiteConfig;
  deployment: DeploymentType;
  /** Every exported page by path (hidden ones included). */
  pages: Record<string, PageMeta>;
  assets: ThemeAssetPaths;
  /** Repository files the config references (logo, favicon), copied into the bundle as they are. */
  configAssets: string[];
  /** Trusted HTML for every page's <head>: the integrations the deployment allows. */
  headHtml: string;
  /** The inline scripts in `headHtml` (see `ExportManifest.scriptHashes`). */
  inlineScripts: string[];
  /** Origins of the scripts in `headHtml`. */
  scriptOrigins: string[];
  /** Stylesheets of another host every page links (Google Fonts), where the deployment allows. */
  externalStylesheets: string[];
  /** The repository's own stylesheets (bundle paths), linked after the theme's on every page. */
  customStylesheets: string[];
  /** The repository's own scripts (bundle paths), loaded deferred on every page. */
  customScripts: string[];
  /** The page menu, feedback, edit links and dates: the operator's settings for them. */
  reader?: ReaderSettings;
  /**
   * The site's root URL with one final slash (`https://docs.example.com/`), when known: canonical
   * URLs, `og:url`, absolute `hreflang` links and structured data need it.
   */
  siteUrl?: string;
  /**
   * The social preview card the export drew (`_quire/og/site.<hash>.png`): the `og:image` of
   * every page without an image of its own. Drawn only when the site URL is known.
   */
  socialCard?: string;
  /** Pages written as `<path>/index.html` (served at `/<path>/`) instead of `<path>.html`. */
  cleanUrls?: boolean;
  /** Page path → when its source file last changed (ISO 8601, from git), where known. */
  lastModified?: Record<string, string>;
  /** The readers' assistant's endpoint (`--assistant`): bundle-relative or absolute; none when absent. */
  assistant?: string;
}

/** What differs per page. */
export interface PageLayoutInput {
  page: PageMeta;
  body: Pick<
    RenderedBody,
    "html" | "lead" | "aside" | "toc" | "features" | "frontmatter" | "islandModules"
  > &
    Partial<Pick<RenderedBody, "markdown">>;
}
