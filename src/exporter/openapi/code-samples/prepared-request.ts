import type { SampleRequest } from "../types.ts";
import { hex, isObject } from "./literals.ts";

/*
 * The request every snippet sends, prepared once for every language: the query string
 * percent-encoded like `encodeURIComponent` (plus `!'()*`), cookies in one `Cookie` header, a
 * body's `Content-Type` added (a multipart body gets its own, with the boundary, from the HTTP
 * library), and binary fields and bodies read from FILE_PLACEHOLDER.
 */

/** The file a binary field or body reads from, for the reader to replace. */
export const FILE_PLACEHOLDER = "path/to/file";

/** The example value that marks a binary field or body (`format: binary`). */
const BINARY_VALUE = "<binary>";

/** The body, by how the languages send it. */
export type PreparedBody =
  | { kind: "json"; value: unknown; text: string }
  | { kind: "form"; fields: [string, string][] }
  | { kind: "multipart"; fields: FormField[] }
  | { kind: "text"; text: string }
  | { kind: "file" };

/** One field of a multipart body. */
export interface FormField {
  name: string;
  /** The text of a text field; unused for a file field. */
  value: string;
  /** A file field: its content is read from FILE_PLACEHOLDER. */
  file: boolean;
}

/** The request as every language writes it. */
export interface PreparedRequest {
  /** Upper case. */
  method: string;
  /** With the percent-encoded query. */
  url: string;
  /** Unique names (case-insensitive): repeated headers are joined, cookies are one `Cookie`. */
  headers: [string, string][];
  body?: PreparedBody;
}

/**
 * `encodeURIComponent`, and `!'()*` too (as RFC 3986 would), so that every client sends the URL
 * exactly as written (WHATWG URLs would encode `'`). A lone surrogate becomes U+FFFD first.
 */
export function percentEncode(text: string): string {
  return encodeURIComponent(text.toWellFormed()).replace(
    /[!'()*]/g,
    (character) => `%${hex(character.charCodeAt(0), 2).toUpperCase()}`,
  );
}

function urlWithQuery(url: string, query: [string, string][]): string {
  if (query.length === 0) return url;
  const search = query
    .map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`)
    .join("&");
  return `${url}${url.includes("?") ? "&" : "?"}${search}`;
}

/** Cookie values made only of RFC 6265 cookie-octets stay as they are; others are percent-encoded. */
function cookieValue(value: string): string {
  return /^[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]*$/.test(value) ? value : percentEncode(value);
}

/** The text a form or multipart field sends for a value of the example. */
function fieldText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value) ?? "";
}

/** Form fields of an object: an array value repeats its field, `undefined` leaves it out. */
function formFields(value: Record<string, unknown>): [string, string][] {
  return Object.entries(value).flatMap(([name, item]): [string, string][] => {
    if (item === undefined) return [];
    if (Array.isArray(item)) return item.map((entry) => [name, fieldText(entry)]);
    return [[name, fieldText(item)]];
  });
}

function mediaType(contentType: string): string {
  return (contentType.split(";")[0] ?? "").trim().toLowerCase();
}

function isJsonType(type: string): boolean {
  return /^[\w.+-]+\/([\w.+-]+\+)?json$/.test(type);
}

/** The JSON value as it would travel: `undefined` members dropped, a non-JSON value as `null`. */
function jsonValue(value: unknown): unknown {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

function prepareBody(body: SampleRequest["body"]): PreparedBody | undefined {
  if (!body) return undefined;
  const type = mediaType(body.contentType);
  const { value } = body;
  if (isJsonType(type)) {
    const json = jsonValue(value);
    return { kind: "json", value: json, text: JSON.stringify(json, null, 2) };
  }
  if (type === "application/x-www-form-urlencoded" && isObject(value)) {
    return { kind: "form", fields: formFields(value) };
  }
  if (type === "multipart/form-data" && isObject(value)) {
    const fields = Object.entries(value).flatMap(([name, item]): FormField[] => {
      const items = item === undefined ? [] : Array.isArray(item) ? item : [item];
      return items.map((entry) => ({
        name,
        value: entry === BINARY_VALUE ? "" : fieldText(entry),
        file: entry === BINARY_VALUE,
      }));
    });
    return { kind: "multipart", fields };
  }
  if (value === BINARY_VALUE) return { kind: "file" };
  return { kind: "text", text: fieldText(value) };
}

/** The request a snippet sends, prepared once for every language. */
export function prepareRequest(request: SampleRequest): PreparedRequest {
  const body = prepareBody(request.body);
  const headers: [string, string][] = [];
  const add = (name: string, value: string, separator: string): void => {
    const same = headers.find(([existing]) => existing.toLowerCase() === name.toLowerCase());
    if (same) same[1] = `${same[1]}${separator}${value}`;
    else headers.push([name, value]);
  };
  for (const [name, value] of request.headers) {
    const lower = name.toLowerCase();
    // A multipart Content-Type is only right with the boundary the library picks.
    if (lower === "content-type" && body?.kind === "multipart") continue;
    add(name, value, lower === "cookie" ? "; " : ", ");
  }
  if (request.cookies.length > 0) {
    add(
      "Cookie",
      request.cookies.map(([name, value]) => `${name}=${cookieValue(value)}`).join("; "),
      "; ",
    );
  }
  if (
    request.body &&
    body?.kind !== "multipart" &&
    !headers.some(([name]) => name.toLowerCase() === "content-type")
  ) {
    headers.push(["Content-Type", request.body.contentType]);
  }
  return {
    method: request.method.toUpperCase(),
    url: urlWithQuery(request.url, request.query),
    headers,
    ...(body ? { body } : {}),
  };
}
