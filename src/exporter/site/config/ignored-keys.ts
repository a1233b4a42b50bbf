import type { ConfigChecker } from "./checker.ts";
import { closestKey } from "./known-keys.ts";

/**
 * Settings Mintlify documents that a static export cannot honour, with the reason a reader of
 * the warning needs. Keys here are reported where they are written, never dropped silently.
 */
export const UNSUPPORTED_SETTINGS: Readonly<Record<string, string>> = {
  "thumbnails.fonts":
    "the social preview card is drawn in Inter, which Quire ships; fonts are not downloaded at export time",
  markdown:
    "the Markdown served to AI tools is each page's own `.md` file; these options do not apply",
  "styling.codeblocks.languages":
    "custom TextMate grammars are not loaded; those code blocks show as plain text",
};

/**
 * Reports every key of a settings object the export does not read: a near miss of a known key
 * as a likely typo, a documented setting the export cannot honour with its reason, anything else
 * as unknown. `path` is the object's key path (`""` for the top level).
 */
export function reportIgnoredKeys(
  object: Record<string, unknown>,
  path: string,
  known: ReadonlySet<string>,
  check: ConfigChecker,
): void {
  for (const key of Object.keys(object)) {
    const keyPath = path === "" ? key : `${path}.${key}`;
    const unsupported = UNSUPPORTED_SETTINGS[keyPath];
    if (unsupported) {
      check.warn(keyPath, `not supported: ${unsupported}`);
      continue;
    }
    if (known.has(key)) continue;
    const suggestion = closestKey(key, known);
    check.warn(
      keyPath,
      suggestion
        ? `unknown key; did you mean "${suggestion}"?`
        : "unknown key; the export ignores it",
    );
  }
}
