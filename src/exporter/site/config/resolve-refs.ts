import path from "node:path/posix";
import type { Problem } from "../../problems.ts";
import { RepoFileError, type RepoFiles } from "../repo-files.ts";
import { parseJsonFile } from "./read-json.ts";

const MAX_DEPTH = 16;

/**
 * Replaces `{"$ref": "./other.json"}` objects (docs.json may split navigation, redirects
 * and languages into files) by the referenced file's content, recursively. References are
 * resolved from the referencing file and never leave the repository.
 */
export function resolveRefs(value: unknown, fromFile: string, repo: RepoFiles, problems: Problem[], stack: string[] = []): unknown {
  if (Array.isArray(value)) return value.map((item) => resolveRefs(item, fromFile, repo, problems, stack));
  if (!value || typeof value !== "object") return value;
  const object = value as Record<string, unknown>;
  if (typeof object.$ref === "string") {
    const target = path.normalize(path.join(path.dirname(fromFile), object.$ref)).replace(/^\.\//, "");
    const fail = (message: string): undefined => {
      problems.push({ severity: "error", rule: "config-ref", file: fromFile, message: `${fromFile}: "$ref": "${object.$ref}" ${message}` });
      return undefined;
    };
    if (target.startsWith("..") || path.isAbsolute(target)) return fail("leaves the repository");
    if (stack.includes(target) || stack.length > MAX_DEPTH) return fail("refers back to itself");
    let text: string;
    try {
      text = repo.readText(target, 5 * 1024 * 1024);
    } catch (error) {
      if (!(error instanceof RepoFileError)) throw error;
      return fail(`cannot be read: ${error.message}`);
    }
    const parsed = parseJsonFile(target, text);
    if (parsed.problem) {
      problems.push(parsed.problem);
      return undefined;
    }
    const { $ref: _ref, ...siblings } = object;
    const resolved = resolveRefs(parsed.value, target, repo, problems, [...stack, target]);
    return resolved && typeof resolved === "object" && !Array.isArray(resolved) ? { ...(resolved as object), ...resolveRefs(siblings, fromFile, repo, problems, stack) as object } : resolved;
  }
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(object)) result[key] = resolveRefs(item, fromFile, repo, problems, stack);
  return result;
}
