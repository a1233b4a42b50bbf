import { HTTP_METHODS, type HttpMethod, type OpenApiDocument } from "./types.ts";

/** One operation (or webhook) of a specification, in the order the specification lists it. */
export interface ApiOperation {
  /** The specification: repository-relative file or URL. */
  source: string;
  kind: "operation" | "webhook";
  method: HttpMethod;
  /** The path template (`/users/{id}`), or the webhook's name. */
  path: string;
  operation: Record<string, unknown>;
  pathItem: Record<string, unknown>;
  tags: string[];
  /** `summary`, else `METHOD /path` (Mintlify's default title). */
  title: string;
  deprecated: boolean;
  /** `x-hidden`: the page exists but the navigation does not list it. */
  hidden: boolean;
  /** `x-excluded`: no page at all. */
  excluded: boolean;
}

/** What a page or navigation entry asks for: `openapi.json GET /users`, `webhook order-created`. */
export interface EndpointReference {
  /** The specification named in the reference, when it names one (leading `/` removed). */
  spec?: string;
  /** The specification was written from the current folder (`./v2.json`, `../v2.json`). */
  specBesidePage?: boolean;
  /** Lower case HTTP method, or `webhook`. */
  method: HttpMethod | "webhook";
  path: string;
}

const METHOD_WORD = /^(get|put|post|delete|options|head|patch|trace|webhook)$/i;

/**
 * Parses `[spec] METHOD path`. The spec may be a repository path (`/api/openapi.yaml`) or a
 * URL; the method is case-insensitive. Undefined when the text is not such a reference.
 */
export function parseEndpointReference(text: string): EndpointReference | undefined {
  const words = text.trim().split(/\s+/);
  if (words.length < 2) return undefined;
  const methodIndex = words.length >= 3 && METHOD_WORD.test(words[1] as string) ? 1 : 0;
  const method = words[methodIndex] as string;
  if (!METHOD_WORD.test(method) || methodIndex + 2 !== words.length) return undefined;
  const written = methodIndex === 1 ? (words[0] as string) : undefined;
  const spec = written ? normalizeSpecPath(written) : undefined;
  return {
    ...(spec ? { spec } : {}),
    ...(written && /^\.\.?\//.test(written) ? { specBesidePage: true } : {}),
    method: method.toLowerCase() as EndpointReference["method"],
    path: words[methodIndex + 1] as string,
  };
}

/** `/specs/openapi.json` and `specs/openapi.json` name the same file; URLs stay as written. */
export function normalizeSpecPath(spec: string): string {
  if (/^https?:\/\//i.test(spec)) return spec;
  return spec.replace(/^\.?\/+/, "");
}

/** Every operation, then every webhook, in the order the specification writes them. */
export function listOperations(document: OpenApiDocument, source: string): ApiOperation[] {
  const operations: ApiOperation[] = [];
  const collect = (items: unknown, kind: ApiOperation["kind"]): void => {
    if (!items || typeof items !== "object") return;
    for (const [path, pathItem] of Object.entries(items as Record<string, unknown>)) {
      if (!pathItem || typeof pathItem !== "object") continue;
      for (const [key, value] of Object.entries(pathItem as Record<string, unknown>)) {
        const method = key.toLowerCase() as HttpMethod;
        if (!HTTP_METHODS.includes(method) || !value || typeof value !== "object") continue;
        operations.push(
          describeOperation(
            source,
            kind,
            method,
            path,
            value as Record<string, unknown>,
            pathItem as Record<string, unknown>,
          ),
        );
      }
    }
  };
  collect(document.paths, "operation");
  collect(document.webhooks, "webhook");
  return operations;
}

function describeOperation(
  source: string,
  kind: ApiOperation["kind"],
  method: HttpMethod,
  path: string,
  operation: Record<string, unknown>,
  pathItem: Record<string, unknown>,
): ApiOperation {
  const tags = Array.isArray(operation.tags)
    ? operation.tags.filter((tag): tag is string => typeof tag === "string")
    : [];
  const summary =
    typeof operation.summary === "string" && operation.summary.trim()
      ? operation.summary.trim()
      : undefined;
  return {
    source,
    kind,
    method,
    path,
    operation,
    pathItem,
    tags,
    title: summary ?? (kind === "webhook" ? path : `${method.toUpperCase()} ${path}`),
    deprecated: operation.deprecated === true,
    hidden: operation["x-hidden"] === true,
    excluded: operation["x-excluded"] === true,
  };
}

/**
 * The operation a reference names. Paths compare exactly first, then ignoring a trailing
 * slash and the names of path parameters (`/users/{id}` matches `/users/{userId}`).
 */
export function findOperation(
  operations: ApiOperation[],
  reference: EndpointReference,
): ApiOperation | undefined {
  const candidates = operations.filter((operation) =>
    reference.method === "webhook"
      ? operation.kind === "webhook"
      : operation.kind === "operation" && operation.method === reference.method,
  );
  const exact = candidates.find((operation) => operation.path === reference.path);
  if (exact) return exact;
  const loose = (path: string): string =>
    path.replace(/\{[^}]*\}/g, "{}").replace(/\/+$/, "") || "/";
  return candidates.find((operation) => loose(operation.path) === loose(reference.path));
}

/** A URL segment from a title or tag: `List all users` → `list-all-users`. */
export function slugSegment(text: string): string {
  return (
    text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "endpoint"
  );
}

/**
 * The page path of a generated operation page: `x-mint.href` when the operation sets one,
 * else `<directory>/<tag>/<title>` (without the tag segment for untagged operations).
 */
export function operationPagePath(operation: ApiOperation, directory: string): string {
  const mint = operation.operation["x-mint"];
  const href =
    mint && typeof mint === "object" ? (mint as Record<string, unknown>).href : undefined;
  if (typeof href === "string" && href.trim() && !/^[a-z]+:/i.test(href))
    return href.trim().replace(/^\/+|\/+$/g, "");
  const tag = operation.tags[0];
  const segments = [
    directory.replace(/^\/+|\/+$/g, ""),
    tag ? slugSegment(tag) : "",
    slugSegment(operation.title),
  ];
  return segments.filter(Boolean).join("/");
}

/** The label of a tag's navigation group: its `x-group`, else its name. */
export function tagGroupTitle(document: OpenApiDocument, tag: string): string {
  const tags = Array.isArray(document.tags) ? (document.tags as Record<string, unknown>[]) : [];
  const entry = tags.find((item) => item && item.name === tag);
  return typeof entry?.["x-group"] === "string" ? (entry["x-group"] as string) : tag;
}

/** Tags in the order the document declares them, then any others in the order operations use them. */
export function orderedTags(document: OpenApiDocument, operations: ApiOperation[]): string[] {
  const declared = Array.isArray(document.tags)
    ? (document.tags as Record<string, unknown>[])
        .map((tag) => tag?.name)
        .filter((name): name is string => typeof name === "string")
    : [];
  const used = new Set(operations.flatMap((operation) => operation.tags.slice(0, 1)));
  return [
    ...declared.filter((tag) => used.has(tag)),
    ...[...used].filter((tag) => !declared.includes(tag)),
  ];
}
