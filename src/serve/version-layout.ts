import { existsSync } from "node:fs";
import path from "node:path";

/**
 * What a version's folder holds: `site/`, the bundle's files exactly as unpacked, and
 * `compressed/`, the copies Quire writes of them, one tree per encoding at the same relative
 * paths (`compressed/br/a/b.html` and `compressed/gzip/a/b.html` for `site/a/b.html`). The
 * copies live apart from the site so that no file of a bundle can ever be taken for one of
 * them: a bundle's own `index.html.gz` is just a file of the site, served as itself when asked
 * for by its name. Each tree mirrors the site's own paths, so no name of a bundle can collide
 * with a copy (a folder `a.html.br/` beside `a.html` would, with suffixed names).
 *
 * A folder unpacked by an earlier Quire holds the site at its root (with copies beside the
 * files, where a bundle's own could hide). It is still served, as a site with no copies.
 */
export interface VersionLayout {
  site: string;
  /** The folder of Quire's compressed copies; null for a folder with none to trust. */
  compressed: string | null;
}

export function sitePath(versionDirectory: string): string {
  return path.join(versionDirectory, "site");
}

export function compressedPath(versionDirectory: string): string {
  return path.join(versionDirectory, "compressed");
}

/** The encodings Quire writes, by their Content-Encoding names (the folders of `compressed/`). */
export const ENCODINGS = ["br", "gzip"] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** The parts of a version's folder, or null when it holds no complete version. */
export function readLayout(versionDirectory: string): VersionLayout | null {
  // This layout never has a manifest at the folder's root; an earlier one always has.
  if (existsSync(path.join(versionDirectory, "quire-export.json")))
    return { site: versionDirectory, compressed: null };
  const site = sitePath(versionDirectory);
  if (existsSync(path.join(site, "quire-export.json")))
    return { site, compressed: compressedPath(versionDirectory) };
  return null;
}
