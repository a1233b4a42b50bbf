import type { ContextualSettings } from "./contextual.ts";

/** What the layout needs to know about every page, read from frontmatter before rendering. */
export interface PageMeta {
  /** Page path: no extension, no leading slash (`index` for the home page). */
  path: string;
  /** Repository-relative source file. */
  file: string;
  title: string;
  sidebarTitle?: string;
  description?: string;
  icon?: string;
  tag?: string;
  /**
   * An operation its specification marks deprecated, with no tag of its own: the sidebar tags
   * it "Deprecated" in the page's language (a `tag` is the site's own words, shown as written).
   */
  deprecatedTag?: boolean;
  mode?: "default" | "wide" | "center" | "custom" | "frame";
  hidden: boolean;
  noindex: boolean;
  /** External URL the navigation entry points to instead of the page. */
  url?: string;
  keywords: string[];
  /** The title came from the path, not from frontmatter (an API page then takes the operation's). */
  untitled?: boolean;
  /** Frontmatter `openapi` as written (`openapi.json GET /users`), for pages written by hand. */
  openapi?: string;
  /** The operation this page documents: set for generated pages and resolved `openapi` pages. */
  api?: ApiPageRef;
  /** Frontmatter `asyncapi` as written (`asyncapi.yaml chat`), for a channel page written by hand. */
  asyncapi?: string;
  /** The AsyncAPI channel this page documents: set for generated pages and resolved `asyncapi` pages. */
  channel?: ChannelPageRef;
  /** Frontmatter `api: "POST /v1/users"` (or a full URL): an endpoint documented by hand with `<ParamField>`s. */
  manualApi?: { method: string; url: string };
  /** Frontmatter `playground`: this page's playground, over docs.json's `api.playground.display`. */
  playground?: "interactive" | "simple" | "none";
  /** Frontmatter `iconType`: the Font Awesome style of `icon` (`solid`, `regular`, `brands`…). */
  iconType?: string;
  /** Frontmatter `deprecated: true`: a badge beside the title and a notice above the content. */
  deprecated?: boolean;
  /** Frontmatter `hideFooterPagination: true`: no previous/next links at the bottom. */
  hideFooterPagination?: boolean;
  /** Frontmatter `hideApiMarker: true`: no method badge beside the title in the sidebar. */
  hideApiMarker?: boolean;
  /** Frontmatter `searchable: false`: left out of the site's search, still listed and indexable. */
  unsearchable?: boolean;
  /** Frontmatter `contextual`: this page's menu, over docs.json's (`options: []` hides it). */
  contextual?: ContextualSettings;
  /** Frontmatter `timestamp`: show (true) or hide (false) the last-modified date, over `metadata.timestamp`. */
  timestamp?: boolean;
  /** Frontmatter `lastUpdatedDate`, as an ISO timestamp: the date shown instead of git's. */
  lastUpdatedDate?: string;
  /** Frontmatter `rss: true`: the page's `<Update>`s get a feed (`<page>/rss.xml`) and a button to it. */
  rss?: boolean;
  /** Frontmatter `boost`: the factor of the page's search ranking. */
  boost?: number;
}

/** The channel of a WebSocket reference page: its AsyncAPI document and the channel's id. */
export interface ChannelPageRef {
  /** Repository-relative AsyncAPI document, or the URL it was fetched from. */
  spec: string;
  channel: string;
}

/** The operation of an API reference page: its specification, method and path (or webhook name). */
export interface ApiPageRef {
  /** Repository-relative specification file, or the URL it was fetched from. */
  spec: string;
  /** Lower case HTTP method, or `webhook`. */
  method: string;
  path: string;
}
