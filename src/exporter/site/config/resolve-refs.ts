import path from "node:path/posix";
import { MAX_CONFIG_JSON_DEPTH } from "../../limits.ts";
import type { Problem } from "../../problems.ts";
import { RepoFileError, type RepoFiles } from "../repo-files.ts";
import { join } from "./checker.ts";
import { parseJsonFile } from "./read-json.ts";
import type { ConfigSources } from "./sources.ts";

const MAX_DEPTH = 16;
const MAX_REFERENCED_BYTES = 5 * 1024 * 1024;

/**
 * Replaces `{"$ref": "./other.json"}` objects (docs.json may split navigation, redirects
 * and languages into files) by the referenced file's content, recursively. Sibling keys of
 * the `$ref` win over the file's own. References are resolved from the referencing file
 * and never leave the repository. Each inclusion is recorded in `sources`, so problems in
 * an included file name that file.
 */
export function resolveRefs(
  value: unknown,
  context: { fromFile: string; repo: RepoFiles; problems: Problem[]; sources: ConfigSources },
): unknown {
  return resolve(value, "", context.fromFile, [], context, 0);
}

function resolve(
  value: unknown,
  keyPath: string,
  fromFile: string,
  stack: string[],
  context: { repo: RepoFiles; problems: Problem[]; sources: ConfigSources },
  depth: number,
): unknown {
  if (!value || typeof value !== "object") return value;
  // Each file was held to the limit when parsed; files included inside one another add up.
  if (depth >= MAX_CONFIG_JSON_DEPTH) {
    const place = context.sources.locate(keyPath);
    if (!context.problems.some((problem) => problem.rule === "config-depth"))
      context.problems.push({
        severity: "error",
        rule: "config-depth",
        file: place.file,
        ...(place.line !== undefined ? { line: place.line, column: place.column } : {}),
        message: `${place.file}: ${place.path}: the configuration nests deeper than ${MAX_CONFIG_JSON_DEPTH} levels once its $ref files are included`,
      });
    return undefined;
  }
  if (Array.isArray(value))
    return value.map((item, index) =>
      resolve(item, `${keyPath}[${index}]`, fromFile, stack, context, depth + 1),
    );
  const object = value as Record<string, unknown>;
  if (typeof object.$ref !== "string") {
    const result: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(object))
      result[key] = resolve(item, join(keyPath, key), fromFile, stack, context, depth + 1);
    return result;
  }
  const reference = object.$ref;
  const target = path.normalize(path.join(path.dirname(fromFile), reference)).replace(/^\.\//, "");
  const fail = (message: string): undefined => {
    context.sources.addFailedInclusion(keyPath);
    const place = context.sources.locate(join(keyPath, "$ref"));
    context.problems.push({
      severity: "error",
      rule: "config-ref",
      file: place.file,
      ...(place.line !== undefined ? { line: place.line, column: place.column } : {}),
      message: `${place.file}: ${place.path}: "${reference}" ${message}`,
    });
    return undefined;
  };
  if (target.startsWith("..") || path.isAbsolute(target)) return fail("leaves the repository");
  if (stack.includes(target) || stack.length > MAX_DEPTH) return fail("refers back to itself");
  let text: string;
  try {
    text = context.repo.readText(target, MAX_REFERENCED_BYTES);
  } catch (error) {
    if (!(error instanceof RepoFileError)) throw error;
    return fail(`cannot be read: ${error.message}`);
  }
  const parsed = parseJsonFile(target, text);
  if (parsed.problem) {
    context.sources.addFailedInclusion(keyPath);
    context.problems.push(parsed.problem);
    return undefined;
  }
  context.problems.push(...parsed.warnings);
  context.sources.addFile(target, text);
  context.sources.addInclusion(keyPath, target);
  const resolved = resolve(parsed.value, keyPath, target, [...stack, target], context, depth);
  const { $ref: _reference, ...siblings } = object;
  if (!resolved || typeof resolved !== "object" || Array.isArray(resolved)) return resolved;
  const overrides = resolve(siblings, keyPath, fromFile, stack, context, depth) as Record<
    string,
    unknown
  >;
  return { ...(resolved as Record<string, unknown>), ...overrides };
}
