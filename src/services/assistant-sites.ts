import { mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import type { Logger } from "pino";
import type { Db } from "../db/database.ts";
import { findNewestProjectBundle } from "../db/export-jobs.ts";
import { findProjectById } from "../db/projects.ts";
import { OWNER, removeLeftovers } from "../serve/leftovers.ts";
import { unpackBundle } from "../serve/unpack-bundle.ts";
import { readLayout } from "../serve/version-layout.ts";
import type { ObjectStore } from "../storage/object-store.ts";

/** What the readers' assistant of the API finds for a project id. */
export type AssistantSiteLookup =
  /** No project answers here: unknown, not `cloud`, or its assistant is off. */
  | { kind: "not-offered" }
  /** The folder of the newest completed export's site; null while none has completed. */
  | { kind: "project"; root: string | null };

export interface AssistantSitesOptions {
  db: Db;
  store: ObjectStore;
  /** The cache folder (`<data dir>/cache/assistant`): `versions/<jobId>`, `downloads/`. */
  folder: string;
  /** Unpacked bundles kept on disk at most; the oldest unpacked go first. */
  keep: number;
  logger: Logger;
}

/**
 * The sites the admin API's readers' assistant answers from: for a `cloud` project with its
 * assistant on, its newest completed export's bundle, downloaded from the object store and
 * unpacked safely (the checks of `quire serve`) into a cache keyed by export job id. A new
 * export is found by the next question, with no restart; each process keeps its own cache,
 * so API processes sharing a database share nothing else. The cache is laid out as `quire
 * serve`'s data dir (`versions/`, `downloads/`), so a process killed midway leaves only what
 * the next start removes.
 */
export class AssistantSites {
  readonly #options: AssistantSitesOptions;
  readonly #versions: string;
  readonly #downloads: string;
  /** Unpacks under way in this process, by job id: concurrent questions share one. */
  readonly #unpacking = new Map<string, Promise<string>>();
  #downloadCount = 0;

  constructor(options: AssistantSitesOptions) {
    this.#options = options;
    this.#versions = path.join(options.folder, "versions");
    this.#downloads = path.join(options.folder, "downloads");
    mkdirSync(this.#versions, { recursive: true });
    mkdirSync(this.#downloads, { recursive: true });
    removeLeftovers(options.folder);
  }

  async lookup(projectId: string): Promise<AssistantSiteLookup> {
    const project = await findProjectById(this.#options.db, projectId);
    if (!project || project.deployment !== "cloud" || project.serve_assistant !== 1)
      return { kind: "not-offered" };
    const bundle = await findNewestProjectBundle(this.#options.db, projectId);
    if (!bundle) return { kind: "project", root: null };
    return { kind: "project", root: await this.#siteOf(bundle.job_id, bundle.object_key) };
  }

  /** The unpacked site of an export job, unpacking it first when this cache has not. */
  async #siteOf(jobId: string, objectKey: string): Promise<string> {
    const directory = path.join(this.#versions, jobId);
    const layout = readLayout(directory);
    if (layout) return layout.site;
    let unpacking = this.#unpacking.get(jobId);
    if (!unpacking) {
      unpacking = this.#unpack(directory, objectKey).finally(() => this.#unpacking.delete(jobId));
      this.#unpacking.set(jobId, unpacking);
    }
    return unpacking;
  }

  async #unpack(directory: string, objectKey: string): Promise<string> {
    const archive = path.join(
      this.#downloads,
      `bundle-${OWNER}.tar.gz.partial-${++this.#downloadCount}`,
    );
    try {
      await this.#options.store.download(objectKey, archive);
      await unpackBundle(archive, directory);
    } catch (error) {
      // Another process sharing this data dir unpacked the same job first.
      const layout = readLayout(directory);
      if (layout) return layout.site;
      throw error;
    } finally {
      rmSync(archive, { force: true });
    }
    this.#prune(directory);
    this.#options.logger.info({ exportJob: path.basename(directory) }, "assistant site unpacked");
    return (readLayout(directory) as { site: string }).site;
  }

  /** Removes the oldest unpacked bundles past the bound, never the one just unpacked. */
  #prune(keepDirectory: string): void {
    const unpacked = readdirSync(this.#versions)
      .filter((name) => !name.includes(".partial-"))
      .map((name) => path.join(this.#versions, name))
      .filter((directory) => directory !== keepDirectory)
      .flatMap((directory) => {
        try {
          return [{ directory, modified: statSync(directory).mtimeMs }];
        } catch {
          return []; // removed meanwhile by another process
        }
      })
      .sort((a, b) => b.modified - a.modified);
    for (const { directory } of unpacked.slice(Math.max(0, this.#options.keep - 1)))
      rmSync(directory, { recursive: true, force: true });
  }
}
