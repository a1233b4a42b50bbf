import type { Messages } from "../messages/index.ts";
import {
  exampleForParameter,
  exampleFromMedia,
  exampleFromSchema,
  formatExample,
} from "./example-values.ts";
import type { ApiOperation } from "./operations.ts";
import type {
  OpenApiDocument,
  PlaygroundAuth,
  PlaygroundData,
  PlaygroundParameter,
  SampleRequest,
  Schema,
} from "./types.ts";

/**
 * The parts of an operation every view of it needs (the page, the code samples, the
 * playground, the Markdown twin), read once from the specification with the inheritance
 * rules applied: path-level parameters under operation-level ones, operation servers over
 * path servers over document servers, operation security over document security.
 */
export interface OperationModel {
  parameters: Parameter[];
  servers: { url: string; description?: string }[];
  /** Alternatives: the operation accepts any one requirement, each needing all of its schemes. */
  security: SecurityScheme[][];
  body?: RequestBody;
  responses: Response[];
}

export interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required: boolean;
  deprecated: boolean;
  description?: string;
  schema: Schema;
  example: unknown;
}

export interface SecurityScheme {
  id: string;
  type: string;
  /** `bearer`, `basic`… for `http` schemes. */
  scheme?: string;
  in?: "header" | "query" | "cookie";
  name?: string;
  description?: string;
  bearerFormat?: string;
  default?: string;
}

export interface RequestBody {
  required: boolean;
  description?: string;
  /** Media types in the specification's order; the first JSON one leads. */
  media: {
    type: string;
    schema?: Schema;
    examples: { name?: string; summary?: string; value: unknown }[];
  }[];
}

export interface Response {
  status: string;
  description?: string;
  media: {
    type: string;
    schema?: Schema;
    examples: { name?: string; summary?: string; value: unknown }[];
  }[];
  headers: { name: string; description?: string; schema: Schema; required: boolean }[];
}

const LOCATIONS = new Set(["path", "query", "header", "cookie"]);

export function operationModel(operation: ApiOperation, document: OpenApiDocument): OperationModel {
  return {
    parameters: parametersOf(operation),
    servers: serversOf(operation, document),
    security: securityOf(operation, document),
    body: bodyOf(operation.operation.requestBody),
    responses: responsesOf(operation.operation.responses),
  };
}

function parametersOf(operation: ApiOperation): Parameter[] {
  const byKey = new Map<string, Parameter>();
  for (const list of [operation.pathItem.parameters, operation.operation.parameters]) {
    if (!Array.isArray(list)) continue;
    for (const raw of list) {
      if (!isObject(raw) || typeof raw.name !== "string" || !LOCATIONS.has(String(raw.in)))
        continue;
      const location = raw.in as Parameter["in"];
      const schema = isObject(raw.schema)
        ? raw.schema
        : isObject(raw.content)
          ? (((Object.values(raw.content)[0] as Record<string, unknown> | undefined)?.schema as
              | Schema
              | undefined) ?? {})
          : {};
      byKey.set(`${location}:${raw.name}`, {
        name: raw.name,
        in: location,
        required: location === "path" || raw.required === true,
        deprecated: raw.deprecated === true,
        ...(typeof raw.description === "string" ? { description: raw.description } : {}),
        schema,
        example: exampleForParameter(raw as never),
      });
    }
  }
  const order = ["path", "query", "header", "cookie"];
  return [...byKey.values()].sort((a, b) => order.indexOf(a.in) - order.indexOf(b.in));
}

/** The servers an operation uses: its own, else its path's, else the document's. */
export function serversOf(
  operation: ApiOperation,
  document: OpenApiDocument,
): OperationModel["servers"] {
  const lists = [operation.operation.servers, operation.pathItem.servers, document.servers];
  const list = lists.find((item) => Array.isArray(item) && item.length > 0) as
    | unknown[]
    | undefined;
  return (list ?? [])
    .filter(isObject)
    .filter((server) => typeof server.url === "string" && server.url.trim() !== "")
    .map((server) => ({
      url: withVariables(server.url as string, server.variables),
      ...(typeof server.description === "string" ? { description: server.description } : {}),
    }));
}

/** `https://{region}.api.example.com/{version}` with each variable's default. */
function withVariables(url: string, variables: unknown): string {
  const values = isObject(variables) ? variables : {};
  return url
    .replace(/\{([^}]+)\}/g, (whole, name: string) => {
      const variable = values[name];
      return isObject(variable) && variable.default !== undefined
        ? String(variable.default)
        : whole;
    })
    .replace(/\/+$/, "");
}

function securityOf(operation: ApiOperation, document: OpenApiDocument): SecurityScheme[][] {
  const requirements = Array.isArray(operation.operation.security)
    ? operation.operation.security
    : Array.isArray(document.security)
      ? document.security
      : [];
  const components =
    isObject(document.components) && isObject(document.components.securitySchemes)
      ? document.components.securitySchemes
      : {};
  return requirements.filter(isObject).map((requirement) =>
    Object.keys(requirement).flatMap((id) => {
      const scheme = components[id];
      if (!isObject(scheme)) return [];
      return [
        {
          id,
          type: String(scheme.type ?? ""),
          ...(typeof scheme.scheme === "string" ? { scheme: scheme.scheme.toLowerCase() } : {}),
          ...(scheme.in === "header" || scheme.in === "query" || scheme.in === "cookie"
            ? { in: scheme.in }
            : {}),
          ...(typeof scheme.name === "string" ? { name: scheme.name } : {}),
          ...(typeof scheme.description === "string" ? { description: scheme.description } : {}),
          ...(typeof scheme.bearerFormat === "string" ? { bearerFormat: scheme.bearerFormat } : {}),
          ...(typeof scheme["x-default"] === "string" ? { default: scheme["x-default"] } : {}),
        },
      ];
    }),
  );
}

function mediaOf(content: unknown, direction: "request" | "response"): RequestBody["media"] {
  if (!isObject(content)) return [];
  const media = Object.entries(content)
    .filter(([, value]) => isObject(value))
    .map(([type, value]) => {
      const object = value as Record<string, unknown>;
      return {
        type,
        ...(isObject(object.schema) ? { schema: object.schema } : {}),
        examples: exampleFromMedia(object as never, direction),
      };
    });
  // JSON first: it is what readers and the playground use.
  return [
    ...media.filter((item) => isJson(item.type)),
    ...media.filter((item) => !isJson(item.type)),
  ];
}

function bodyOf(raw: unknown): RequestBody | undefined {
  if (!isObject(raw)) return undefined;
  const media = mediaOf(raw.content, "request");
  if (media.length === 0) return undefined;
  return {
    required: raw.required === true,
    ...(typeof raw.description === "string" ? { description: raw.description } : {}),
    media,
  };
}

function responsesOf(raw: unknown): Response[] {
  if (!isObject(raw)) return [];
  return Object.entries(raw)
    .filter(([, value]) => isObject(value))
    .map(([status, value]) => {
      const response = value as Record<string, unknown>;
      const headers = isObject(response.headers)
        ? Object.entries(response.headers)
            .filter(([, header]) => isObject(header))
            .map(([name, header]) => {
              const object = header as Record<string, unknown>;
              return {
                name,
                ...(typeof object.description === "string"
                  ? { description: object.description }
                  : {}),
                schema: isObject(object.schema) ? object.schema : {},
                required: object.required === true,
              };
            })
        : [];
      return {
        status,
        ...(typeof response.description === "string" ? { description: response.description } : {}),
        media: mediaOf(response.content, "response"),
        headers,
      };
    });
}

export function isJson(contentType: string): boolean {
  return /^application\/([\w.+-]+\+)?json\b/i.test(contentType) || /[/+]json\b/i.test(contentType);
}

/** The placeholder a reader replaces when the specification names no server. */
export const BASE_URL_PLACEHOLDER = "https://api.example.com";

/**
 * The request the code samples show: the first server, path parameters filled with their
 * examples, the query, headers and cookies (optional ones too unless `requiredOnly`), the
 * first alternative's credentials as placeholders, and the body's first example.
 */
export function sampleRequest(
  operation: ApiOperation,
  model: OperationModel,
  options: { requiredOnly: boolean; fallbackServer?: string },
): SampleRequest {
  const base =
    model.servers[0]?.url ?? options.fallbackServer?.replace(/\/+$/, "") ?? BASE_URL_PLACEHOLDER;
  const used = model.parameters.filter((parameter) => parameter.required || !options.requiredOnly);
  const text = (value: unknown): string =>
    value === undefined || value === null
      ? ""
      : typeof value === "string"
        ? value
        : JSON.stringify(value);
  let path = operation.path;
  for (const parameter of used.filter((item) => item.in === "path")) {
    path = path
      .split(`{${parameter.name}}`)
      .join(encodeURIComponent(text(parameter.example ?? parameter.name)));
  }
  const request: SampleRequest = {
    method: operation.method.toUpperCase(),
    url: `${base}${path.startsWith("/") ? path : `/${path}`}`,
    query: used
      .filter((item) => item.in === "query")
      .map((item) => [item.name, text(item.example)]),
    headers: used
      .filter((item) => item.in === "header")
      .map((item) => [item.name, text(item.example)]),
    cookies: used
      .filter((item) => item.in === "cookie")
      .map((item) => [item.name, text(item.example)]),
  };
  for (const scheme of model.security[0] ?? []) {
    if (scheme.type === "http" && scheme.scheme === "basic")
      request.headers.push(["Authorization", "Basic <encoded-value>"]);
    else if (scheme.type === "http" || scheme.type === "oauth2" || scheme.type === "openIdConnect")
      request.headers.push(["Authorization", "Bearer <token>"]);
    else if (scheme.type === "apiKey" && scheme.name) {
      const target =
        scheme.in === "query"
          ? request.query
          : scheme.in === "cookie"
            ? request.cookies
            : request.headers;
      target.push([scheme.name, `<${scheme.name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}>`]);
    }
  }
  const media = model.body?.media[0];
  if (media) {
    const value =
      media.schema && options.requiredOnly
        ? exampleFromSchema(media.schema, { direction: "request", requiredOnly: true })
        : (media.examples[0]?.value ??
          (media.schema ? exampleFromSchema(media.schema, { direction: "request" }) : ""));
    request.body = { contentType: media.type, value };
  }
  return request;
}

/** What the "Try it" playground of the operation starts with (see PlaygroundData). */
export function playgroundData(
  operation: ApiOperation,
  model: OperationModel,
  options: {
    prefill: boolean;
    fallbackServers: string[];
    /** The page's strings, for the credentials' labels. */
    messages: Pick<Messages, "bearerToken" | "usernameAndPassword">;
  },
): PlaygroundData {
  const servers =
    model.servers.length > 0
      ? model.servers
      : options.fallbackServers.map((url) => ({ url: url.replace(/\/+$/, "") }));
  const auth: PlaygroundAuth[] = (model.security[0] ?? []).flatMap((scheme): PlaygroundAuth[] => {
    // A short plain label: the description (Markdown) is on the page beside the playground.
    const label =
      scheme.type === "apiKey"
        ? (scheme.name ?? scheme.id)
        : scheme.type === "http" && scheme.scheme === "basic"
          ? options.messages.usernameAndPassword
          : options.messages.bearerToken;
    const preset = scheme.default ? { default: scheme.default } : {};
    if (scheme.type === "http" && scheme.scheme === "basic")
      return [{ id: scheme.id, kind: "basic", label, ...preset }];
    if (scheme.type === "http" || scheme.type === "oauth2" || scheme.type === "openIdConnect")
      return [{ id: scheme.id, kind: "bearer", label, ...preset }];
    if (scheme.type === "apiKey" && scheme.name)
      return [
        {
          id: scheme.id,
          kind: "apiKey",
          in: scheme.in ?? "header",
          name: scheme.name,
          label,
          ...preset,
        },
      ];
    return [];
  });
  const parameters: PlaygroundParameter[] = model.parameters.map((parameter) => {
    const type = Array.isArray(parameter.schema.type)
      ? String((parameter.schema.type as unknown[]).find((item) => item !== "null") ?? "string")
      : String(parameter.schema.type ?? "string");
    const values = Array.isArray(parameter.schema.enum)
      ? parameter.schema.enum.map(String)
      : undefined;
    const prefill = parameter.in === "path" || options.prefill || parameter.required;
    const example =
      parameter.example === undefined || !prefill
        ? undefined
        : typeof parameter.example === "string"
          ? parameter.example
          : JSON.stringify(parameter.example);
    return {
      name: parameter.name,
      in: parameter.in,
      required: parameter.required,
      type,
      ...(values ? { enum: values } : {}),
      ...(example !== undefined ? { example } : {}),
      ...(parameter.description
        ? { description: plainText(parameter.description.split("\n")[0] ?? "") }
        : {}),
    };
  });
  const data: PlaygroundData = {
    method: operation.method.toUpperCase(),
    path: operation.path,
    servers,
    customServer: true,
    auth,
    parameters,
  };
  const media = model.body?.media[0];
  if (media && model.body) {
    const value =
      media.examples[0]?.value ??
      (media.schema
        ? exampleFromSchema(media.schema, { direction: "request", requiredOnly: !options.prefill })
        : "");
    data.body = {
      contentType: media.type,
      required: model.body.required,
      example: formatExample(value, media.type),
    };
  }
  return data;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return Boolean(value) && typeof value === "object" && !Array.isArray(value);
}

/** A line of Markdown as plain text for a form hint: code, emphasis and link marks removed. */
function plainText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[`*_]/g, "")
    .trim();
}
