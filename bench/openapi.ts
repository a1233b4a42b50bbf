/**
 * API reference pages against ordinary pages: a generated OpenAPI 3.1 specification of 500
 * operations (seeded: CRUD over 100 resources with nested, shared and polymorphic schemas,
 * parameters, examples and auth) exported beside 500 ordinary Markdown pages from
 * bench/generate-site.ts, each with no cache, alternating the two so machine noise hits both.
 * Goal: the specification's 500 pages in under 3× the time of the 500 Markdown pages.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { exportSite } from "../src/exporter/export-site.ts";
import { generateSite } from "./generate-site.ts";
import { median } from "./measure.ts";

const OPERATIONS = Number(process.env.BENCH_OPENAPI_OPERATIONS ?? 500);
const RUNS = Number(process.env.BENCH_OPENAPI_RUNS ?? 3);
const GOAL_RATIO = 3;

export interface OpenApiBenchmark {
  operations: number;
  markdownPages: number;
  specBytes: number;
  openapiMs: number[];
  markdownMs: number[];
}

/** A deterministic specification: `count / 5` resources, each with list, create, get, update and delete. */
export function generateSpec(count: number): Record<string, unknown> {
  const resources = Math.ceil(count / 5);
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {
    Error: {
      type: "object",
      required: ["code", "message"],
      properties: { code: { type: "string" }, message: { type: "string" } },
    },
    Audit: {
      type: "object",
      properties: {
        createdAt: { type: "string", format: "date-time", readOnly: true },
        createdBy: { type: "string", readOnly: true },
      },
    },
  };
  let made = 0;
  for (let index = 0; index < resources && made < count; index++) {
    const name = `resource${index}`;
    const schema = `Resource${index}`;
    schemas[schema] = {
      title: schema,
      allOf: [
        { $ref: "#/components/schemas/Audit" },
        {
          type: "object",
          required: ["name"],
          properties: {
            id: { type: "string", readOnly: true, example: `r${index}_1` },
            name: {
              type: "string",
              minLength: 1,
              maxLength: 200,
              description: `The ${name}'s name.`,
            },
            status: { type: "string", enum: ["active", "paused", "deleted"], default: "active" },
            tags: { type: "array", items: { type: "string" } },
            settings: {
              type: "object",
              properties: {
                limit: { type: "integer", minimum: 1, default: 10 },
                notify: { type: "boolean" },
                window: {
                  type: "object",
                  properties: {
                    from: { type: "string", format: "time" },
                    to: { type: "string", format: "time" },
                  },
                },
              },
            },
            target: {
              oneOf: [
                {
                  title: "Url",
                  type: "object",
                  properties: { kind: { const: "url" }, url: { type: "string", format: "uri" } },
                },
                {
                  title: "Queue",
                  type: "object",
                  properties: { kind: { const: "queue" }, queue: { type: "string" } },
                },
              ],
              discriminator: { propertyName: "kind" },
            },
          },
        },
      ],
    };
    const ref = { $ref: `#/components/schemas/${schema}` };
    const json = (schemaValue: unknown) => ({ "application/json": { schema: schemaValue } });
    const errors = {
      "404": { description: "Not found.", content: json({ $ref: "#/components/schemas/Error" }) },
    };
    const idParameter = {
      name: "id",
      in: "path",
      required: true,
      schema: { type: "string" },
      example: `r${index}_1`,
    };
    const operations: [string, string, Record<string, unknown>][] = [
      [
        `/${name}s`,
        "get",
        {
          summary: `List ${name}s`,
          description: `Returns ${name}s, newest first.`,
          parameters: [
            { name: "limit", in: "query", schema: { type: "integer", default: 20 } },
            { name: "cursor", in: "query", schema: { type: "string" } },
          ],
          responses: {
            "200": { description: "A page.", content: json({ type: "array", items: ref }) },
          },
        },
      ],
      [
        `/${name}s`,
        "post",
        {
          summary: `Create a ${name}`,
          requestBody: { required: true, content: json(ref) },
          responses: {
            "201": { description: "Created.", content: json(ref) },
            "422": {
              description: "Invalid.",
              content: json({ $ref: "#/components/schemas/Error" }),
            },
          },
        },
      ],
      [
        `/${name}s/{id}`,
        "get",
        {
          summary: `Get a ${name}`,
          parameters: [idParameter],
          responses: { "200": { description: "Found.", content: json(ref) }, ...errors },
        },
      ],
      [
        `/${name}s/{id}`,
        "patch",
        {
          summary: `Update a ${name}`,
          parameters: [idParameter],
          requestBody: { content: json(ref) },
          responses: { "200": { description: "Updated.", content: json(ref) }, ...errors },
        },
      ],
      [
        `/${name}s/{id}`,
        "delete",
        {
          summary: `Delete a ${name}`,
          parameters: [idParameter],
          responses: { "204": { description: "Deleted." }, ...errors },
        },
      ],
    ];
    for (const [route, method, operation] of operations) {
      if (made >= count) break;
      paths[route] = {
        ...(paths[route] as object),
        [method]: { tags: [`Group ${Math.floor(index / 10)}`], ...operation },
      };
      made++;
    }
  }
  return {
    openapi: "3.1.0",
    info: { title: "Benchmark API", version: "1.0.0" },
    servers: [{ url: "https://api.example.com/v1" }],
    security: [{ bearer: [] }],
    paths,
    components: { schemas, securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
  };
}

async function timeExport(sourceDir: string): Promise<number> {
  const outputDir = mkdtempSync(path.join(os.tmpdir(), "quire-bench-out-"));
  try {
    const started = performance.now();
    const result = await exportSite({ sourceDir, outputDir: path.join(outputDir, "site") });
    const elapsed = performance.now() - started;
    if (result.pageCount === 0) throw new Error(`nothing exported from ${sourceDir}`);
    return elapsed;
  } finally {
    rmSync(outputDir, { recursive: true, force: true });
  }
}

export async function runOpenApiBenchmark(
  log: (message: string) => void,
): Promise<OpenApiBenchmark> {
  const work = mkdtempSync(path.join(os.tmpdir(), "quire-bench-openapi-"));
  try {
    const specSite = path.join(work, "api");
    mkdirSync(specSite, { recursive: true });
    const spec = JSON.stringify(generateSpec(OPERATIONS));
    writeFileSync(path.join(specSite, "openapi.json"), spec);
    writeFileSync(
      path.join(specSite, "docs.json"),
      JSON.stringify({
        name: "Bench API",
        colors: { primary: "#2563eb" },
        navigation: { tabs: [{ tab: "API reference", openapi: "openapi.json" }] },
      }),
    );
    const generated = generateSite(path.join(work, "markdown"), OPERATIONS);
    const markdownSite = generated.quireDir;
    const result: OpenApiBenchmark = {
      operations: OPERATIONS,
      markdownPages: generated.pages,
      specBytes: spec.length,
      openapiMs: [],
      markdownMs: [],
    };
    for (let run = 1; run <= RUNS; run++) {
      result.openapiMs.push(await timeExport(specSite));
      result.markdownMs.push(await timeExport(markdownSite));
      log(
        `openapi run ${run}/${RUNS}: ${OPERATIONS} operations ${Math.round(result.openapiMs.at(-1) as number)} ms, ${result.markdownPages} Markdown pages ${Math.round(result.markdownMs.at(-1) as number)} ms`,
      );
    }
    return result;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export function openApiSection(result: OpenApiBenchmark, machine: string): string {
  const openapi = median(result.openapiMs);
  const markdown = median(result.markdownMs);
  const ratio = openapi / markdown;
  return [
    `Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${machine}.`,
    `Medians of ${result.openapiMs.length} runs, alternating; each export starts with no cache, in one process (bench/openapi.ts).`,
    "",
    "## API reference pages from OpenAPI",
    "",
    "| | Pages | Wall time (export) |",
    "|---|---:|---:|",
    `| Generated OpenAPI 3.1 specification (${(result.specBytes / 1024).toFixed(0)} KB JSON, ${result.operations} operations) | ${result.operations} | ${(openapi / 1000).toFixed(2)} s |`,
    `| Ordinary Markdown pages (bench/generate-site.ts) | ${result.markdownPages} | ${(markdown / 1000).toFixed(2)} s |`,
    "",
    `- The specification exports in **${ratio.toFixed(2)}×** the time of the same number of Markdown pages (goal: under ${GOAL_RATIO}×)${ratio < GOAL_RATIO ? "." : ": goal not met."}`,
  ].join("\n");
}
