import { lstatSync, realpathSync, type Stats } from "node:fs";
import path from "node:path";
import { confine } from "../../files/confine.ts";

/** A path the model gave, checked and resolved inside the checkout. */
export interface CheckoutPath {
  /** Repository-relative, forward slashes, after following symbolic links: the file actually touched. */
  relative: string;
  /** Absolute path on disk (symbolic links along the way resolved). */
  absolute: string;
  /** The path as the model should read it back: its own path, normalized. */
  display: string;
  /** What is there now; `link` only when the last component is a link that was not followed. */
  kind: "file" | "directory" | "link" | "other" | "none";
}

export type PathCheck = ({ ok: true } & CheckoutPath) | { ok: false; text: string };

export interface ResolveOptions {
  /** The argument's name, for error messages (`path`, `from`, `to`). */
  argument?: string;
  /** Whether the empty path / `.` (the repository root itself) is acceptable: for folders to list or search. */
  allowRoot?: boolean;
  /**
   * Whether a symbolic link as the last component is followed (reading and writing a file's
   * content) or left as it is (deleting or moving the link itself). Links along the way are
   * always followed, and always checked.
   */
  followLastLink?: boolean;
}

const EXAMPLE = `a path relative to the repository root, such as "docs.json" or "guides/quickstart.mdx"`;

/**
 * Confines the agent's file tools to one checkout. A model-given path is refused when it is
 * absolute, climbs out with `..`, holds a NUL byte, names anything inside `.git` (the agent
 * must not rewrite history or hooks), or passes through a symbolic link leading outside the
 * checkout (or into `.git`). Paths to be created are checked through their deepest existing
 * folder, so a link to a folder outside cannot be written through either. Errors are
 * sentences for the model: what was wrong and what to send instead.
 */
export class PathGuard {
  /** The checkout's real path. */
  readonly root: string;

  constructor(root: string) {
    this.root = realpathSync(root);
  }

  resolve(input: unknown, options: ResolveOptions = {}): PathCheck {
    const argument = options.argument ?? "path";
    if (typeof input !== "string") {
      return refuse(`"${argument}" must be a string: ${EXAMPLE}.`);
    }
    const given = input.trim();
    if (given.includes("\0")) {
      return refuse(
        `"${argument}" contains a NUL character, which no file name can hold. Send ${EXAMPLE}.`,
      );
    }
    const slashed = given.replace(/\\/g, "/");
    if (slashed.startsWith("/") || slashed.startsWith("~") || /^[a-z]:/i.test(slashed)) {
      const inside = slashed.replace(/^(~[^/]*|[a-z]:)?\/+/i, "");
      const hint =
        inside && !inside.startsWith("..")
          ? ` If you mean the repository file, write "${inside}".`
          : "";
      return refuse(
        `"${input}" is an absolute path; the tools only reach files inside the repository, by ${EXAMPLE}.${hint}`,
      );
    }
    const normalized = path.posix.normalize(slashed === "" ? "." : slashed).replace(/\/+$/, "");
    if (normalized === ".." || normalized.startsWith("../")) {
      return refuse(
        `"${input}" leads outside the repository (through ".."); the tools only reach files inside it. Send ${EXAMPLE}.`,
      );
    }
    const display = normalized === "" ? "." : normalized;
    if (display === ".") {
      if (options.allowRoot)
        return { ok: true, relative: "", absolute: this.root, display: ".", kind: "directory" };
      return refuse(`"${argument}" must name a file, not the repository root: ${EXAMPLE}.`);
    }
    if (isGitPath(display)) return refuseGit(input);
    return this.walk(input, display, options.followLastLink ?? true);
  }

  /** The repository-relative form of an absolute path inside the checkout. */
  relativeOf(absolute: string): string {
    return path.relative(this.root, absolute).split(path.sep).join("/");
  }

  /** Follows the path one component at a time, checking every symbolic link met on the way. */
  private walk(input: string, display: string, followLastLink: boolean): PathCheck {
    const parts = display.split("/");
    let current = this.root;
    for (let index = 0; index < parts.length; index++) {
      const part = parts[index] as string;
      const isLast = index === parts.length - 1;
      const next = path.join(current, part);
      let stats: Stats;
      try {
        stats = lstatSync(next);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT") {
          // Nothing exists from here on: the rest is created under a folder already checked.
          const absolute = path.join(current, ...parts.slice(index));
          return { ok: true, relative: this.relativeOf(absolute), absolute, display, kind: "none" };
        }
        if (code === "ENOTDIR") return refuseNotFolder(input, parts.slice(0, index).join("/"));
        throw error;
      }
      if (stats.isSymbolicLink()) {
        if (isLast && !followLastLink) {
          return {
            ok: true,
            relative: this.relativeOf(next),
            absolute: next,
            display,
            kind: "link",
          };
        }
        let target: string;
        try {
          target = realpathSync(next);
        } catch {
          return refuse(
            `"${input}" goes through the symbolic link "${parts.slice(0, index + 1).join("/")}", which points to nothing that exists (or loops); the tools do not follow it.`,
          );
        }
        if (confine(this.root, target) === undefined) {
          return refuse(
            `"${input}" goes through the symbolic link "${parts.slice(0, index + 1).join("/")}", which leads outside the repository; the tools only reach files inside it.`,
          );
        }
        if (isGitPath(this.relativeOf(target))) return refuseGit(input);
        current = target;
        if (isLast) {
          const kind = kindOf(lstatSync(target));
          return { ok: true, relative: this.relativeOf(target), absolute: target, display, kind };
        }
        continue;
      }
      if (isLast)
        return {
          ok: true,
          relative: this.relativeOf(next),
          absolute: next,
          display,
          kind: kindOf(stats),
        };
      if (!stats.isDirectory()) return refuseNotFolder(input, parts.slice(0, index + 1).join("/"));
      current = next;
    }
    // Unreachable: the loop returns on its last component.
    return refuse(`"${input}" could not be resolved.`);
  }
}

/** Whether a repository-relative path is `.git` or inside it (any `.git` segment: submodules have one too). */
export function isGitPath(relative: string): boolean {
  return relative.split("/").some((segment) => segment.toLowerCase() === ".git");
}

function kindOf(stats: Stats): CheckoutPath["kind"] {
  if (stats.isFile()) return "file";
  if (stats.isDirectory()) return "directory";
  if (stats.isSymbolicLink()) return "link";
  return "other";
}

function refuse(text: string): { ok: false; text: string } {
  return { ok: false, text };
}

function refuseGit(input: string): { ok: false; text: string } {
  return refuse(
    `"${input}" is inside the .git folder, which the tools never read or change: the job's commits and pull request are made for you. Work on the documentation files instead.`,
  );
}

function refuseNotFolder(input: string, file: string): { ok: false; text: string } {
  return refuse(`"${input}" cannot exist: "${file}" is a file, not a folder.`);
}
