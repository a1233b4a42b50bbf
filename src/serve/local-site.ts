import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ConfigError } from "../domain/errors.ts";
import { precompress } from "./precompress.ts";
import { unpackBundle } from "./unpack-bundle.ts";
import type { ActiveVersion, ActiveVersionSource } from "./versions.ts";

/** A path that is not a site to serve is a mistake of the command line: one line, exit 2. */
function refused(message: string): ConfigError {
  return new ConfigError(message, { code: "QUIRE_ERR_CLI_USAGE" });
}

const ARCHIVE = /\.(tar\.gz|tgz)$/i;
const MANIFEST = "quire-export.json";

/**
 * One exported site on this machine, served as the only version: a folder written by
 * `quire export --out-dir` is served where it is; a `.tar.gz` bundle is checked and unpacked
 * (with Quire's compressed copies) into a temporary folder that `close` removes. A folder
 * exported again while it is served is read again: its manifest, rewritten by every export,
 * marks the new version.
 */
export class LocalSite implements ActiveVersionSource {
  readonly changes = 0;
  readonly #id: string;
  readonly #site: string;
  readonly #compressed: string | null;
  readonly #temporary: string | null;

  private constructor(
    id: string,
    site: string,
    compressed: string | null,
    temporary: string | null,
  ) {
    this.#id = id;
    this.#site = site;
    this.#compressed = compressed;
    this.#temporary = temporary;
  }

  /** Opens a folder or an archive; a path that is neither an export nor a bundle is refused. */
  static async open(target: string): Promise<LocalSite> {
    const resolved = path.resolve(target);
    const info = statSync(resolved, { throwIfNoEntry: false });
    if (!info) throw refused(`${target} does not exist`);
    const id = path.basename(resolved).replace(ARCHIVE, "") || "site";
    if (info.isDirectory()) {
      if (!existsSync(path.join(resolved, MANIFEST))) throw refused(notAnExport(target));
      return new LocalSite(id, resolved, null, null);
    }
    if (!ARCHIVE.test(resolved))
      throw refused(
        `${target} is neither a folder nor a .tar.gz bundle: give the folder quire export --out-dir wrote, or the archive of -o`,
      );
    const temporary = mkdtempSync(path.join(os.tmpdir(), "quire-serve-"));
    try {
      const unpacked = await unpackBundle(resolved, path.join(temporary, "version"), undefined, {
        prepare: (layout) => void precompress(layout.site, layout.compressed),
      });
      return new LocalSite(
        id,
        unpacked.site,
        path.join(unpacked.directory, "compressed"),
        temporary,
      );
    } catch (error) {
      rmSync(temporary, { recursive: true, force: true });
      throw error;
    }
  }

  /** The folder the site's files are served from. */
  get directory(): string {
    return this.#site;
  }

  active(): ActiveVersion | null {
    const manifest = statSync(path.join(this.#site, MANIFEST), { throwIfNoEntry: false });
    // Between an export's removal of the old files and its writing of the manifest.
    if (!manifest) return null;
    return {
      id: this.#id,
      directory: this.#site,
      compressed: this.#compressed,
      activatedAt: manifest.mtime.toISOString(),
    };
  }

  /** Removes the unpacked copy of an archive; a folder is left as it is. */
  close(): void {
    if (this.#temporary) rmSync(this.#temporary, { recursive: true, force: true });
  }
}

function notAnExport(target: string): string {
  const source = ["docs.json", "mint.json"].find((name) => existsSync(path.join(target, name)));
  return source
    ? `${target} is a docs source folder (it has ${source}), not an export: run quire export ${target} --out-dir site, then quire serve site`
    : `${target} is not an exported site: it has no ${MANIFEST} (quire export --out-dir writes one)`;
}
