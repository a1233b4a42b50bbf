/**
 * Request snippets for the API reference pages: one request (every value already chosen) written
 * as code a reader can paste and run, in each language of docs.json `api.examples.languages`,
 * plus the hand-written `x-codeSamples` of an operation.
 *
 * Every snippet sends the same request: the query string is percent-encoded like
 * `encodeURIComponent` (plus `!'()*`), cookies travel in one `Cookie` header, and a body gets its
 * `Content-Type` (multipart bodies get theirs, with the boundary, from the HTTP library).
 * Binary fields and bodies (the example value `"<binary>"`) read the placeholder file
 * `path/to/file`. Strings are escaped for each language by one shared helper (`escapedString`).
 *
 * Languages: cURL (`curl`, `bash`, `sh`, `shell`), JavaScript with fetch (`javascript`, `js`,
 * `node`, `nodejs`), TypeScript with fetch (`typescript`, `ts`), Python with requests (`python`,
 * `py`), Go with net/http (`go`, `golang`) and Java with java.net.http (`java`, Java 16 or
 * later), case-insensitive. Other names are skipped and returned in `unknown`.
 */
import type { CodeSample, SampleRequest } from "./types.ts";

/** The languages shown when docs.json names none. */
export const DEFAULT_SAMPLE_LANGUAGES: readonly string[] = ["curl", "javascript", "python", "go"];

/** The file a binary field or body reads from, for the reader to replace. */
export const FILE_PLACEHOLDER = "path/to/file";

/** The example value that marks a binary field or body (`format: binary`). */
const BINARY_VALUE = "<binary>";

/** The snippets `generateCodeSamples` wrote, and the language names it skipped. */
export interface GeneratedSamples {
  /** One per recognised language, in the order asked, each language once. */
  samples: CodeSample[];
  /** The names that match no language, as written, for the caller to warn about. */
  unknown: string[];
}

// ---------------------------------------------------------------------------------------------
// The request, prepared once for every language

type PreparedBody =
  | { kind: "json"; value: unknown; text: string }
  | { kind: "form"; fields: [string, string][] }
  | { kind: "multipart"; fields: FormField[] }
  | { kind: "text"; text: string }
  | { kind: "file" };

interface FormField {
  name: string;
  /** The text of a text field; unused for a file field. */
  value: string;
  /** A file field: its content is read from FILE_PLACEHOLDER. */
  file: boolean;
}

interface Prepared {
  /** Upper case. */
  method: string;
  /** With the percent-encoded query. */
  url: string;
  /** Unique names (case-insensitive): repeated headers are joined, cookies are one `Cookie`. */
  headers: [string, string][];
  body?: PreparedBody;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * `encodeURIComponent`, and `!'()*` too (as RFC 3986 would), so that every client sends the URL
 * exactly as written (WHATWG URLs would encode `'`). A lone surrogate becomes U+FFFD first.
 */
function percentEncode(text: string): string {
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

function prepare(request: SampleRequest): Prepared {
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

// ---------------------------------------------------------------------------------------------
// Shared writing helpers

function hex(code: number, width: number): string {
  return code.toString(16).padStart(width, "0");
}

/** Characters a reader could not see or a parser could trip on: controls, separators, lone surrogates. */
function isUnsafeCharacter(code: number): boolean {
  return (
    code < 0x20 ||
    (code >= 0x7f && code < 0xa0) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0xfeff ||
    (code >= 0xd800 && code <= 0xdfff)
  );
}

/**
 * A double-quoted string literal of the C family: backslash, double quote, `\n`, `\r` and `\t`
 * escaped the same way everywhere; `escapeCode` writes the other characters that must not appear as
 * they are (those `mustEscape` picks), in the language's own escape syntax.
 */
function escapedString(
  text: string,
  escapeCode: (code: number) => string,
  mustEscape: (code: number) => boolean = isUnsafeCharacter,
): string {
  let out = '"';
  for (const character of text) {
    const code = character.codePointAt(0) as number;
    if (character === "\\") out += "\\\\";
    else if (character === '"') out += '\\"';
    else if (character === "\n") out += "\\n";
    else if (character === "\r") out += "\\r";
    else if (character === "\t") out += "\\t";
    else if (mustEscape(code)) out += escapeCode(code);
    else out += character;
  }
  return `${out}"`;
}

/** A word bash passes as it is, else the text in single quotes (a quote inside becomes `'\''`). */
function shellQuote(text: string): string {
  if (/^[\w@%+=:,./-]+$/.test(text)) return text;
  return `'${text.replaceAll("'", "'\\''")}'`;
}

/** How a language writes JSON-like values: the one thing that differs is the tokens. */
interface LiteralStyle {
  string: (text: string) => string;
  key: (name: string) => string;
  true: string;
  false: string;
  null: string;
  indent: string;
}

/** A JSON value written as a literal, one member per line with trailing commas, `level` deep. */
function literal(value: unknown, style: LiteralStyle, level = 0): string {
  if (value === null || value === undefined) return style.null;
  if (typeof value === "boolean") return value ? style.true : style.false;
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : style.null;
  if (typeof value === "string") return style.string(value);
  const inner = style.indent.repeat(level + 1);
  const outer = style.indent.repeat(level);
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    return `[\n${value.map((item) => `${inner}${literal(item, style, level + 1)},\n`).join("")}${outer}]`;
  }
  if (isObject(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) return "{}";
    return `{\n${entries.map(([name, item]) => `${inner}${style.key(name)}: ${literal(item, style, level + 1)},\n`).join("")}${outer}}`;
  }
  return style.null;
}

function hasDuplicateNames(pairs: readonly { 0: string }[]): boolean {
  return new Set(pairs.map((pair) => pair[0])).size !== pairs.length;
}

// ---------------------------------------------------------------------------------------------
// cURL

function curlSample(request: Prepared): string {
  const args = [
    request.method === "HEAD" ? "--head" : `--request ${shellQuote(request.method)}`,
    `--url ${shellQuote(request.url)}`,
  ];
  for (const [name, value] of request.headers) {
    // `Name:` with nothing after it would remove the header; `Name;` sends it empty.
    args.push(`--header ${shellQuote(value === "" ? `${name};` : `${name}: ${value}`)}`);
  }
  const body = request.body;
  if (body?.kind === "json") args.push(`--data ${shellQuote(body.text)}`);
  else if (body?.kind === "text") args.push(`--data-raw ${shellQuote(body.text)}`);
  else if (body?.kind === "file") args.push(`--data-binary ${shellQuote(`@${FILE_PLACEHOLDER}`)}`);
  else if (body?.kind === "form") {
    // curl encodes the part after `=`; the name is expected encoded already.
    for (const [name, value] of body.fields)
      args.push(`--data-urlencode ${shellQuote(`${percentEncode(name)}=${value}`)}`);
  } else if (body?.kind === "multipart") {
    for (const field of body.fields) {
      if (field.file) args.push(`--form ${shellQuote(`${field.name}=@${FILE_PLACEHOLDER}`)}`);
      // `--form` reads `@file`, `<file`, quotes and `;type=` in a value; `--form-string` takes it as it is.
      else if (/^[@<"]|;/.test(field.value))
        args.push(`--form-string ${shellQuote(`${field.name}=${field.value}`)}`);
      else args.push(`--form ${shellQuote(`${field.name}=${field.value}`)}`);
    }
  }
  return `curl ${args.join(" \\\n  ")}`;
}

// ---------------------------------------------------------------------------------------------
// JavaScript and TypeScript (fetch, Node 20+ or a browser; files through node:fs)

function jsString(text: string): string {
  return escapedString(text, (code) =>
    code > 0xffff ? `\\u{${hex(code, 1)}}` : `\\u${hex(code, 4)}`,
  );
}

const JS_STYLE: LiteralStyle = {
  string: jsString,
  // `__proto__: x` would set the prototype; the computed form makes a plain property.
  key: (name) =>
    name === "__proto__"
      ? '["__proto__"]'
      : /^[A-Za-z_$][\w$]*$/.test(name)
        ? name
        : jsString(name),
  true: "true",
  false: "false",
  null: "null",
  indent: "  ",
};

function javascriptSample(request: Prepared, typescript = false): string {
  const { body } = request;
  const before: string[] = [];
  let needsFiles = false;
  let bodyCode: string | undefined;
  if (body?.kind === "json") bodyCode = `JSON.stringify(${literal(body.value, JS_STYLE, 1)})`;
  else if (body?.kind === "text") bodyCode = jsString(body.text);
  else if (body?.kind === "file") {
    needsFiles = true;
    bodyCode = `await openAsBlob(${jsString(FILE_PLACEHOLDER)})`;
  } else if (body?.kind === "form") {
    const fields = hasDuplicateNames(body.fields) ? body.fields : Object.fromEntries(body.fields);
    bodyCode = `new URLSearchParams(${literal(fields, JS_STYLE, 1)})`;
  } else if (body?.kind === "multipart") {
    before.push("const form = new FormData();");
    for (const field of body.fields) {
      const file = `await openAsBlob(${jsString(FILE_PLACEHOLDER)}), ${jsString(FILE_PLACEHOLDER.split("/").pop() as string)}`;
      before.push(
        `form.append(${jsString(field.name)}, ${field.file ? file : jsString(field.value)});`,
      );
      needsFiles ||= field.file;
    }
    bodyCode = "form";
  }
  const options = [`  method: ${jsString(request.method)},`];
  if (request.headers.length > 0)
    options.push(`  headers: ${literal(Object.fromEntries(request.headers), JS_STYLE, 1)},`);
  if (bodyCode) options.push(`  body: ${bodyCode},`);
  const lines = [
    ...(needsFiles ? ['import { openAsBlob } from "node:fs";', ""] : []),
    `const url = ${jsString(request.url)};`,
    ...(before.length > 0 ? ["", ...before] : []),
    "",
    `const options${typescript ? ": RequestInit" : ""} = {`,
    ...options,
    "};",
    "",
    "const response = await fetch(url, options);",
    "console.log(await response.text());",
  ];
  return lines.join("\n");
}

// ---------------------------------------------------------------------------------------------
// Python (requests)

function pythonString(text: string): string {
  return escapedString(text, (code) =>
    code < 0x100
      ? `\\x${hex(code, 2)}`
      : code > 0xffff
        ? `\\U${hex(code, 8)}`
        : `\\u${hex(code, 4)}`,
  );
}

const PYTHON_STYLE: LiteralStyle = {
  string: pythonString,
  key: pythonString,
  true: "True",
  false: "False",
  null: "None",
  indent: "    ",
};

/** A dict of already written values, or a list of pairs when a name repeats. */
function pythonMapping(entries: [string, string][]): string {
  if (entries.length === 0) return "{}";
  if (hasDuplicateNames(entries))
    return `[\n${entries.map(([name, value]) => `    (${pythonString(name)}, ${value}),\n`).join("")}]`;
  return `{\n${entries.map(([name, value]) => `    ${pythonString(name)}: ${value},\n`).join("")}}`;
}

function pythonSample(request: Prepared): string {
  const { body } = request;
  const assignments: string[] = [];
  const args = [pythonString(request.method), "url"];
  const openFile = `open(${pythonString(FILE_PLACEHOLDER)}, "rb")`;
  if (body?.kind === "json") {
    assignments.push(`payload = ${literal(body.value, PYTHON_STYLE)}`);
    args.push("json=payload");
  } else if (body?.kind === "text") {
    assignments.push(`payload = ${pythonString(body.text)}`);
    // A str body would be sent as Latin-1; UTF-8 bytes go as they are.
    args.push('data=payload.encode("utf-8")');
  } else if (body?.kind === "file") {
    args.push(`data=${openFile}`);
  } else if (body?.kind === "form") {
    assignments.push(
      `payload = ${pythonMapping(body.fields.map(([name, value]) => [name, pythonString(value)]))}`,
    );
    args.push("data=payload");
  } else if (body?.kind === "multipart") {
    const files = body.fields.filter((field) => field.file);
    if (files.length === 0) {
      // Text parts in `files` as (no file name, value): `data` alone would be sent url-encoded.
      assignments.push(
        `files = ${pythonMapping(body.fields.map((field) => [field.name, `(None, ${pythonString(field.value)})`]))}`,
      );
      args.push("files=files");
    } else {
      const texts = body.fields.filter((field) => !field.file);
      if (texts.length > 0) {
        assignments.push(
          `payload = ${pythonMapping(texts.map((field) => [field.name, pythonString(field.value)]))}`,
        );
        args.push("data=payload");
      }
      assignments.push(`files = ${pythonMapping(files.map((field) => [field.name, openFile]))}`);
      args.push("files=files");
    }
  }
  if (request.headers.length > 0) {
    assignments.push(
      `headers = ${pythonMapping(request.headers.map(([name, value]) => [name, pythonString(value)]))}`,
    );
    args.push("headers=headers");
  }
  const lines = [
    "import requests",
    "",
    `url = ${pythonString(request.url)}`,
    "",
    ...assignments,
    ...(assignments.length > 0 ? [""] : []),
    `response = requests.request(${args.join(", ")})`,
    "",
    "print(response.text)",
  ];
  return lines.join("\n");
}

// ---------------------------------------------------------------------------------------------
// Go (net/http)

function goString(text: string): string {
  // Go has no escape for a surrogate code point: a lone one becomes U+FFFD.
  return escapedString(text.toWellFormed(), (code) =>
    code < 0x80
      ? `\\x${hex(code, 2)}`
      : code > 0xffff
        ? `\\U${hex(code, 8)}`
        : `\\u${hex(code, 4)}`,
  );
}

/** A raw string literal when the text allows one (no backtick, no carriage return, which Go drops). */
function goText(text: string): string {
  return /[`\r]/.test(text) || !text.isWellFormed() ? goString(text) : `\`${text}\``;
}

const GO_ADD_FILE = `
// addFile adds the file at path to the form as a file part named field.
func addFile(writer *multipart.Writer, field, path string) {
	file, err := os.Open(path)
	if err != nil {
		panic(err)
	}
	defer file.Close()
	part, err := writer.CreateFormFile(field, filepath.Base(path))
	if err != nil {
		panic(err)
	}
	if _, err := io.Copy(part, file); err != nil {
		panic(err)
	}
}
`;

function goSample(request: Prepared): string {
  const { body } = request;
  const imports = new Set(["fmt", "io", "net/http"]);
  const setup: string[] = [];
  let helper = "";
  let payload = "nil";
  if (body?.kind === "json" || body?.kind === "text") {
    imports.add("strings");
    setup.push(`payload := strings.NewReader(${goText(body.text)})`);
    payload = "payload";
  } else if (body?.kind === "file") {
    imports.add("os");
    setup.push(
      `payload, err := os.Open(${goString(FILE_PLACEHOLDER)})`,
      "if err != nil {",
      "\tpanic(err)",
      "}",
      "defer payload.Close()",
    );
    payload = "payload";
  } else if (body?.kind === "form") {
    imports.add("net/url").add("strings");
    setup.push(
      "form := url.Values{}",
      ...body.fields.map(([name, value]) => `form.Add(${goString(name)}, ${goString(value)})`),
      "payload := strings.NewReader(form.Encode())",
    );
    payload = "payload";
  } else if (body?.kind === "multipart") {
    imports.add("bytes").add("mime/multipart");
    setup.push("payload := &bytes.Buffer{}", "writer := multipart.NewWriter(payload)");
    for (const field of body.fields) {
      if (field.file)
        setup.push(`addFile(writer, ${goString(field.name)}, ${goString(FILE_PLACEHOLDER)})`);
      else setup.push(`writer.WriteField(${goString(field.name)}, ${goString(field.value)})`);
    }
    setup.push("writer.Close()");
    if (body.fields.some((field) => field.file)) {
      imports.add("os").add("path/filepath");
      helper = `\n${GO_ADD_FILE.trimEnd()}`;
    }
    payload = "payload";
  }
  const headerLines = request.headers.map(([name, value]) =>
    // net/http takes the host from req.Host, never from the header map.
    name.toLowerCase() === "host"
      ? `req.Host = ${goString(value)}`
      : `req.Header.Add(${goString(name)}, ${goString(value)})`,
  );
  if (body?.kind === "multipart")
    headerLines.push('req.Header.Set("Content-Type", writer.FormDataContentType())');
  const main = [
    `requestURL := ${goString(request.url)}`,
    ...(setup.length > 0 ? ["", ...setup] : []),
    "",
    `req, err := http.NewRequest(${goString(request.method)}, requestURL, ${payload})`,
    "if err != nil {",
    "\tpanic(err)",
    "}",
    ...headerLines,
    "",
    "res, err := http.DefaultClient.Do(req)",
    "if err != nil {",
    "\tpanic(err)",
    "}",
    "defer res.Body.Close()",
    "",
    "body, err := io.ReadAll(res.Body)",
    "if err != nil {",
    "\tpanic(err)",
    "}",
    "fmt.Println(string(body))",
  ];
  const importLines = [...imports].sort().map((name) => `\t"${name}"`);
  return [
    "package main",
    "",
    "import (",
    ...importLines,
    ")",
    "",
    "func main() {",
    // Only an element's first line is indented: the others belong to a raw string literal.
    ...main.map((line) => (line === "" ? "" : `\t${line}`)),
    `}${helper}`,
  ].join("\n");
}

// ---------------------------------------------------------------------------------------------
// Java (java.net.http; `HttpRequest.BodyPublishers.concat` needs Java 16)

/**
 * Java string literals are read after `\uXXXX` escapes are replaced, so a `\u000a` there would
 * end the line: characters below 0x80 are escaped in octal, the others as `\uXXXX` (UTF-16
 * units), which also keeps the source ASCII whatever encoding javac assumes.
 */
function javaString(text: string): string {
  const unit = (code: number): string => `\\u${hex(code, 4)}`;
  return escapedString(
    text,
    (code) =>
      code < 0x80
        ? `\\${code.toString(8).padStart(3, "0")}`
        : code > 0xffff
          ? String.fromCodePoint(code)
              .split("")
              .map((part) => unit(part.charCodeAt(0)))
              .join("")
          : unit(code),
    (code) => code < 0x20 || code > 0x7e,
  );
}

/**
 * A text block (Java 15) for multi-line text that does not end in a quote or backslash: its lines
 * indented with the code, which javac strips again, and the closing delimiter on the last line so
 * no newline is added. Other text gets a string literal.
 */
function javaText(text: string, indent: string): string {
  const fits =
    text.includes("\n") &&
    /^[^ \n]/m.test(text) &&
    !/["\\\s]$/.test(text) &&
    !/[^\S\n]\n/.test(text);
  if (!fits) return javaString(text);
  let escaped = "";
  for (const character of text.replaceAll("\\", "\\\\")) {
    const code = character.codePointAt(0) as number;
    if (code > 0x7e) escaped += javaString(character).slice(1, -1);
    else if (code < 0x20 && character !== "\n") escaped += javaString(character).slice(1, -1);
    else escaped += character;
  }
  escaped = escaped.replaceAll('"""', '""\\"');
  return `"""\n${escaped
    .split("\n")
    .map((line) => (line === "" ? "" : `${indent}${line}`))
    .join("\n")}"""`;
}

/** Headers java.net.http refuses to set. */
const JAVA_RESTRICTED_HEADERS = new Set([
  "connection",
  "content-length",
  "expect",
  "host",
  "upgrade",
]);

const JAVA_BOUNDARY = "QuireFormBoundary7MA4YWxkTrZu0gW";

/** The body publisher expression, and the Content-Type a multipart body needs. */
function javaBody(body: PreparedBody | undefined): { publisher: string; contentType?: string } {
  const ofString = (text: string): string =>
    `HttpRequest.BodyPublishers.ofString(${javaString(text)})`;
  const ofFile = `HttpRequest.BodyPublishers.ofFile(Path.of(${javaString(FILE_PLACEHOLDER)}))`;
  if (!body) return { publisher: "HttpRequest.BodyPublishers.noBody()" };
  if (body.kind === "json")
    return {
      publisher: `HttpRequest.BodyPublishers.ofString(${javaText(body.text, " ".repeat(16))})`,
    };
  if (body.kind === "text") return { publisher: ofString(body.text) };
  if (body.kind === "file") return { publisher: ofFile };
  if (body.kind === "form")
    return {
      publisher: ofString(
        body.fields
          .map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`)
          .join("&"),
      ),
    };
  // Multipart: the parts written out around the files, which are read as they are sent.
  const parts: string[] = [];
  let text = "";
  const fileName = FILE_PLACEHOLDER.split("/").pop() as string;
  const quoted = (name: string): string =>
    name
      .replaceAll("\\", "\\\\")
      .replaceAll('"', '\\"')
      .replaceAll("\r", "%0D")
      .replaceAll("\n", "%0A");
  for (const field of body.fields) {
    text += `--${JAVA_BOUNDARY}\r\nContent-Disposition: form-data; name="${quoted(field.name)}"`;
    if (field.file) {
      text += `; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
      parts.push(ofString(text), ofFile);
      text = "\r\n";
    } else {
      text += `\r\n\r\n${field.value}\r\n`;
    }
  }
  text += `--${JAVA_BOUNDARY}--\r\n`;
  parts.push(ofString(text));
  const publisher =
    parts.length === 1
      ? (parts[0] as string)
      : `HttpRequest.BodyPublishers.concat(\n                ${parts.join(",\n                ")})`;
  return { publisher, contentType: `multipart/form-data; boundary=${JAVA_BOUNDARY}` };
}

function javaSample(request: Prepared): string {
  const { publisher, contentType } = javaBody(request.body);
  const headers: [string, string][] = request.headers.filter(
    ([name]) => !JAVA_RESTRICTED_HEADERS.has(name.toLowerCase()),
  );
  if (contentType) headers.push(["Content-Type", contentType]);
  const usesPath = publisher.includes("Path.of(");
  const lines = [
    "import java.net.URI;",
    "import java.net.http.HttpClient;",
    "import java.net.http.HttpRequest;",
    "import java.net.http.HttpResponse;",
    ...(usesPath ? ["import java.nio.file.Path;"] : []),
    "",
    "public class Main {",
    "    public static void main(String[] args) throws Exception {",
    "        HttpRequest request = HttpRequest.newBuilder()",
    `            .uri(URI.create(${javaString(request.url)}))`,
    ...headers.map(
      ([name, value]) => `            .header(${javaString(name)}, ${javaString(value)})`,
    ),
    `            .method(${javaString(request.method)}, ${publisher})`,
    "            .build();",
    "        HttpResponse<String> response = HttpClient.newHttpClient()",
    "            .send(request, HttpResponse.BodyHandlers.ofString());",
    "        System.out.println(response.body());",
    "    }",
    "}",
  ];
  return lines.join("\n");
}

// ---------------------------------------------------------------------------------------------
// Languages

interface SampleLanguage {
  /** Shiki language id. */
  language: string;
  label: string;
  write: (request: Prepared) => string;
}

const LANGUAGES: Record<string, SampleLanguage> = {
  curl: { language: "bash", label: "cURL", write: curlSample },
  javascript: {
    language: "javascript",
    label: "JavaScript",
    write: (request) => javascriptSample(request),
  },
  typescript: {
    language: "typescript",
    label: "TypeScript",
    write: (request) => javascriptSample(request, true),
  },
  python: { language: "python", label: "Python", write: pythonSample },
  go: { language: "go", label: "Go", write: goSample },
  java: { language: "java", label: "Java", write: javaSample },
};

const LANGUAGE_ALIASES: Record<string, string> = {
  curl: "curl",
  bash: "curl",
  sh: "curl",
  shell: "curl",
  javascript: "javascript",
  js: "javascript",
  node: "javascript",
  nodejs: "javascript",
  typescript: "typescript",
  ts: "typescript",
  python: "python",
  py: "python",
  go: "go",
  golang: "go",
  java: "java",
};

/** The language a docs.json name stands for (`JS` → `javascript`), or undefined when none. */
export function sampleLanguageKey(name: string): string | undefined {
  const key = name.trim().toLowerCase();
  return Object.hasOwn(LANGUAGE_ALIASES, key) ? LANGUAGE_ALIASES[key] : undefined;
}

/**
 * Request snippets in the order of `languages`, each language once (`js` after `javascript`
 * adds nothing). Names that match no language are skipped and returned in `unknown`.
 */
export function generateCodeSamples(
  request: SampleRequest,
  languages: readonly string[] = DEFAULT_SAMPLE_LANGUAGES,
): GeneratedSamples {
  const prepared = prepare(request);
  const samples: CodeSample[] = [];
  const unknown: string[] = [];
  const done = new Set<string>();
  for (const name of languages) {
    const key = sampleLanguageKey(name);
    const language = key === undefined ? undefined : LANGUAGES[key];
    if (key === undefined || language === undefined) {
      unknown.push(name);
      continue;
    }
    if (done.has(key)) continue;
    done.add(key);
    samples.push({
      language: language.language,
      label: language.label,
      code: language.write(prepared),
    });
  }
  return { samples, unknown };
}

// ---------------------------------------------------------------------------------------------
// x-codeSamples

/** Names `x-codeSamples` use for a language, lower case, to Shiki ids. */
const SHIKI_IDS: Record<string, string> = {
  curl: "bash",
  shell: "bash",
  sh: "bash",
  bash: "bash",
  zsh: "bash",
  js: "javascript",
  node: "javascript",
  nodejs: "javascript",
  "node.js": "javascript",
  ts: "typescript",
  py: "python",
  python3: "python",
  golang: "go",
  "c#": "csharp",
  cs: "csharp",
  dotnet: "csharp",
  ".net": "csharp",
  "c++": "cpp",
  rb: "ruby",
  rs: "rust",
  kt: "kotlin",
  objc: "objective-c",
  "obj-c": "objective-c",
  objectivec: "objective-c",
  ps: "powershell",
  ps1: "powershell",
  pwsh: "powershell",
  "f#": "fsharp",
  yml: "yaml",
};

/** The Shiki id for a language name of an `x-codeSamples` entry: `JavaScript` → `javascript`, `cURL` → `bash`, `C#` → `csharp`. */
export function normalizeSampleLanguage(lang: string): string {
  const key = lang.trim().toLowerCase();
  return Object.hasOwn(SHIKI_IDS, key) ? (SHIKI_IDS[key] as string) : key.replace(/\s+/g, "-");
}

/**
 * The operation's own samples: `x-codeSamples` (else `x-code-samples`), each `{ lang, label?,
 * source }`. Entries without a non-empty `lang` or a string `source` are skipped.
 */
export function renderXCodeSamples(operation: Record<string, unknown>): CodeSample[] {
  const list = Array.isArray(operation["x-codeSamples"])
    ? operation["x-codeSamples"]
    : operation["x-code-samples"];
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry): CodeSample[] => {
    if (
      !isObject(entry) ||
      typeof entry.lang !== "string" ||
      entry.lang.trim() === "" ||
      typeof entry.source !== "string"
    )
      return [];
    const label =
      typeof entry.label === "string" && entry.label.trim() !== "" ? entry.label : entry.lang;
    return [{ language: normalizeSampleLanguage(entry.lang), label, code: entry.source }];
  });
}
