import assert from "node:assert";
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { readLayout } from "./version-layout.ts";

/**
 * The unpacked versions of a served site, under `<dataDir>/versions/<id>/` (the site and
 * Quire's compressed copies of it: version-layout.ts), and which one is
 * active: `active.json`, replaced by rename so a reader sees the old value or the new one,
 * never half of either. The history (newest first) decides what `--rollback` returns to and
 * which versions are removed beyond the number kept.
 */
export interface ActiveVersion {
  id: string;
  /** The site's files. */
  directory: string;
  /** Quire's compressed copies of them (version-layout.ts); null when there are none to trust. */
  compressed: string | null;
  activatedAt: string;
}

/**
 * Where the server reads the version to serve from: a VersionStore, or one local site
 * (local-site.ts). `changes` moves when the source itself switched versions.
 */
export interface ActiveVersionSource {
  active(): ActiveVersion | null;
  readonly changes: number;
}

interface State {
  active: string | null;
  /** Version ids, most recently activated first. */
  history: string[];
}

export class VersionStore implements ActiveVersionSource {
  readonly root: string;
  readonly #stateFile: string;
  #activeCache: { stamp: string; value: ActiveVersion } | undefined;
  #changes = 0;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, "versions");
    this.#stateFile = path.join(dataDir, "active.json");
    mkdirSync(this.root, { recursive: true });
  }

  directoryOf(id: string): string {
    return path.join(this.root, id);
  }

  has(id: string): boolean {
    return readLayout(this.directoryOf(id)) !== null;
  }

  /**
   * Read often (every /readyz, the server's re-checks), so the state file is parsed again only
   * when it changed: a switch replaces it by rename (a new inode), any other write moves its times.
   */
  active(): ActiveVersion | null {
    const info = statSync(this.#stateFile, { bigint: true, throwIfNoEntry: false });
    if (!info) return null;
    const stamp = `${info.ino}:${info.size}:${info.mtimeNs}:${info.ctimeNs}`;
    if (this.#activeCache?.stamp === stamp) return this.#activeCache.value;
    const state = this.#read();
    const layout = state.active ? readLayout(this.directoryOf(state.active)) : null;
    if (!state.active || !layout) return null;
    const value = {
      id: state.active,
      directory: layout.site,
      compressed: layout.compressed,
      activatedAt: info.mtime.toISOString(),
    };
    this.#activeCache = { stamp, value };
    return value;
  }

  /** Makes an unpacked version the active one, and removes versions beyond the newest `keep`. */
  activate(id: string, keep: number): void {
    assert(this.has(id), `version ${id} is not unpacked: activate only what has()`);
    const state = this.#read();
    const history = [id, ...state.history.filter((item) => item !== id)];
    this.#write({ active: id, history: history.slice(0, Math.max(1, keep)) });
    for (const name of readdirSync(this.root)) {
      const kept = history.slice(0, Math.max(1, keep)).includes(name);
      // Staging folders of an unpack still running elsewhere are left alone.
      if (!kept && !name.includes(".partial-"))
        rmSync(path.join(this.root, name), { recursive: true, force: true });
    }
  }

  /** Goes back to the version active before the current one; returns it, or null when there is none. */
  rollback(): string | null {
    const state = this.#read();
    const previous = state.history.slice(1).find((id) => this.has(id));
    if (!previous) return null;
    this.#write({
      active: previous,
      history: [previous, ...state.history.filter((id) => id !== previous && id !== state.active)],
    });
    return previous;
  }

  /** How many times this store changed the active version: a reader's cue to read it again. */
  get changes(): number {
    return this.#changes;
  }

  /** Version ids, most recently activated first. */
  list(): string[] {
    return this.#read().history.filter((id) => this.has(id));
  }

  #read(): State {
    try {
      const state = JSON.parse(readFileSync(this.#stateFile, "utf8")) as State;
      return {
        active: typeof state.active === "string" ? state.active : null,
        history: Array.isArray(state.history)
          ? state.history.filter((id) => typeof id === "string")
          : [],
      };
    } catch {
      return { active: null, history: [] };
    }
  }

  #write(state: State): void {
    const temporary = `${this.#stateFile}.${process.pid}`;
    writeFileSync(temporary, `${JSON.stringify(state, null, 2)}\n`);
    renameSync(temporary, this.#stateFile);
    this.#changes += 1;
  }
}
