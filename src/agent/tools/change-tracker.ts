import { lstatSync, readFileSync, realpathSync } from "node:fs";
import path from "node:path";
import { confine } from "../../files/confine.ts";

/**
 * What the agent's tools changed in the checkout during one run: every file written, edited,
 * deleted or moved, with its content from before the first change. The run uses it to know
 * what to re-check (`check_docs` validates only what a change can affect) and to validate the
 * state before the change, so the model is told only about the problems it introduced.
 */
export class ChangeTracker {
  /** The checkout's real path; files are repository-relative to it. */
  readonly root: string;
  /** Content at the start of the run of every file touched; null when it did not exist. */
  private readonly startContent = new Map<string, Buffer | null>();
  /** Moved files: current path → path at the start of the run. */
  private readonly moves = new Map<string, string>();

  constructor(root: string) {
    this.root = realpathSync(root);
  }

  /** Remembers a file's content before the tools first change it. Call before every change. */
  remember(relative: string): void {
    if (!this.startContent.has(relative)) this.startContent.set(relative, this.read(relative));
  }

  /** Records that a file now at `to` was at `from` (after `remember` of both). */
  recordMove(from: string, to: string): void {
    const origin = this.moves.get(from) ?? from;
    this.moves.delete(from);
    if (origin !== to) this.moves.set(to, origin);
  }

  /** Files whose content or existence now differs from the start of the run, sorted. */
  changedFiles(): string[] {
    const changed: string[] = [];
    for (const [file, start] of this.startContent) {
      const now = this.read(file);
      if (start === null ? now !== null : now === null || !start.equals(now)) changed.push(file);
    }
    return changed.sort();
  }

  /** Changed files that no longer exist: deleted, or moved away. */
  removedFiles(): string[] {
    return this.changedFiles().filter((file) => this.read(file) === null);
  }

  /** The start-of-run content of each changed file (null: it did not exist then). */
  startState(): Map<string, Buffer | null> {
    const state = new Map<string, Buffer | null>();
    for (const file of this.changedFiles()) state.set(file, this.startContent.get(file) ?? null);
    return state;
  }

  /** Files moved during the run that still exist: current path → path at the start. */
  renames(): Map<string, string> {
    const renames = new Map<string, string>();
    for (const [to, from] of this.moves) if (this.read(to) !== null) renames.set(to, from);
    return renames;
  }

  /** A file's bytes, or null when there is no file (a link counts only when it stays inside). */
  private read(relative: string): Buffer | null {
    const absolute = path.join(this.root, relative);
    try {
      const stats = lstatSync(absolute);
      if (stats.isSymbolicLink()) {
        const target = realpathSync(absolute);
        if (confine(this.root, target) === undefined || !lstatSync(target).isFile()) return null;
        return readFileSync(target);
      }
      return stats.isFile() ? readFileSync(absolute) : null;
    } catch {
      return null;
    }
  }
}
