import { messagesFor } from "../messages/index.ts";
import { type AssetFile, hashedPath } from "./build-assets.ts";
import { pageLinks } from "./chrome/links.ts";
import { sharedSidebarContents, sidebarOptions } from "./chrome/sidebar.ts";
import type { SiteLayoutData } from "./layout-types.ts";
import type { NavigationModel } from "./navigation-view.ts";

/**
 * Sidebars with at most this many entries (pages, links and groups) stay whole in every page;
 * larger ones put the groups away from the page in a shared script (docs/decisions.md,
 * "Large sidebars in a shared script").
 */
export const SIDEBAR_INLINE_LIMIT = 400;
/**
 * Nor may a sidebar kept whole weigh more than this many characters of HTML, what 400 plain
 * entries weigh: an entry with an icon is eight times a plain one, and CrewAI's sidebars of
 * ~200 entries, each with its icon, put 150 KB of icons in every page.
 */
export const SIDEBAR_INLINE_CHARACTERS = 40_000;

/** The global the shared sidebar script sets and the client script reads (components/sidebar.ts). */
export const SIDEBAR_GLOBAL = "quireSidebarGroups";

export interface SidebarScripts {
  files: AssetFile[];
  /** Sidebar scope (NavigationView.sidebarScope) → its script's bundle path. */
  paths: Record<number, string>;
}

/**
 * One content-hashed classic script per large sidebar, `_quire/sidebar.<hash>.js`: the entries
 * of each of its groups as HTML with links relative to the bundle root, by group id, then its
 * top-level entries when they are a long list (`sharedSidebarContents`). A classic
 * script, not JSON for `fetch`, so it loads from `file://` too; pages load it deferred, before
 * the client script that fills their empty groups from it. Sidebars of at most `limit` entries
 * and `characterLimit` characters (their groups' entries, as the script holds them) get none.
 */
export function buildSidebarScripts(
  site: SiteLayoutData,
  navigation: NavigationModel,
  limit = SIDEBAR_INLINE_LIMIT,
  characterLimit = SIDEBAR_INLINE_CHARACTERS,
): SidebarScripts {
  // A root page's links: with clean URLs they name `<page>/index.html`, as every page's do.
  const links = pageLinks(site, "index");
  const options = sidebarOptions(site.config);
  const files: AssetFile[] = [];
  const paths: Record<number, string> = {};
  for (const tree of navigation.sidebarTrees()) {
    // Each sidebar belongs to one language's navigation, and is written in its strings.
    const lists = sharedSidebarContents(tree, links, {
      ...options,
      messages: messagesFor(tree.language),
    });
    const script = (contents: (string | string[])[]): string =>
      `self.${SIDEBAR_GLOBAL}=${JSON.stringify(contents)};\n`;
    // Weighed as a script of the groups' entries alone, each group's in one piece.
    const weight = script(
      lists
        .slice(0, tree.groups.length)
        .map((list) => (Array.isArray(list) ? list.join("") : list)),
    ).length;
    if (tree.size <= limit && weight <= characterLimit) continue;
    const content = script(lists);
    const file = hashedPath("_quire/sidebar", "js", content);
    files.push({ path: file, content });
    paths[tree.scope] = file;
  }
  return { files, paths };
}
