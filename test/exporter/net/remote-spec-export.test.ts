import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExportOptions } from "../../../src/exporter/export-options.ts";
import { exportSite } from "../../../src/exporter/export-site.ts";
import { ExportFailedError, formatProblem } from "../../../src/exporter/problems.ts";
import { makeRepo, makeTempDir } from "../../helpers/temp-repo.ts";

/** Text only the internal service's specification holds. */
const MARKER = "INTERNAL-ONLY-7f3a9c";
const SPEC = JSON.stringify({
  openapi: "3.1.0",
  info: { title: "Internal admin API", version: "1", description: `Admin API ${MARKER}` },
  servers: [{ url: "http://10.1.2.3:9000" }],
  paths: {
    "/ping": {
      get: {
        summary: "Ping",
        description: `Secret endpoint ${MARKER}`,
        responses: { "200": { description: `pong ${MARKER}` } },
      },
    },
  },
});
const HINT =
  "add the host to the allowed hosts (quire export --export-allow-hosts, QUIRE_EXPORT_ALLOW_HOSTS) to allow it";

let server: Server;
let port: number;
const requests: string[] = [];
beforeAll(async () => {
  // The internal service: answers anyone on loopback.
  server = createServer((request, response) => {
    requests.push(request.url ?? "");
    response.writeHead(200, { "content-type": "application/json" }).end(SPEC);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** A docs repository naming the specification by URL in each way docs.json and pages can. */
function repositories(url: string): Record<string, Record<string, string>> {
  const base = { name: "Docs", colors: { primary: "#0a7" } };
  return {
    "a navigation group's openapi": {
      "docs.json": JSON.stringify({
        ...base,
        navigation: { pages: ["index"], groups: [{ group: "API", openapi: url }] },
      }),
      "index.mdx": "---\ntitle: Home\n---\n\nWelcome.\n",
    },
    "an endpoint entry in navigation": {
      "docs.json": JSON.stringify({
        ...base,
        navigation: { groups: [{ group: "API", openapi: url, pages: ["index", "GET /ping"] }] },
      }),
      "index.mdx": "---\ntitle: Home\n---\n\nWelcome.\n",
    },
    "a page's frontmatter": {
      "docs.json": JSON.stringify({ ...base, navigation: { pages: ["index", "ping"] } }),
      "index.mdx": "---\ntitle: Home\n---\n\nWelcome.\n",
      "ping.mdx": `---\nopenapi: ${url} GET /ping\n---\n`,
    },
  };
}

/** Every file under a folder that contains `text`, as relative paths. */
function filesContaining(folder: string, text: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true })
    .map(String)
    .filter((file) => {
      const full = path.join(folder, file);
      try {
        return readFileSync(full, "utf8").includes(text);
      } catch {
        return false; // a folder
      }
    });
}

async function exportOrErrors(
  files: Record<string, string>,
  options: Partial<ExportOptions> = {},
): Promise<{ outputDir: string; errors: string[] }> {
  const outputDir = path.join(makeTempDir(), "site");
  try {
    await exportSite({ sourceDir: makeRepo(files), outputDir, concurrency: 0, ...options });
    return { outputDir, errors: [] };
  } catch (error) {
    if (!(error instanceof ExportFailedError)) throw error;
    return { outputDir, errors: error.problems.map(formatProblem) };
  }
}

describe("an export whose docs name a specification on an internal host", () => {
  for (const host of ["127.0.0.1", "localhost"]) {
    for (const [where, files] of Object.entries(repositories(`http://${host}:0/spec.json`))) {
      it(`fails with the refusal when ${where} names http://${host}:<port>/spec.json, and publishes nothing of it`, async () => {
        const url = `http://${host}:${port}/spec.json`;
        const repo = JSON.parse(JSON.stringify(files).replaceAll(`${host}:0`, `${host}:${port}`));
        const before = requests.length;
        const { outputDir, errors } = await exportOrErrors(repo);
        const refusal =
          host === "localhost"
            ? `refused: localhost resolves to 127.0.0.1, a loopback address; ${HINT}`
            : `refused: 127.0.0.1 is a loopback address; ${HINT}`;
        expect(errors).toContain(
          `${url} the OpenAPI specification could not be fetched: ${refusal}`,
        );
        expect(requests.length - before).toBe(0);
        expect(filesContaining(outputDir, MARKER)).toEqual([]);
      });
    }
  }

  it("publishes it when the operator allows the host (so the checks above would see a leak)", async () => {
    const url = `http://127.0.0.1:${port}/spec.json`;
    const { outputDir, errors } = await exportOrErrors(
      repositories(url)["a navigation group's openapi"] as Record<string, string>,
      { allowHosts: ["127.0.0.1"] },
    );
    expect(errors).toEqual([]);
    const leaked = filesContaining(outputDir, MARKER);
    expect(leaked).toEqual(
      expect.arrayContaining([
        "llms.txt",
        "llms-full.txt",
        "api-reference/ping.html",
        "api-reference/ping.md",
        "_quire/search/index.js",
      ]),
    );
  });
});
