import { CodedError } from "../../domain/errors.ts";

/**
 * Glob patterns as models write them: `**` (any folders), `*` and `?` (within a name),
 * `[abc]` and `{mdx,md}`. A pattern without `/` matches file names at any depth (`*.mdx`
 * finds every page); one with `/` matches the whole path (`guides/*.mdx`).
 */
export type GlobMatcher = (relativePath: string) => boolean;

export class GlobSyntaxError extends CodedError {
  constructor(message: string) {
    super("QUIRE_ERR_AGENT_GLOB_INVALID", message);
  }
}

export function compileGlob(pattern: string): GlobMatcher {
  const cleaned = pattern.trim().replace(/\\/g, "/").replace(/^\.\//, "").replace(/^\/+/, "");
  if (cleaned === "") throw new GlobSyntaxError("the pattern is empty");
  const regex = new RegExp(`^${globSource(cleaned)}$`);
  if (!cleaned.includes("/")) {
    return (relativePath) => regex.test(relativePath.slice(relativePath.lastIndexOf("/") + 1));
  }
  return (relativePath) => regex.test(relativePath);
}

function globSource(pattern: string): string {
  let source = "";
  let braceDepth = 0;
  for (let index = 0; index < pattern.length; index++) {
    const character = pattern[index] as string;
    if (character === "*") {
      if (pattern[index + 1] === "*") {
        const atSegmentStart = index === 0 || pattern[index - 1] === "/";
        const slashAfter = pattern[index + 2] === "/";
        if (atSegmentStart && slashAfter) {
          source += "(?:[^/]+/)*";
          index += 2;
        } else {
          source += ".*";
          index += 1;
        }
      } else {
        source += "[^/]*";
      }
    } else if (character === "?") {
      source += "[^/]";
    } else if (character === "[") {
      const end = pattern.indexOf("]", index + 2);
      if (end === -1) throw new GlobSyntaxError(`"[" at position ${index + 1} has no closing "]"`);
      let set = pattern.slice(index + 1, end).replace(/\\/g, "\\\\");
      if (set.startsWith("!")) set = `^${set.slice(1)}`;
      source += `[${set}]`;
      index = end;
    } else if (character === "{") {
      braceDepth += 1;
      source += "(?:";
    } else if (character === "}" && braceDepth > 0) {
      braceDepth -= 1;
      source += ")";
    } else if (character === "," && braceDepth > 0) {
      source += "|";
    } else {
      source += character.replace(/[.+^${}()|[\]\\]/g, "\\$&");
    }
  }
  if (braceDepth > 0) throw new GlobSyntaxError(`"{" has no closing "}"`);
  return source;
}
