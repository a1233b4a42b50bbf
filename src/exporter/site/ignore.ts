/**
 * `.mintignore`: gitignore-style patterns naming files that are not part of the site, on top
 * of the folders and files Mintlify always leaves out.
 */
export const DEFAULT_IGNORED = [
  ".git",
  ".github",
  ".claude",
  ".agents",
  ".idea",
  ".vscode",
  "node_modules",
  "build",
  "dist",
  "coverage",
  ".cache",
  "tmp",
  "temp",
  "README.md",
  "LICENSE.md",
  "CHANGELOG.md",
  "CONTRIBUTING.md",
  ".quire",
];

interface Rule {
  regex: RegExp;
  negated: boolean;
  directoryOnly: boolean;
}

/** A predicate over repository-relative paths (`isDirectory` for folder entries). */
export type IgnoreMatcher = (relativePath: string, isDirectory: boolean) => boolean;

export function createIgnoreMatcher(patternsText: string): IgnoreMatcher {
  const rules = [...DEFAULT_IGNORED, ...patternsText.split(/\r?\n/)]
    .map((line) => line.replace(/(?<!\\)\s+$/, ""))
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map(toRule);
  return (relativePath, isDirectory) => {
    let ignored = false;
    for (const rule of rules) {
      if (rule.directoryOnly && !isDirectory) continue;
      if (rule.regex.test(relativePath)) ignored = !rule.negated;
    }
    return ignored;
  };
}

function toRule(line: string): Rule {
  let pattern = line;
  const negated = pattern.startsWith("!");
  if (negated) pattern = pattern.slice(1);
  pattern = pattern.replace(/^\\([#!])/, "$1");
  const directoryOnly = pattern.endsWith("/");
  if (directoryOnly) pattern = pattern.slice(0, -1);
  const anchored = pattern.includes("/");
  pattern = pattern.replace(/^\//, "");
  let source = "";
  for (let index = 0; index < pattern.length; index++) {
    const character = pattern[index] as string;
    if (character === "*") {
      if (pattern[index + 1] === "*") {
        const slashAfter = pattern[index + 2] === "/";
        source += slashAfter ? "(?:.*/)?" : ".*";
        index += slashAfter ? 2 : 1;
      } else {
        source += "[^/]*";
      }
    } else if (character === "?") {
      source += "[^/]";
    } else {
      source += character.replace(/[.+^${}()|[\]\\]/g, "\\$&");
    }
  }
  const prefix = anchored ? "^" : "^(?:.*/)?";
  return { regex: new RegExp(`${prefix}${source}$`), negated, directoryOnly };
}
