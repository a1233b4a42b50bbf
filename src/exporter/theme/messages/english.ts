/**
 * Every string the theme shows a reader (visible text and accessible names), in English: the
 * catalogue's reference and the fallback for a language it does not know. `{name}` marks a value
 * filled in where the string is used.
 */
export const ENGLISH = {
  skipToContent: "Skip to content",
  search: "Search…",
  searchDocumentation: "Search the documentation",
  closeSearch: "Close search",
  searchResults: "Search results",
  searchHelpMove: "to move",
  searchHelpOpen: "to open",
  searchHelpClose: "to close",
  searchLoading: "Loading…",
  searchNoResults: "No results for “{query}”",
  searchOneResult: "1 result",
  searchResultCount: "{count} results",
  searchUnavailable: "Search is unavailable: its index could not be loaded.",
  openNavigation: "Open navigation",
  closeNavigation: "Close navigation",
  documentationNavigation: "Documentation",
  siteNavigation: "Site",
  sectionsNavigation: "Sections",
  toggleTheme: "Switch between light and dark theme",
  announcement: "Announcement",
  dismissBanner: "Dismiss banner",
  onThisPage: "On this page",
  copyPage: "Copy page",
  copy: "Copy",
  copyCode: "Copy code",
  copied: "Copied",
  copyFailed: "Copy failed",
  pressCtrlC: "Press Ctrl+C",
  showMore: "Show more",
  showLess: "Show less",
  previous: "Previous",
  next: "Next",
  pagination: "Previous and next pages",
  breadcrumb: "Breadcrumb",
  inThisSection: "In this section",
  deprecated: "Deprecated",
  deprecatedNotice:
    "This page is deprecated: what it describes is kept for reference and may be removed.",
  notFoundTitle: "Page not found",
  notFoundDescription: "The page you are looking for does not exist or has moved.",
  goTo: "Go to {name}",
  view: "View",
  language: "Language",
  version: "Version",
  section: "Section",
} as const;

export type MessageKey = keyof typeof ENGLISH;

/** One language's strings: every key of the catalogue. */
export type Messages = Readonly<Record<MessageKey, string>>;
