import { dereference, upgrade } from "@scalar/openapi-parser";
import { parse as parseYaml, YAMLParseError } from "yaml";
import type { Problem } from "../problems.ts";
import { parseJsonFile } from "../site/config/read-json.ts";
import type { OpenApiDocument } from "./types.ts";

/** A specification ready to render: upgraded to OpenAPI 3.1 and dereferenced. */
export interface LoadedSpec {
  /** Repository-relative file, or the URL it was fetched from. */
  source: string;
  document: OpenApiDocument;
  /** The version the file was written in: `2.0`, `3.0.3`, `3.1.0`… */
  writtenVersion: string;
  problems: Problem[];
}

/**
 * The definition each dereferenced `$ref` stood for. The parser gives every place a `$ref`
 * stood its own copy of the definition's keys; this is what the copies of one `$ref` share.
 */
const definitionOfReference = new WeakMap<object, object>();

/** The definition a dereferenced schema was a `$ref` to, or the schema itself. */
export function definitionOf(schema: object): object {
  return definitionOfReference.get(schema) ?? schema;
}

/**
 * Reads a specification's text (JSON or YAML; Swagger 2.0, OpenAPI 3.0, 3.1) into a document
 * every later step can walk as plain objects: Swagger and 3.0 are upgraded to 3.1 and every
 * internal `$ref` is replaced by what it points to, so a `$ref` cycle becomes an object that
 * contains itself. Problems name the file and, for references, the JSON pointer; a document
 * that cannot be read at all comes back with an error and no paths.
 */
export function loadSpecText(source: string, text: string): LoadedSpec {
  const problems: Problem[] = [];
  const failed = (problem: Problem): LoadedSpec => ({
    source,
    document: { openapi: "3.1.0", paths: {} },
    writtenVersion: "",
    problems: [problem],
  });
  const parsed = parseSpecSyntax(source, text);
  if ("problem" in parsed) return failed(parsed.problem);
  const raw = parsed.value;
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) {
    return failed({
      severity: "error",
      rule: "openapi",
      file: source,
      message: "is not an OpenAPI document: its top level must be an object",
    });
  }
  const record = raw as Record<string, unknown>;
  const writtenVersion = String(record.openapi ?? record.swagger ?? "");
  if (!/^(2\.0|3\.[0-2])(\.\d+)?/.test(writtenVersion)) {
    return failed({
      severity: "error",
      rule: "openapi",
      file: source,
      message: writtenVersion
        ? `OpenAPI version "${writtenVersion}" is not supported (2.0, 3.0, 3.1 and 3.2 are)`
        : 'is not an OpenAPI document: it has no "openapi" (or "swagger") version',
    });
  }
  problems.push(...checkReferences(source, record));
  let upgraded: Record<string, unknown>;
  try {
    upgraded = (upgrade(record as never).specification ?? record) as Record<string, unknown>;
  } catch (error) {
    return failed({
      severity: "error",
      rule: "openapi",
      file: source,
      message: `cannot be upgraded to OpenAPI 3.1: ${messageOf(error)}`,
    });
  }
  let document: OpenApiDocument;
  try {
    const dereferenced = dereference(upgraded as never, {
      onDereference: ({ schema, resolved }) =>
        definitionOfReference.set(schema, definitionOf(resolved)),
    });
    document = (dereferenced.schema ?? upgraded) as OpenApiDocument;
  } catch (error) {
    return failed({
      severity: "error",
      rule: "openapi",
      file: source,
      message: `its references cannot be resolved: ${messageOf(error)}`,
    });
  }
  if (!document.paths || typeof document.paths !== "object") document.paths = {};
  return { source, document, writtenVersion, problems };
}

/** JSON or YAML by content (YAML is a superset, but JSON's errors are clearer for JSON files). */
export function parseSpecSyntax(
  source: string,
  text: string,
): { value: unknown } | { problem: Problem } {
  if (/^\s*[{[]/.test(text) || /\.json$/i.test(source)) {
    const result = parseJsonFile(source, text);
    if (result.problem) return { problem: { ...result.problem, rule: "openapi" } };
    return { value: result.value };
  }
  try {
    return { value: parseYaml(text, { maxAliasCount: 1000, uniqueKeys: false }) };
  } catch (error) {
    const position = error instanceof YAMLParseError ? error.linePos?.[0] : undefined;
    return {
      problem: {
        severity: "error",
        rule: "openapi",
        file: source,
        line: position?.line,
        column: position?.col,
        message: `is not valid YAML: ${messageOf(error).split("\n")[0]}`,
      },
    };
  }
}

/**
 * Every `$ref` that points nowhere inside the document, by the JSON pointer where it is
 * written. External references (other files, URLs) are not followed: the reference stays
 * unresolved and is shown as an unknown schema.
 */
function checkReferences(source: string, document: Record<string, unknown>): Problem[] {
  const problems: Problem[] = [];
  const walk = (value: unknown, pointer: string): void => {
    if (!value || typeof value !== "object") return;
    if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) walk(item, `${pointer}/${index}`);
      return;
    }
    for (const [key, child] of Object.entries(value)) {
      if (key === "$ref" && typeof child === "string") {
        if (!child.startsWith("#")) {
          problems.push({
            severity: "warning",
            rule: "openapi-ref",
            file: source,
            message: `${pointer}/$ref: "${child}" is in another file; only references inside the document are followed`,
          });
        } else if (resolvePointer(document, child.slice(1)) === undefined) {
          problems.push({
            severity: "warning",
            rule: "openapi-ref",
            file: source,
            message: `${pointer}/$ref: "${child}" points to nothing in the document`,
          });
        }
      } else walk(child, `${pointer}/${escapePointer(key)}`);
    }
  };
  walk(document, "#");
  return problems;
}

function resolvePointer(document: unknown, pointer: string): unknown {
  if (pointer === "" || pointer === "/") return document;
  let current: unknown = document;
  for (const part of pointer.replace(/^\//, "").split("/")) {
    const key = decodeURIComponent(part).replace(/~1/g, "/").replace(/~0/g, "~");
    if (!current || typeof current !== "object" || !(key in current)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

export function escapePointer(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Schema and semantic checks of a specification as written (before upgrading), with the
 * maintained validator; each finding names the file and the JSON pointer. Findings are
 * warnings: real specifications often break a rule that does not stop a page from rendering.
 */
export async function validateSpecText(
  source: string,
  text: string,
  limit = 20,
): Promise<Problem[]> {
  const parsed = parseSpecSyntax(source, text);
  if ("problem" in parsed) return [];
  const { validate } = await import("@scalar/openapi-parser");
  let result: Awaited<ReturnType<typeof validate>>;
  try {
    result = await validate(parsed.value as never);
  } catch (error) {
    return [
      {
        severity: "warning",
        rule: "openapi-invalid",
        file: source,
        message: `could not be validated: ${messageOf(error)}`,
      },
    ];
  }
  const errors = (result.errors ?? []).filter((error) => error.code !== "INVALID_REFERENCE");
  const problems: Problem[] = errors.slice(0, limit).map((error) => {
    const pointer = Array.isArray(error.path)
      ? `/${error.path.map(String).map(escapePointer).join("/")}`
      : (error.path ?? "");
    return {
      severity: "warning",
      rule: "openapi-invalid",
      file: source,
      message: `#${pointer}: ${error.message}`,
    };
  });
  if (errors.length > limit) {
    problems.push({
      severity: "warning",
      rule: "openapi-invalid",
      file: source,
      message: `and ${errors.length - limit} more validation findings`,
    });
  }
  return problems;
}
