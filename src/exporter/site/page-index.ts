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
  mode?: "default" | "wide" | "center" | "custom" | "frame";
  hidden: boolean;
  noindex: boolean;
  /** External URL the navigation entry points to instead of the page. */
  url?: string;
  keywords: string[];
}
