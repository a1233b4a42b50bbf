import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runQuire } from "../helpers/quire-cli.ts";
import { makeRepo, makeTempDir } from "../helpers/temp-repo.ts";

let server: Server;
let url: string;
const requests: string[] = [];
beforeAll(async () => {
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

function docs(): string {
  return makeRepo({
    "docs.json": JSON.stringify({
      name: "Acme",
      colors: { primary: "#0a7" },
      navigation: { pages: ["index"], groups: [{ group: "API", openapi: url }] },
    }),
    "index.mdx": "---\ntitle: Home\n---\n\nWelcome.\n",
  });
}

describe("quire export and specifications on internal hosts", () => {
  it("refuses a loopback URL by default: exit 1, one line naming the URL, the reason and the setting", async () => {
    const out = path.join(makeTempDir(), "site.tar.gz");
    const result = await runQuire(["export", docs(), "-o", out]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `${url} the OpenAPI specification could not be fetched: refused: 127.0.0.1 is a loopback address; add the host to the allowed hosts (quire export --export-allow-hosts, QUIRE_EXPORT_ALLOW_HOSTS) to allow it\n`,
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(requests).toEqual([]);
  });

  it("fetches it when --export-allow-hosts or QUIRE_EXPORT_ALLOW_HOSTS allows the host", async () => {
    const byFlag = await runQuire([
      "export",
      docs(),
      "-o",
      path.join(makeTempDir(), "site.tar.gz"),
      "--export-allow-hosts",
      "127.0.0.1",
    ]);
    expect(byFlag.stderr).toMatch(/Exported \d+ pages/);
    expect(byFlag.code).toBe(0);
    const byVariable = await runQuire(
      ["export", docs(), "-o", path.join(makeTempDir(), "b.tar.gz")],
      {
        env: { QUIRE_EXPORT_ALLOW_HOSTS: "10.0.0.0/8,127.0.0.0/8" },
      },
    );
    expect(byVariable.code).toBe(0);
    expect(requests).toEqual(["/spec.json", "/spec.json"]);
  });

  it("rejects a list entry that is not a host, an address or a range: exit 2, one line", async () => {
    const result = await runQuire([
      "export",
      docs(),
      "--export-allow-hosts",
      "ok.internal,10.0.0.0/33",
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'quire: --export-allow-hosts: "10.0.0.0/33" has a prefix longer than an IPv4 address (32 bits)\n',
    );
  });
});
