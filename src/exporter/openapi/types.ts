/**
 * The shapes the API reference pages are built from. A specification is read, upgraded to
 * OpenAPI 3.1 and dereferenced once (spec-loader.ts); everything after that works on plain
 * objects, so a `$ref` cycle shows up as an object that contains itself (code walking schemas
 * must stop at an object it is already inside).
 */

/** A JSON Schema object of an OpenAPI 3.1 document (after dereferencing). */
export type Schema = Record<string, unknown>;

/** An OpenAPI 3.1 document after upgrade and dereference. */
export type OpenApiDocument = Record<string, unknown>;

export type HttpMethod = "get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace";

/** Specifications are data, not pages: they may be far larger than a page source. */
export const MAX_SPEC_BYTES = 50 * 1024 * 1024;

export const HTTP_METHODS: readonly HttpMethod[] = [
  "get",
  "put",
  "post",
  "delete",
  "options",
  "head",
  "patch",
  "trace",
];

/** Which side of an exchange a schema describes: readOnly fields leave requests, writeOnly ones leave responses. */
export type SchemaDirection = "request" | "response";

/**
 * One request as a reader would send it, for the generated code samples: every value is
 * already chosen (from examples, defaults or the schema).
 */
export interface SampleRequest {
  /** Upper case: `GET`, `POST`… */
  method: string;
  /** Absolute URL without the query: server base URL plus the path with path parameters filled in. */
  url: string;
  query: [string, string][];
  headers: [string, string][];
  cookies: [string, string][];
  /** The body, when the operation has one. */
  body?: SampleBody;
}

export interface SampleBody {
  /** `application/json`, `application/x-www-form-urlencoded`, `multipart/form-data`, `text/plain`… */
  contentType: string;
  /** A JSON value for JSON types; an object of fields for form types; a string otherwise. */
  value: unknown;
}

/** A code sample as shown on the page. */
export interface CodeSample {
  /** Shiki language id: `bash`, `javascript`, `python`, `go`… */
  language: string;
  /** The tab label: `cURL`, `JavaScript`, `Python`, `Go`, or an `x-codeSamples` label. */
  label: string;
  code: string;
}

/**
 * What the "Try it" playground of one operation needs in the browser, embedded in the page as
 * JSON (`<script type="application/json" class="api-playground-data">`) inside the
 * playground's `<section class="api-playground" data-api-playground>`.
 */
export interface PlaygroundData {
  /** Upper case. */
  method: string;
  /** The path template as in the spec: `/users/{id}`. */
  path: string;
  /** Base URLs the reader can choose from, with their variables' defaults already applied. */
  servers: { url: string; description?: string }[];
  /** Whether the reader may type another base URL (off only when the page says so). */
  customServer: boolean;
  /** Authentication inputs: one per security scheme the operation accepts (first requirement). */
  auth: PlaygroundAuth[];
  parameters: PlaygroundParameter[];
  body?: {
    contentType: string;
    required: boolean;
    /** Pre-filled editor content: JSON text for JSON types, else plain text. */
    example: string;
  };
  /**
   * How Send reaches the API (docs.json `api.playground`): through the serving host's proxy
   * when `proxy` and the host has one (`quire serve`), else straight from the browser, with the
   * browser's cookies when `credentials`.
   */
  transport?: { proxy: boolean; credentials: boolean };
}

export interface PlaygroundAuth {
  /** The scheme's name in `components.securitySchemes`, used as the storage key. */
  id: string;
  /** `bearer` and `basic` go in `Authorization`; `apiKey` goes in the header, query or cookie `name`. */
  kind: "bearer" | "basic" | "apiKey";
  /** For apiKey: where and under which name. */
  in?: "header" | "query" | "cookie";
  name?: string;
  /** Shown beside the input. */
  label: string;
  /** Pre-filled value (`x-default`). */
  default?: string;
}

export interface PlaygroundParameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required: boolean;
  /** JSON Schema type of the value, for the input: `string`, `integer`, `number`, `boolean`, `array`. */
  type: string;
  enum?: string[];
  /** Pre-filled value, as text. */
  example?: string;
  description?: string;
}
