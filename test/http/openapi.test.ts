import { beforeAll, describe, expect, it } from "vitest";
import { resolveConfig } from "../../src/config/settings.ts";
import { MAX_PROMPT_LENGTH } from "../../src/domain/agent-job.ts";
import { CodedError, ERRORS, type ErrorCode, formatMessage } from "../../src/domain/errors.ts";
import { buildApp } from "../../src/http/app.ts";
import { openInstallation } from "../../src/installation/index.ts";
import { createTenant, startApi } from "../helpers/api-server.ts";
import { makeTempDir } from "../helpers/temp-repo.ts";

// biome-ignore lint/suspicious/noExplicitAny: an OpenAPI document is walked as plain JSON.
type Json = any;

/** docs/api.md: every operation with its success status and the error statuses the table names. */
const OPERATIONS = [
  {
    method: "post",
    path: "/v2/agent/{projectId}/job",
    success: 201,
    errors: [400, 401, 404, 413, 415, 429],
    body: "AgentJob",
  },
  {
    method: "get",
    path: "/v2/agent/{projectId}/job/{id}",
    success: 200,
    errors: [401, 404],
    body: "AgentJob",
  },
  {
    method: "get",
    path: "/v2/agent/{projectId}/jobs",
    success: 200,
    errors: [400, 401, 404],
    body: "AgentJobList",
  },
  {
    method: "post",
    path: "/v2/agent/{projectId}/job/{id}/message",
    success: 200,
    errors: [400, 401, 404, 409, 429],
    body: "AgentJob",
  },
  {
    method: "post",
    path: "/v2/agent/{projectId}/job/{id}/archive",
    success: 200,
    errors: [401, 404],
    body: "AgentJob",
  },
  {
    method: "post",
    path: "/v1/static-export/jobs",
    success: 202,
    errors: [400, 401, 403, 404],
    body: "StaticExportJob",
  },
  {
    method: "get",
    path: "/v1/static-export/jobs/{jobId}",
    success: 200,
    errors: [401, 404],
    body: "StaticExportJob",
  },
  {
    method: "post",
    path: "/v1/static-export/jobs/{jobId}/bundle",
    success: 200,
    errors: [401, 404, 409],
    body: "Bundle",
  },
] as const;

/**
 * docs/api.md, "Readers' assistant": public operations (no key; pages call them), whose refusals
 * are the protocol's of docs/bundle-format.md#assistant.
 */
const PUBLIC_OPERATIONS = [
  {
    method: "get",
    path: "/v1/assistant/{projectId}",
    success: 200,
    errors: [404],
    body: "AssistantAvailability",
  },
  {
    method: "post",
    path: "/v1/assistant/{projectId}",
    success: 200,
    errors: [400, 404, 413, 415, 429, 503],
    body: undefined,
  },
] as const;

/**
 * Catalogue entries no documented operation lists, and why. A new catalogue entry must be
 * listed by an operation (errorResponses in its route) or here.
 */
const NOT_FROM_DOCUMENTED_ROUTES: Partial<Record<ErrorCode, string>> = {
  QUIRE_ERR_NOT_FOUND: "a path no route matches",
  QUIRE_ERR_LINK_INVALID: "the bundle link (GET /downloads/...), outside the API document",
  QUIRE_ERR_LINK_EXPIRED: "the bundle link (GET /downloads/...), outside the API document",
  QUIRE_ERR_RANGE_NOT_SATISFIABLE: "the bundle link (GET /downloads/...), outside the API document",
  QUIRE_ERR_METHOD_NOT_ALLOWED: "a known path with another method",
  QUIRE_ERR_UNAVAILABLE: "a server shutting down or not ready, on any path",
  QUIRE_ERR_INTERNAL: "a server fault, on any path; not part of the contract",
  QUIRE_ERR_SESSION_REQUIRED: "the dashboard (/dashboard), outside the API document",
  QUIRE_ERR_SIGN_IN_FAILED: "the dashboard's sign-in, outside the API document",
  QUIRE_ERR_SIGN_IN_THROTTLED: "the dashboard's sign-in, outside the API document",
  QUIRE_ERR_CSRF: "the dashboard's forms, outside the API document",
  QUIRE_ERR_FORBIDDEN: "a dashboard user's role, outside the API document",
  QUIRE_ERR_ORG_NOT_FOUND: "the dashboard's organization pages, outside the API document",
  QUIRE_ERR_API_KEY_NOT_FOUND: "the dashboard's API keys page, outside the API document",
  QUIRE_ERR_MEMBER_NOT_FOUND: "the dashboard's members page, outside the API document",
  QUIRE_ERR_MEMBER_CONFLICT: "the dashboard's members page, outside the API document",
  QUIRE_ERR_INVITATION_INVALID: "the dashboard's invitation links, outside the API document",
  QUIRE_ERR_CONFIG_INVALID: "a setting, flag or file of the operator's, or a dashboard form",
  QUIRE_ERR_CONFIG_FIELD_INVALID: "a field of a dashboard form or an admin command",
  QUIRE_ERR_CLI_USAGE: "the command line",
  QUIRE_ERR_CLI_PORT_IN_USE: "quire api and quire serve at start-up",
  QUIRE_ERR_CLI_LISTEN_FAILED: "quire api and quire serve at start-up",
  QUIRE_ERR_CLI_PATH_UNWRITABLE: "the command line: an output, cache or data folder",
  QUIRE_ERR_CLI_INTERRUPTED: "the command line (Ctrl-C during quire remote)",
  QUIRE_ERR_SERVE_VALUES_INVALID: "quire serve's values file",
  QUIRE_ERR_SERVE_LINK_REFUSED: "quire serve's download of a bundle link",
  QUIRE_ERR_SERVE_DOWNLOAD_FAILED: "quire serve's download of a bundle link",
  QUIRE_ERR_SERVE_BUNDLE_INVALID: "quire serve's check of a bundle",
  QUIRE_ERR_SERVE_VERSION_MISSING: "quire serve's values file",
  QUIRE_ERR_SERVE_PROXY_REFUSED: "quire serve's API playground proxy, answered to the page",
  QUIRE_ERR_EXPORT_SOURCE_FAILED: "an export job's failure, read in the job's error field",
  QUIRE_ERR_DB_SCHEMA_TOO_NEW: "the database at start-up",
  QUIRE_ERR_DB_COPY_REFUSED: "quire db copy",
  QUIRE_ERR_DB_COPY_SCHEMA_MISMATCH: "quire db copy",
  QUIRE_ERR_DB_COPY_SOURCE_DAMAGED: "quire db copy",
  QUIRE_ERR_DB_COPY_FAILED: "quire db copy",
  QUIRE_ERR_STORAGE_KEY_INVALID: "a server fault (5xx), on any call that uses the storage",
  QUIRE_ERR_STORAGE_FAILED: "a server fault (5xx), on any call that uses the storage",
  QUIRE_ERR_STORAGE_SDK_MISSING: "a server fault (5xx), on any call that uses the storage",
  QUIRE_ERR_SECRET_UNREADABLE: "a server fault (5xx): a stored forge token cannot be opened",
  QUIRE_ERR_AGENT_RUN_LIMIT: "an agent run's failure, read in the job's error field",
  QUIRE_ERR_AGENT_RUN_STOPPED: "an agent run stopped by archiving or a shutdown",
  QUIRE_ERR_GIT_FAILED: "an export's or agent run's failure, read in the job's error field",
  QUIRE_ERR_AGENT_FORGE_FAILED: "an agent run's failure, read in the job's error field",
  QUIRE_ERR_AGENT_SEARCH_TIMEOUT: "a tool of the agent, told to the model",
  QUIRE_ERR_AGENT_GLOB_INVALID: "a tool of the agent, told to the model",
};

let doc: Json;

beforeAll(async () => {
  // The document is built without a listening server; the HTTP test below fetches it too.
  const dataDir = makeTempDir();
  const installation = await openInstallation(resolveConfig({ dataDir, logLevel: "silent" }, {}));
  try {
    const app = await buildApp(installation.services);
    await app.ready();
    doc = app.swagger();
    await app.close();
  } finally {
    await installation.close();
  }
});

/** Follows a local `$ref` (`#/components/schemas/X`) to what it names. */
function resolve(schema: Json): Json {
  if (schema && typeof schema.$ref === "string") {
    expect(schema.$ref, "only local references").toMatch(/^#\/components\/schemas\//);
    const target = doc.components.schemas[schema.$ref.slice("#/components/schemas/".length)];
    expect(target, `target of ${schema.$ref}`).toBeDefined();
    return resolve(target);
  }
  return schema;
}

function operation(method: string, path: string): Json {
  return doc.paths?.[path]?.[method];
}

function jsonSchemaOf(response: Json): Json {
  return resolve(response?.content?.["application/json"]?.schema);
}

/** Strips documentation keywords, to compare two schemas by shape. */
function shape(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(shape);
  if (schema === null || typeof schema !== "object") return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => !["description", "title", "$id", "example", "examples"].includes(key))
      .map(([key, value]) => [key, shape(value)]),
  );
}

describe("GET /openapi.json", () => {
  it("is served without a key, as JSON, and is the same document the app builds", async () => {
    const api = await startApi({ workers: false });
    const response = await api.request("GET", "/openapi.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const served = await response.json();
    expect(served).toEqual(doc);
  });

  it("is OpenAPI 3.1 with info.version 2.0.0 and the bearer security scheme", () => {
    expect(doc.openapi).toMatch(/^3\.1(\.\d+)?$/);
    expect(doc.info.version).toBe("2.0.0");
    expect(doc.info.title).toBeTruthy();
    const schemes = Object.values(doc.components.securitySchemes as Record<string, Json>);
    expect(schemes).toContainEqual(expect.objectContaining({ type: "http", scheme: "bearer" }));
  });

  it.each(
    OPERATIONS,
  )("documents $method $path: $success, with errors $errors, behind the bearer scheme", ({
    method,
    path,
    success,
    errors,
    body,
  }) => {
    const op = operation(method, path);
    expect(op, `${method.toUpperCase()} ${path} is documented`).toBeDefined();
    expect(op.operationId).toMatch(/^[a-zA-Z]+$/);
    expect(op.summary).toBeTruthy();
    const statuses = Object.keys(op.responses).map(Number);
    expect(statuses).toContain(success);
    for (const status of errors)
      expect(statuses, `${method.toUpperCase()} ${path} documents ${status}`).toContain(status);
    // The only success status is the one docs/api.md names.
    expect(statuses.filter((status) => status < 400)).toEqual([success]);

    const successSchema = jsonSchemaOf(op.responses[String(success)]);
    expect(successSchema.title).toBe(body);

    // Every path parameter is declared, in OpenAPI form and required.
    const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
    const declared = (op.parameters ?? []).filter((parameter: Json) => parameter.in === "path");
    expect(declared.map((parameter: Json) => parameter.name).sort()).toEqual([...names].sort());
    for (const parameter of declared) expect(parameter.required).toBe(true);

    // Security: the bearer scheme, by operation or for the whole document.
    const security = op.security ?? doc.security;
    const schemeNames = Object.entries(doc.components.securitySchemes as Record<string, Json>)
      .filter(([, scheme]) => scheme.scheme === "bearer")
      .map(([name]) => name);
    expect(
      security.some((requirement: Json) =>
        Object.keys(requirement).some((name) => schemeNames.includes(name)),
      ),
    ).toBe(true);
  });

  it.each(
    PUBLIC_OPERATIONS,
  )("documents the public $method $path: $success, with errors $errors, with no key", ({
    method,
    path,
    success,
    errors,
    body,
  }) => {
    const op = operation(method, path);
    expect(op, `${method.toUpperCase()} ${path} is documented`).toBeDefined();
    expect(op.operationId).toMatch(/^[a-zA-Z]+$/);
    expect(op.summary).toBeTruthy();
    expect(op.security).toEqual([]);
    const statuses = Object.keys(op.responses).map(Number);
    expect(statuses.filter((status) => status < 400)).toEqual([success]);
    expect(statuses.filter((status) => status >= 400).sort()).toEqual([...errors].sort());
    if (body) expect(jsonSchemaOf(op.responses[String(success)]).title).toBe(body);
    else expect(op.responses[String(success)].content).toHaveProperty("text/event-stream");
    const declared = (op.parameters ?? []).filter((parameter: Json) => parameter.in === "path");
    expect(declared.map((parameter: Json) => parameter.name)).toEqual(["projectId"]);
  });

  it("documents no other API operation, and keeps the operational endpoints out", () => {
    const documented = Object.entries(doc.paths as Record<string, Json>).flatMap(
      ([path, methods]) =>
        Object.keys(methods)
          .filter((method) => method !== "parameters")
          .map((method) => `${method} ${path}`),
    );
    expect(documented.sort()).toEqual(
      [...OPERATIONS, ...PUBLIC_OPERATIONS].map(({ method, path }) => `${method} ${path}`).sort(),
    );
  });

  it("gives every error response the Error schema {error: string}", () => {
    const errorSchema = doc.components.schemas.Error;
    expect(errorSchema).toMatchObject({
      type: "object",
      required: ["error"],
      properties: { error: { type: "string" } },
    });
    expect(Object.keys(errorSchema.properties)).toEqual(["error"]);
    let checked = 0;
    for (const [path, methods] of Object.entries(doc.paths as Record<string, Json>)) {
      for (const [method, op] of Object.entries(methods as Record<string, Json>)) {
        for (const [status, response] of Object.entries(op.responses as Record<string, Json>)) {
          if (Number(status) < 400) continue;
          const schema = response.content?.["application/json"]?.schema;
          expect(schema, `${method} ${path} ${status} has a JSON body`).toBeDefined();
          // A reference to the Error component, or the same schema written out.
          if (schema.$ref) expect(schema.$ref).toBe("#/components/schemas/Error");
          else expect(shape(schema)).toEqual(shape(errorSchema));
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(
      OPERATIONS.reduce((sum, op) => sum + op.errors.length, 0),
    );
  });

  it("describes AgentJob with exactly the fields and types of docs/api.md", () => {
    const job = resolve(doc.components.schemas.AgentJob);
    const fields = [
      "id",
      "status",
      "source",
      "model",
      "prLink",
      "createdAt",
      "archivedAt",
      "updatedAt",
      "error",
      "summary",
    ];
    expect(Object.keys(job.properties).sort()).toEqual([...fields].sort());
    expect([...job.required].sort()).toEqual([...fields].sort());
    const p = job.properties;
    expect(p.id.type).toBe("string");
    expect(p.model.type).toBe("string");
    // Copied before sorting: the document itself must stay as served.
    const statuses = [
      ...(p.status.enum ?? p.status.anyOf.flatMap((choice: Json) => choice.enum ?? [choice.const])),
    ].sort();
    expect(statuses).toEqual(["active", "archived", "completed", "failed"]);
    const source = resolve(p.source);
    expect(Object.keys(source.properties).sort()).toEqual(["ref", "repository"]);
    expect(source.properties.repository.type).toBe("string");
    const types = (schema: Json): string[] =>
      (schema.anyOf ? schema.anyOf.flatMap(types) : [].concat(schema.type)).sort();
    expect(types(source.properties.ref)).toEqual(["null", "string"]);
    for (const field of ["createdAt", "updatedAt"])
      expect(p[field]).toMatchObject({ type: "string", format: "date-time" });
    for (const field of ["prLink", "archivedAt", "error", "summary"])
      expect(types(p[field]), field).toEqual(["null", "string"]);
    // The 201 of job creation is this schema.
    const created = jsonSchemaOf(operation("post", "/v2/agent/{projectId}/job").responses["201"]);
    expect(shape(created)).toEqual(shape(job));
    const list = jsonSchemaOf(operation("get", "/v2/agent/{projectId}/jobs").responses["200"]);
    expect(Object.keys(list.properties).sort()).toEqual(["jobs", "nextCursor"]);
    expect(shape(resolve(list.properties.jobs.items))).toEqual(shape(job));
  });

  it("takes its request bodies from the schemas the server validates with", () => {
    const create = operation("post", "/v2/agent/{projectId}/job").requestBody.content[
      "application/json"
    ].schema;
    expect(resolve(create).properties.prompt).toMatchObject({
      type: "string",
      minLength: 1,
      maxLength: MAX_PROMPT_LENGTH,
    });
    expect(resolve(create).required).toEqual(["prompt"]);
    const start = resolve(
      operation("post", "/v1/static-export/jobs").requestBody.content["application/json"].schema,
    );
    expect(Object.keys(start.properties).sort()).toEqual(["domain", "paths", "version"]);
    expect(start.required).toEqual(["domain"]);
  });
});

describe("the error catalogue", () => {
  it("gives every entry a message and a 4xx or 5xx status", () => {
    for (const [code, entry] of Object.entries(ERRORS)) {
      expect(code).toMatch(/^QUIRE_ERR_[A-Z_]+$/);
      expect(entry.message.trim().length, code).toBeGreaterThan(3);
      expect(entry.status, code).toBeGreaterThanOrEqual(400);
      expect(entry.status, code).toBeLessThan(600);
    }
  });

  it("lists on every error response of the document the codes it answers with, each of that status", () => {
    for (const { method, path } of OPERATIONS) {
      const op = operation(method, path);
      for (const [status, response] of Object.entries(op.responses as Record<string, Json>)) {
        if (Number(status) < 400) continue;
        const codes: string[] = response.headers?.["Quire-Error-Code"]?.schema?.enum ?? [];
        const where = `${method.toUpperCase()} ${path} ${status}`;
        expect(codes.length, `${where} lists its codes`).toBeGreaterThan(0);
        for (const code of codes) {
          expect(ERRORS, `${where}: ${code} is in the catalogue`).toHaveProperty(code);
          expect(ERRORS[code as ErrorCode].status, `${where}: ${code}`).toBe(Number(status));
        }
      }
    }
  });

  it("places every entry: on the documented operations that can answer with it, or outside them with a reason", () => {
    const documented = new Set(
      OPERATIONS.flatMap(({ method, path }) =>
        Object.values(operation(method, path).responses as Record<string, Json>).flatMap(
          (response) => response.headers?.["Quire-Error-Code"]?.schema?.enum ?? [],
        ),
      ),
    );
    for (const code of Object.keys(ERRORS) as ErrorCode[]) {
      const outside = code in NOT_FROM_DOCUMENTED_ROUTES;
      expect(documented.has(code) || outside, `${code} is documented or placed outside`).toBe(true);
      expect(documented.has(code) && outside, `${code} is placed once`).toBe(false);
    }
  });

  it("fills a template's parts from the values an error is raised with", () => {
    expect(formatMessage("QUIRE_ERR_STORAGE_KEY_INVALID", { key: "../x" })).toBe(
      'invalid object key "../x"',
    );
    expect(new CodedError("QUIRE_ERR_SERVE_VERSION_MISSING", { version: "v2" }).message).toBe(
      "version v2 is not unpacked here and staticExport.bundleUrl is empty",
    );
    // A part without a value shows, rather than vanishing from the sentence.
    expect(formatMessage("QUIRE_ERR_GIT_FAILED", { command: "push" })).toBe(
      "git push failed: {reason}",
    );
  });
});

describe("the codes the API answers with", () => {
  it("are the ones the document lists for the operation and status", async () => {
    const api = await startApi({ workers: false });
    const listed = (method: string, path: string, status: number): string[] =>
      operation(method, path).responses[String(status)]?.headers?.["Quire-Error-Code"]?.schema
        ?.enum ?? [];
    const check = async (
      method: string,
      path: string,
      url: string,
      init: { key?: string; body?: string; type?: string },
    ) => {
      const response = await fetch(`${api.url}${url}`, {
        method: method.toUpperCase(),
        headers: {
          ...(init.key ? { authorization: `Bearer ${init.key}` } : {}),
          ...(init.type ? { "content-type": init.type } : {}),
        },
        body: init.body,
      });
      const code = response.headers.get("quire-error-code") as string;
      expect(
        listed(method, path, response.status),
        `${method} ${url} ${response.status}`,
      ).toContain(code);
      return code;
    };
    const fill = (path: string) => path.replace(/\{\w+\}/g, "nope");
    // Every operation, without a key and with a wrong one.
    for (const { method, path } of OPERATIONS) {
      expect(await check(method, path, fill(path), {})).toBe("QUIRE_ERR_AUTH_MISSING");
      expect(await check(method, path, fill(path), { key: "quire_wrong" })).toBe(
        "QUIRE_ERR_AUTH_INVALID",
      );
    }
    const tenant = await createTenant(api);
    const key = tenant.key;
    const create = "/v2/agent/{projectId}/job";
    expect(
      await check("post", create, fill(create), { key, body: "{", type: "application/json" }),
    ).toBe("QUIRE_ERR_REQUEST_MALFORMED_JSON");
    expect(await check("post", create, fill(create), { key, body: "x", type: "text/plain" })).toBe(
      "QUIRE_ERR_REQUEST_UNSUPPORTED_MEDIA_TYPE",
    );
    expect(
      await check("post", create, fill(create), {
        key,
        body: JSON.stringify({ prompt: "Fix the typos" }),
        type: "application/json",
      }),
    ).toBe("QUIRE_ERR_PROJECT_NOT_FOUND");
    const job = "/v1/static-export/jobs/{jobId}";
    expect(await check("get", job, fill(job), { key })).toBe("QUIRE_ERR_EXPORT_JOB_NOT_FOUND");
  });
});
