import type { ContextualSettings } from "./contextual.ts";
/**
 * The site model: docs.json (or legacy mint.json) after validation and normalization.
 * Everything downstream (layout, search, output) reads this, never the raw file.
 */

export type DeploymentType = "cloud" | "client-hosted" | "air-gapped";

export interface ThemedImage {
  /** Repository-relative path or absolute http(s) URL. */
  light: string;
  dark: string;
}

export interface SiteColors {
  primary: string;
  light: string;
  dark: string;
}

export interface NavbarLink {
  label: string;
  href: string;
  icon?: string;
}

export interface NavbarPrimary {
  type: "button" | "github";
  label: string;
  href: string;
}

export interface FooterColumn {
  header?: string;
  items: { label: string; href: string }[];
}

export interface Redirect {
  /**
   * Source path without leading slash: a page path for a fixed path (`old/page`), or the pattern
   * as written for one with parameters or wildcards (`api-reference/*`, `blog/:slug*`).
   */
  source: string;
  /**
   * Destination: a page path without leading slash, a pattern naming the source's parameters
   * (`api/*`, `v2/:slug*`), or an absolute URL.
   */
  destination: string;
  /** The `#fragment` of an internal destination (without `#`), when it has one. */
  fragment?: string;
  permanent: boolean;
  /** Where the redirect is written, for problems found once the pages are known. */
  at?: ConfigPlace;
}

/** Where a value of the configuration was written: file, line and column, key path. */
export interface ConfigPlace {
  file: string;
  line?: number;
  column?: number;
  /** The key path inside `file` (`redirects[3]`). */
  path: string;
  /** For a value of an included file: the config file and the key of its `$ref`. */
  includedBy?: string;
}

/** Third-party integrations as configured; the exporter decides which may run (docs/deployment-types.md). */
export interface Integrations {
  /** Analytics providers by name (e.g. `ga4`, `posthog`, `plausible`), raw settings. */
  analytics: Record<string, Record<string, unknown>>;
  /** An AI assistant endpoint, when the operator configured one. */
  assistant?: { endpoint: string };
}

/** The layout themes docs.json accepts; each has its own stylesheet layer (theme/styles/themes/). */
export const THEME_NAMES = [
  "mint",
  "maple",
  "palm",
  "willow",
  "linden",
  "almond",
  "aspen",
  "luma",
  "sequoia",
] as const;

export type ThemeName = (typeof THEME_NAMES)[number];

/** One font as docs.json `fonts` (or its `heading` or `body`) names it. */
export interface FontSetting {
  family: string;
  weight?: number;
  /** A repository path (`/fonts/Brand.woff2`) or an http(s) URL of the font file. */
  source?: string;
  format?: "woff" | "woff2";
}

/** docs.json `fonts`: the top-level font applies to both unless `heading` or `body` says otherwise. */
export interface SiteFonts {
  heading?: FontSetting;
  body?: FontSetting;
}

/** docs.json `background`. */
export interface SiteBackground {
  color?: { light?: string; dark?: string };
  decoration?: "gradient" | "grid" | "windows";
  /** Repository paths or http(s) URLs, per colour mode. */
  image?: ThemedImage;
}

/** docs.json `styling`. */
export interface SiteStyling {
  /** The label above a page title: its section (group), or the whole navigation path. */
  eyebrows: "section" | "breadcrumbs";
  /**
   * Code block colours: `system` follows the page's mode, `dark` is always dark, and Shiki theme
   * names (one for both modes, or one per mode) restyle the highlighting itself.
   */
  codeblocks: "system" | "dark" | { light: string; dark: string };
  /** `styling.latex`: KaTeX's stylesheet on every page (true) or on none (false); by need when absent. */
  latex?: boolean;
}

/** docs.json `errors.404`: the page shown for a missing path. */
export interface NotFoundSettings {
  /** Send the reader to the home page instead of showing the page. */
  redirect: boolean;
  title?: string;
  /** Markdown (links, bold, italics, code). */
  description?: string;
}

/** docs.json `seo.organization`; the site's name, logo and URL stand in for what is absent. */
export interface SeoOrganization {
  /** A stable `@id` URL (`https://example.com/#organization`). */
  id?: string;
  name?: string;
  legalName?: string;
  /** The organization's home page. */
  url?: string;
  /** An absolute URL of its logo. */
  logo?: string;
  /** Its official profiles (X, LinkedIn, GitHub). */
  sameAs?: string[];
}

export interface SiteBanner {
  content: string;
  dismissible: boolean;
  /** `banner.type`: the background's meaning; `banner.color` overrides its colour. */
  type?: "info" | "warning" | "critical";
  color?: { light: string; dark: string };
}

export interface SiteConfig {
  name: string;
  description?: string;
  /** The layout theme (`theme`); an unknown name falls back to `mint` with a warning. */
  theme: ThemeName;
  fonts: SiteFonts;
  background: SiteBackground;
  styling: SiteStyling;
  /** `search.prompt`: the search button's placeholder. */
  search: { prompt?: string };
  /** `interaction.drilldown`: a click on a group with pages opens its first page (true) or only folds it (false); the theme decides when absent. */
  interaction: { drilldown?: boolean };
  errors: { notFound: NotFoundSettings };
  colors: SiteColors;
  logo?: ThemedImage & { href?: string };
  favicon?: ThemedImage;
  appearance: { default: "system" | "light" | "dark"; strict: boolean };
  navbar: { links: NavbarLink[]; primary?: NavbarPrimary };
  footer: { socials: Record<string, string>; links: FooterColumn[] };
  banner?: SiteBanner;
  redirects: Redirect[];
  seo: {
    metatags: Record<string, string>;
    indexing: "navigable" | "all";
    /** `seo.organization`: the publisher in every page's structured data. */
    organization?: SeoOrganization;
  };
  /**
   * `thumbnails`: the drawn social preview card's `appearance` (else the site's default) and
   * `background` (a repository picture behind its words; one on another host is every page's
   * `og:image` as it is).
   */
  thumbnails: { background?: string; appearance?: "light" | "dark" };
  icons: { library: "fontawesome" | "lucide" };
  integrations: Integrations;
  /** The API playground switch (`api.playground.display`), which the deployment type may override. */
  playground: "interactive" | "simple" | "none";
  /** docs.json `api`: API reference pages and their playground. */
  api: ApiSettings;
  navigation: Navigation;
  /** docs.json `contextual`: the page menu; the export's default menu when absent. */
  contextual?: ContextualSettings;
  /** docs.json `metadata.timestamp`: every page shows its last-modified date. */
  metadata: { timestamp: boolean };
  /**
   * docs.json `feedback`: which of the page's feedback parts may show (each still needs what it
   * works with: a collector for the thumbs, the repository for the edit and issue links).
   */
  feedback: { thumbs: boolean; edits: boolean; issues: boolean };
  /** docs.json `variables`: `{{name}}` in pages and snippets becomes the value. */
  variables?: Readonly<Record<string, string>>;
  /** The file the config came from: `docs.json` or `mint.json`. */
  sourceFile: string;
}

/** docs.json `api`, read (see config/api-settings.ts). */
export interface ApiSettings {
  playground: "interactive" | "simple" | "none";
  /** Whether docs.json chose the display itself (an air-gapped export needs an explicit choice). */
  playgroundSetExplicitly: boolean;
  examples: {
    /** Languages of the generated request examples, in order; Quire's default set when absent. */
    languages?: string[];
    /** Whether examples include optional parameters and properties (`all`) or only required ones. */
    defaults: "all" | "required";
    /** Whether request examples are generated (else only `x-codeSamples` show). */
    autogenerate: boolean;
    /** Whether the playground starts filled with the examples. */
    prefill: boolean;
  };
  /** Default specifications (`api.openapi`) for `openapi` pages and endpoint entries. */
  openapi?: ApiReference;
  /** Default AsyncAPI documents (`api.asyncapi`) for `asyncapi` pages that name only a channel. */
  asyncapi?: ApiReference;
  /** Base URLs for pages without a specification's servers (`api.mdx.server`, mint.json `api.baseUrl`). */
  servers: string[];
  /** Authentication of pages without a specification (`api.mdx.auth`, mint.json `api.auth`). */
  auth?: { method: "bearer" | "basic" | "key" | "cobo"; name?: string };
  /** `api.params.expanded: "all"`: nested properties start open. */
  paramsExpanded: boolean;
  /** `api.params.post`: schema keys whose values show as pills after every parameter's name. */
  paramsPost: string[];
  /** `api.playground.proxy`: the playground sends through the serving host's proxy where it has one (default on). */
  playgroundProxy: boolean;
  /** `api.playground.credentials`: a direct request (no proxy) carries the browser's cookies. */
  playgroundCredentials: boolean;
  /** `api.url: "full"`: the endpoint header shows the full base URL. */
  fullUrl: boolean;
}

/**
 * Navigation is a tree. Divisions (languages, versions, tabs, anchors, dropdowns, menu
 * items) nest in any order, as docs.json allows; groups and pages sit inside them.
 */
export interface Navigation {
  root: NavNode[];
  /** Global anchors and tabs shown on every page whatever the division. */
  global: { anchors: NavLinkNode[]; tabs: NavLinkNode[] };
  /** The specifications named at the navigation's top level (see ApiReference). */
  openapi?: ApiReference;
  /** The AsyncAPI documents named at the navigation's top level: a page per channel. */
  asyncapi?: ApiReference;
  /** `navigation.directory`, inherited by every division and group that does not set its own. */
  directory?: DirectoryStyle;
}

/** How a group's root page lists the group's pages below its content (`directory`). */
export type DirectoryStyle = "none" | "accordion" | "card";

/**
 * The OpenAPI specifications a navigation container names (`openapi`): a container with no
 * pages of its own gets one generated page per operation; otherwise they are the default
 * specification of the endpoint entries inside it (and of its children, unless they name
 * their own).
 */
export interface ApiReference {
  /** Repository paths or URLs, as written. */
  sources: string[];
  /** The folder generated pages go under (`api-reference` when absent). */
  directory?: string;
}

/**
 * An endpoint entry of a `pages` list (`GET /users`, `openapi.json POST /users`), as read
 * from the config. The export replaces it with the operation's generated page.
 */
export interface NavEndpointNode {
  type: "endpoint";
  /** The entry as written. */
  reference: string;
}

export type NavNode = NavDivision | NavGroup | NavPageNode | NavLinkNode | NavEndpointNode;

export type NavDivisionKind = "language" | "version" | "tab" | "anchor" | "dropdown" | "menu";

export interface NavDivision {
  type: "division";
  kind: NavDivisionKind;
  label: string;
  icon?: string;
  description?: string;
  /** Language code for `language` divisions (`en`, `fr`, `zh-Hans`...). */
  language?: string;
  /** Marked `default: true` in the config. */
  isDefault?: boolean;
  hidden?: boolean;
  /** An external link division has an `href` and no children. */
  href?: string;
  /** A badge on a version in the switcher (`Latest`, `Beta`). */
  tag?: string;
  /** An anchor's own icon colour. */
  color?: { light: string; dark: string };
  /** A language's own top bar, footer and banner, replacing the site-wide ones. */
  settings?: Partial<Pick<SiteConfig, "navbar" | "footer" | "banner">>;
  openapi?: ApiReference;
  /** AsyncAPI documents whose channels become pages here, after the division's own. */
  asyncapi?: ApiReference;
  /** `directory`, as written on this division (inherited below it). */
  directory?: DirectoryStyle;
  children: NavNode[];
}

export interface NavGroup {
  type: "group";
  title: string;
  icon?: string;
  tag?: string;
  /** Page path the group's title links to. */
  root?: string;
  expanded?: boolean;
  hidden?: boolean;
  openapi?: ApiReference;
  /** AsyncAPI documents whose channels become pages here, after the group's own. */
  asyncapi?: ApiReference;
  /** `directory`, as written on this group (inherited below it). */
  directory?: DirectoryStyle;
  children: NavNode[];
}

export interface NavPageNode {
  type: "page";
  /** Page path: no extension, no leading slash, e.g. `guides/quickstart`. */
  path: string;
}

export interface NavLinkNode {
  type: "link";
  label: string;
  href: string;
  icon?: string;
}
