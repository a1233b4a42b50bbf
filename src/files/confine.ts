import path from "node:path";

/**
 * The rule that keeps a path inside a root, for every caller that takes paths from a repository,
 * a model or a request: the absolute path `target` names inside `root`, or undefined when it
 * would leave `root` (the root itself counts as inside).
 *
 * - `target` is relative to `root`, or absolute, and then must lie inside it; `..` is resolved.
 * - A backslash is read both as a character (as POSIX does) and as a separator (as Windows
 *   does): the path must stay inside under both readings. A Windows drive (`C:`) and a NUL
 *   byte are refused.
 * - Nothing is decoded: a caller that takes paths from URLs decodes them first.
 * - Symbolic links are not followed (this is path arithmetic). To check where a path really
 *   leads, confine its real path too (`realpathSync`), with `root` itself a real path.
 */
export function confine(root: string, target: string): string | undefined {
  if (target.includes("\0") || /^[a-z]:/i.test(target)) return undefined;
  const base = path.resolve(root);
  const resolved = path.resolve(base, target);
  const asWindowsReads = path.resolve(base, target.replaceAll("\\", "/"));
  return isWithin(base, resolved) && isWithin(base, asWindowsReads) ? resolved : undefined;
}

function isWithin(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return (
    relative === "" ||
    (relative !== ".." && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative))
  );
}
