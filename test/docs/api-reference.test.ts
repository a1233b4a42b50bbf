import { readFileSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveConfig } from "../../src/config/settings.ts";
import { ERRORS } from "../../src/domain/errors.ts";
import { buildApp } from "../../src/http/app.ts";
import { type Installation, openInstallation } from "../../src/installation/index.ts";
import { markdownSections } from "../helpers/markdown.ts";
import { makeTempDir } from "../helpers/temp-repo.ts";

/**
 * docs/api.md is the API's contract in words; GET /openapi.json is the same contract for
 * machines, generated from the schemas the server validates with. These keep the two in step,
 * so a route, a status or a field added to one and not the other fails here.
 */

// biome-ignore lint/suspicious/noExplicitAny: an OpenAPI document is walked as plain JSON.
type Json = any;

const API_MD = readFileSync(path.resolve("docs/api.md"), "utf8");
const sections = markdownSections(API_MD);
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"];
const OPERATION_HEADING = new RegExp(`^(${METHODS.join("|")}) (/\\S*)$`);

let installation: Installation;
let app: FastifyInstance;
let doc: Json;

beforeAll(async () => {
  installation = await openInstallation(
    resolveConfig({ dataDir: makeTempDir(), logLevel: "silent" }, {}),
  );
  app = await buildApp(installation.services);
  await app.ready();
  doc = app.swagger();
});

afterAll(async () => {
  await app?.close();
  await installation?.close();
});

/** `METHOD /path` of every operation the OpenAPI document describes. */
function documentedOperations(): string[] {
  return Object.entries(doc.paths as Record<string, Json>).flatMap(([route, methods]) =>
    Object.keys(methods)
      .filter((method) => method !== "parameters")
      .map((method) => `${method.toUpperCase()} ${route}`),
  );
}

/** The sections of docs/api.md whose heading is an operation, by `METHOD /path`. */
function operationSections(): Map<string, string> {
  const found = new Map<string, string>();
  for (const section of sections) {
    if (!OPERATION_HEADING.test(section.heading)) continue;
    expect(found.has(section.heading), `${section.heading} has one section`).toBe(false);
    found.set(section.heading, section.body);
  }
  return found;
}

/** Property paths of a schema, nested objects as `parent.child`. */
function fieldPaths(schema: Json, prefix = ""): string[] {
  const resolved = schema?.$ref ? doc.components.schemas[schema.$ref.split("/").pop()] : schema;
  return Object.entries((resolved?.properties ?? {}) as Record<string, Json>).flatMap(
    ([name, property]) => {
      const full = `${prefix}${name}`;
      return property.type === "object" ? [full, ...fieldPaths(property, `${full}.`)] : [full];
    },
  );
}

/** The first cells of a section's table rows, without their backticks. */
function tableKeys(body: string): string[] {
  return [...body.matchAll(/^\| `([^`]+)` \|/gm)].map((match) => match[1] as string);
}

describe("docs/api.md and GET /openapi.json", () => {
  it("describe the same operations: a section per operation of the document, and no other", () => {
    expect([...operationSections().keys()].sort()).toEqual(documentedOperations().sort());
  });

  it("give each operation exactly the status codes the document lists for it", () => {
    for (const [operation, body] of operationSections()) {
      const [method, route] = operation.split(" ") as [string, string];
      const responses = doc.paths[route][method.toLowerCase()].responses as Record<string, Json>;
      const written = new Set([...body.matchAll(/`(\d{3})`/g)].map((match) => match[1]));
      expect([...written].sort(), operation).toEqual(Object.keys(responses).sort());
    }
  });

  it("name every field of each operation's request body in its section", () => {
    for (const [operation, body] of operationSections()) {
      const [method, route] = operation.split(" ") as [string, string];
      const schema =
        doc.paths[route][method.toLowerCase()].requestBody?.content?.["application/json"]?.schema;
      for (const field of fieldPaths(schema))
        expect(body, `${operation} describes its body field ${field}`).toContain(`\`${field}\``);
    }
  });

  it("describe every field of the resources the operations answer with, and no other", () => {
    const resources = Object.values(doc.components.schemas as Record<string, Json>).filter(
      (schema) => schema.title && schema.title !== "Error",
    );
    expect(resources.length).toBeGreaterThanOrEqual(3);
    for (const schema of resources) {
      const section = sections.find((candidate) => candidate.heading === schema.title);
      expect(section, `docs/api.md has a section "${schema.title}"`).toBeDefined();
      expect(tableKeys(section?.body ?? "").sort(), schema.title).toEqual(
        fieldPaths(schema).sort(),
      );
    }
  });

  it("name only calls the server answers", async () => {
    const named = new Set<string>();
    const pattern = new RegExp(`\`(${METHODS.join("|")}) (/[^\`\\s]*)\``, "g");
    for (const match of API_MD.matchAll(pattern)) named.add(`${match[1]} ${match[2]}`);
    for (const section of sections)
      if (OPERATION_HEADING.test(section.heading)) named.add(section.heading);
    expect(named.size).toBeGreaterThan(10);
    for (const call of named) {
      const [method, route] = call.split(" ") as [string, string];
      const url = route.replace(/\{(\w+)\}/g, ":$1");
      expect(app.hasRoute({ method, url }), `the server answers ${call}`).toBe(true);
    }
  });

  it("list every error code of the catalogue with its status", () => {
    const errors = sections.find((section) => section.heading === "Errors");
    const rows = [
      ...(errors?.body ?? "").matchAll(/^\| `(QUIRE_ERR_[A-Z_]+)` \| (\d{3}) \|/gm),
    ].map((match) => [match[1], Number(match[2])]);
    expect(rows.map(([code]) => code).sort()).toEqual(Object.keys(ERRORS).sort());
    for (const [code, status] of rows)
      expect(status, code as string).toBe(ERRORS[code as keyof typeof ERRORS].status);
  });

  it("say the OpenAPI document is the machine-readable reference, at the version it has", () => {
    expect(API_MD).toContain("`GET /openapi.json`");
    expect(API_MD).toContain(`\`info.version\` \`${doc.info.version}\``);
    expect(API_MD).toContain(`OpenAPI ${doc.openapi.split(".").slice(0, 2).join(".")}`);
  });
});
