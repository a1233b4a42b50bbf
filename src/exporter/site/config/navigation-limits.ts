import { MAX_NAVIGATION_DEPTH, MAX_NAVIGATION_PAGES } from "../../limits.ts";
import type { ConfigChecker } from "./checker.ts";

/**
 * What reading one navigation has used of its limits: how deep it is inside groups and
 * divisions, and how many pages it listed. Past a limit, reading stops there (the rest is not
 * read, so its cost is bounded too) and the configuration fails with the key path's position.
 */
export class NavigationLimits {
  private depth = 0;
  private pages = 0;
  private tooDeep = false;
  private tooMany = false;

  /** Enters a group or a division at `path`; false when that nests too deeply. */
  enter(path: string, check: ConfigChecker): boolean {
    if (this.depth >= MAX_NAVIGATION_DEPTH) {
      if (!this.tooDeep)
        check.limit(
          path,
          `the navigation nests deeper than ${MAX_NAVIGATION_DEPTH} levels (groups, tabs, anchors and other divisions inside one another)`,
        );
      this.tooDeep = true;
      return false;
    }
    this.depth++;
    return true;
  }

  leave(): void {
    this.depth--;
  }

  /** Counts a page entry at `path`; false past the navigation's page limit. */
  page(path: string, check: ConfigChecker): boolean {
    if (++this.pages <= MAX_NAVIGATION_PAGES) return true;
    if (!this.tooMany)
      check.limit(path, `the navigation lists more than ${MAX_NAVIGATION_PAGES} pages, the limit`);
    this.tooMany = true;
    return false;
  }
}
