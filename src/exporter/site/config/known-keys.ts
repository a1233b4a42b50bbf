/**
 * Keys each configuration object may hold, used only to spot likely typos: an unknown key
 * close to one of these gets a "did you mean" warning, any other unknown key is ignored.
 */

const ICON_KEYS = ["icon", "iconType"];
const CONTAINER_KEYS = [
  "languages",
  "versions",
  "products",
  "tabs",
  "dropdowns",
  "anchors",
  "menu",
  "groups",
  "pages",
  "global",
  "openapi",
  "asyncapi",
  "directory",
  "sdk",
];

export const DOCS_TOP_LEVEL_KEYS: ReadonlySet<string> = new Set([
  "$schema",
  "theme",
  "name",
  "description",
  "colors",
  "logo",
  "favicon",
  "appearance",
  "fonts",
  "icons",
  "background",
  "styling",
  "thumbnails",
  "navbar",
  "footer",
  "banner",
  "interaction",
  "contextual",
  "feedback",
  "redirects",
  "variables",
  "metadata",
  "errors",
  "api",
  "markdown",
  "seo",
  "search",
  "integrations",
  "navigation",
]);

export const MINT_TOP_LEVEL_KEYS: ReadonlySet<string> = new Set([
  "$schema",
  "mintlify",
  "name",
  "description",
  "theme",
  "logo",
  "favicon",
  "colors",
  "layout",
  "sidebar",
  "topbar",
  "search",
  "rounded",
  "modeToggle",
  "background",
  "backgroundImage",
  "font",
  "metadata",
  "redirects",
  "navigation",
  "primaryTab",
  "topAnchor",
  "topbarLinks",
  "topbarCtaButton",
  "versions",
  "anchors",
  "tabs",
  "api",
  "openapi",
  "openApi",
  "footerSocials",
  "feedback",
  "analytics",
  "integrations",
  "isWhiteLabeled",
  "seo",
  "codeBlock",
  "banner",
]);

/** Keys of a division (tab, anchor, dropdown, product, menu item, version, language). */
export function divisionKeys(labelKey: string): ReadonlySet<string> {
  return new Set([
    labelKey,
    ...CONTAINER_KEYS,
    ...ICON_KEYS,
    "hidden",
    "href",
    "default",
    "description",
    "color",
    "tag",
    "banner",
    "footer",
    "navbar",
    "public",
  ]);
}

export const GROUP_KEYS: ReadonlySet<string> = new Set([
  "group",
  ...CONTAINER_KEYS,
  ...ICON_KEYS,
  "tag",
  "root",
  "expanded",
  "hidden",
  "boost",
  "public",
  "directory",
  "openapi",
  "asyncapi",
  // mint.json groups name the version they belong to.
  "version",
]);

export const NAVIGATION_KEYS: ReadonlySet<string> = new Set(CONTAINER_KEYS);

/**
 * The known key an unknown one most likely meant: same letters in another case, or at most
 * one edit away (two for longer keys). Undefined when nothing is that close.
 */
export function closestKey(key: string, known: ReadonlySet<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of known) {
    if (candidate.toLowerCase() === key.toLowerCase()) return candidate;
    const allowed = candidate.length >= 6 ? 2 : candidate.length >= 4 ? 1 : 0;
    if (allowed === 0 || Math.abs(candidate.length - key.length) > allowed) continue;
    const distance = editDistance(key.toLowerCase(), candidate.toLowerCase());
    if (distance <= allowed && distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Levenshtein distance, with adjacent swaps counted as one edit (`gorups` → `groups`). */
function editDistance(from: string, to: string): number {
  const rows = from.length + 1;
  const columns = to.length + 1;
  const table: number[][] = Array.from({ length: rows }, (_, row) =>
    Array.from({ length: columns }, (_, column) => (row === 0 ? column : column === 0 ? row : 0)),
  );
  const at = (row: number, column: number): number => table[row]?.[column] ?? 0;
  for (let row = 1; row < rows; row++) {
    for (let column = 1; column < columns; column++) {
      const cost = from[row - 1] === to[column - 1] ? 0 : 1;
      let value = Math.min(
        at(row - 1, column) + 1,
        at(row, column - 1) + 1,
        at(row - 1, column - 1) + cost,
      );
      if (
        row > 1 &&
        column > 1 &&
        from[row - 1] === to[column - 2] &&
        from[row - 2] === to[column - 1]
      ) {
        value = Math.min(value, at(row - 2, column - 2) + 1);
      }
      (table[row] as number[])[column] = value;
    }
  }
  return at(rows - 1, columns - 1);
}
