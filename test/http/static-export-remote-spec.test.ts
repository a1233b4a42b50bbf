import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTenant,
  startApi,
  type Tenant,
  type TestApi,
  waitFor,
} from "../helpers/api-server.ts";
import { makeRepo } from "../helpers/temp-repo.ts";

let server: Server;
let url: string;
const requests: string[] = [];
beforeAll(async () => {
  // An internal service of the installation, on loopback.
  server = createServer((request, response) => {
    requests.push(request.url ?? "");
    response.writeHead(200, { "content-type": "application/json" }).end(
      JSON.stringify({
        openapi: "3.1.0",
        info: { title: "Internal", version: "1" },
        paths: {
          "/ping": { get: { summary: "Ping", responses: { "200": { description: "ok" } } } },
        },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/spec.json`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

function docsNaming(specUrl: string): string {
  return makeRepo({
    "docs.json": JSON.stringify({
      name: "Acme",
      colors: { primary: "#0a7" },
      navigation: { pages: ["index"], groups: [{ group: "API", openapi: specUrl }] },
    }),
    "index.mdx": "---\ntitle: Home\n---\n\nWelcome.\n",
  });
}

async function runExport(api: TestApi, tenant: Tenant) {
  const response = await api.request("POST", "/v1/static-export/jobs", {
    key: tenant.key,
    body: { domain: tenant.domain },
  });
  expect(response.status).toBe(202);
  const { jobId } = await response.json();
  return waitFor(
    async () => {
      const job = await (
        await api.request("GET", `/v1/static-export/jobs/${jobId}`, { key: tenant.key })
      ).json();
      return (job.status === "completed" || job.status === "failed") && job;
    },
    60_000,
    `export ${jobId}`,
  );
}

describe("an API export job whose docs name a specification on an internal host", () => {
  it("fails with the refusal as its error and never reaches the host", async () => {
    const api = await startApi();
    const tenant = await createTenant(api, { repository: docsNaming(url) });
    const job = await runExport(api, tenant);
    expect(job.status).toBe("failed");
    expect(job.error).toContain(
      `${url} the OpenAPI specification could not be fetched: refused: 127.0.0.1 is a loopback address; add the host to the allowed hosts (quire export --export-allow-hosts, QUIRE_EXPORT_ALLOW_HOSTS) to allow it`,
    );
    expect(requests).toEqual([]);
  });

  it("fetches it when the operator allows the host with QUIRE_EXPORT_ALLOW_HOSTS", async () => {
    const api = await startApi({ env: { QUIRE_EXPORT_ALLOW_HOSTS: "specs.internal, 127.0.0.1" } });
    const tenant = await createTenant(api, { repository: docsNaming(url) });
    const job = await runExport(api, tenant);
    expect(job.error).toBeNull();
    expect(job.status).toBe("completed");
    expect(requests).toEqual(["/spec.json"]);
  });
});
