import { mkdirSync, writeFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { gzipSync } from "node:zlib";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { ApiProxy, type ApiProxyOptions } from "../../src/serve/api-proxy.ts";
import { precompress } from "../../src/serve/precompress.ts";
import { createStaticServer } from "../../src/serve/static-server.ts";
import { compressedPath, sitePath } from "../../src/serve/version-layout.ts";
import { VersionStore } from "../../src/serve/versions.ts";
import { makeTempDir } from "../helpers/temp-repo.ts";

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** The API a specification names: answers by path, records what reached it. */
async function startApi(): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      seen.push({
        method: request.method ?? "",
        url: request.url ?? "",
        headers: request.headers,
        body,
      });
      const url = request.url ?? "/";
      if (url.startsWith("/moved-here"))
        return void response.writeHead(302, { location: "/v1/tasks?after=redirect" }).end();
      if (url.startsWith("/moved-away"))
        return void response.writeHead(302, { location: "https://elsewhere.example/" }).end();
      if (url.startsWith("/big")) return void response.end(Buffer.alloc(4096, 120));
      if (url.startsWith("/slow")) return; // never answers
      if (url.startsWith("/gzip"))
        return void response
          .writeHead(200, { "content-type": "text/plain", "content-encoding": "gzip" })
          .end(gzipSync("unzipped by the proxy"));
      response
        .writeHead(201, {
          "content-type": "application/json",
          "set-cookie": "session=secret",
          "x-request-id": "req-9",
        })
        .end(JSON.stringify({ id: "tsk_1", path: url }));
    });
  });
  return { url: await listen(server), seen };
}

/** `quire serve` with a version whose manifest lists `connectOrigins`, and its proxy. */
async function serveSite(
  connectOrigins: string[],
  options: ApiProxyOptions = {},
  manifest: Record<string, unknown> = {},
) {
  const dataDir = makeTempDir();
  const versions = new VersionStore(dataDir);
  const directory = versions.directoryOf("v1");
  const root = sitePath(directory);
  mkdirSync(root, { recursive: true });
  writeFileSync(
    path.join(root, "quire-export.json"),
    JSON.stringify({ ...manifest, connectOrigins }),
  );
  writeFileSync(path.join(root, "index.html"), "<p>docs</p>");
  precompress(root, compressedPath(directory));
  versions.activate("v1", 3);
  const server = createStaticServer({
    versions,
    logger: pino({ level: "silent" }),
    apiProxy: new ApiProxy(options),
  });
  const base = await listen(server);
  return {
    base,
    /** POSTs one request for the proxy to send, as the playground does. */
    async send(
      envelope: Record<string, unknown>,
      headers: Record<string, string> = {},
    ): Promise<{ status: number; body: Record<string, unknown> }> {
      const answer = await fetch(`${base}/_quire/api-proxy`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(envelope),
      });
      return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
    },
  };
}

const LOCAL = { allowHosts: ["127.0.0.1"] };

describe("the API playground's proxy in quire serve", () => {
  it("sends the request to the specification's server and hands back its answer, with no cookie either way", async () => {
    const api = await startApi();
    const site = await serveSite([api.url], LOCAL);
    const { status, body } = await site.send({
      method: "POST",
      url: `${api.url}/v1/tasks?limit=2`,
      headers: [
        ["Authorization", "Bearer tok"],
        ["Content-Type", "application/json"],
        ["Cookie", "sid=reader"],
        ["Origin", "https://evil.example"],
      ],
      body: Buffer.from('{"title":"Ship"}').toString("base64"),
    });
    expect(status).toBe(200);
    expect(body.status).toBe(201);
    expect(JSON.parse(Buffer.from(body.body as string, "base64").toString())).toEqual({
      id: "tsk_1",
      path: "/v1/tasks?limit=2",
    });
    const headers = Object.fromEntries(
      (body.headers as [string, string][]).map(([name, value]) => [name.toLowerCase(), value]),
    );
    expect(headers["x-request-id"]).toBe("req-9");
    expect(headers["set-cookie"]).toBeUndefined();
    const [seen] = api.seen;
    expect(seen).toMatchObject({
      method: "POST",
      url: "/v1/tasks?limit=2",
      body: '{"title":"Ship"}',
    });
    expect(seen?.headers.authorization).toBe("Bearer tok");
    expect(seen?.headers["content-type"]).toBe("application/json");
    expect(seen?.headers.cookie).toBeUndefined();
    expect(seen?.headers.origin).toBeUndefined();
  });

  it("says where it is to the page, and is not there for a site without a playground", async () => {
    const api = await startApi();
    const site = await serveSite([api.url], LOCAL);
    const found = await fetch(`${site.base}/_quire/api-proxy`);
    expect(found.status).toBe(200);
    expect(found.headers.get("x-quire-api-proxy")).toBe("1");
    const none = await serveSite([], LOCAL);
    expect((await fetch(`${none.base}/_quire/api-proxy`)).status).toBe(404);
    expect((await none.send({ method: "GET", url: `${api.url}/v1/tasks` })).status).toBe(404);
    expect(api.seen).toEqual([]);
  });

  it("refuses a host that is not one of the specification's servers, and sends nothing", async () => {
    const api = await startApi();
    const other = await startApi();
    const site = await serveSite([api.url], LOCAL);
    const refused = await site.send({ method: "GET", url: `${other.url}/v1/tasks` });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(
      `${other.url} is not one of the servers of this site's API specifications; the proxy sends nowhere else`,
    );
    expect((await site.send({ method: "GET", url: "file:///etc/passwd" })).status).toBe(400);
    expect(other.seen).toEqual([]);
  });

  it("sends nothing to the feedback collector's host, though the pages may post their answers there", async () => {
    const api = await startApi();
    const collector = await startApi();
    const site = await serveSite([api.url], LOCAL, { feedbackUrl: `${collector.url}/collect` });
    const policy = (await fetch(`${site.base}/`)).headers.get("content-security-policy") ?? "";
    expect(policy).toContain(`connect-src 'self' ${api.url} ${collector.url};`);
    const refused = await site.send({ method: "POST", url: `${collector.url}/collect` });
    expect(refused.status).toBe(403);
    expect(collector.seen).toEqual([]);
    const withoutPlayground = await serveSite([], LOCAL, {
      feedbackUrl: `${collector.url}/collect`,
    });
    expect((await withoutPlayground.send({ method: "GET", url: `${collector.url}/` })).status).toBe(
      404,
    );
    expect(collector.seen).toEqual([]);
  });

  it("sends nothing to the readers' assistant's host, which the pages may call, even when an earlier export listed it among the playground's", async () => {
    const api = await startApi();
    const assistant = await startApi();
    const site = await serveSite([api.url, assistant.url], LOCAL, {
      assistant: { endpoint: `${assistant.url}/ask` },
    });
    const policy = (await fetch(`${site.base}/`)).headers.get("content-security-policy") ?? "";
    expect(policy).toContain(`connect-src 'self' ${api.url} ${assistant.url};`);
    const refused = await site.send({ method: "POST", url: `${assistant.url}/ask` });
    expect(refused.status).toBe(403);
    expect(assistant.seen).toEqual([]);
    expect((await site.send({ method: "GET", url: `${api.url}/v1/tasks` })).body.status).toBe(201);
  });

  it("refuses a loopback or private address the operator has not allowed, even when the specification names it", async () => {
    const api = await startApi();
    const site = await serveSite([api.url]);
    const refused = await site.send({ method: "GET", url: `${api.url}/v1/tasks` });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatch(
      /^refused: 127\.0\.0\.1 is .*; add the host to the proxy's allowed hosts \(quire serve --proxy-allow-hosts, QUIRE_SERVE_PROXY_ALLOW_HOSTS\) to allow it$/,
    );
    expect(api.seen).toEqual([]);
  });

  it("follows a redirect within the API's origin, and hands back one to another host unfollowed", async () => {
    const api = await startApi();
    const site = await serveSite([api.url], LOCAL);
    const followed = await site.send({ method: "GET", url: `${api.url}/moved-here` });
    expect(followed.body.status).toBe(201);
    expect(api.seen.map((request) => request.url)).toEqual([
      "/moved-here",
      "/v1/tasks?after=redirect",
    ]);
    const away = await site.send({ method: "GET", url: `${api.url}/moved-away` });
    expect(away.body.status).toBe(302);
    expect(away.body.headers).toContainEqual(["location", "https://elsewhere.example/"]);
  });

  it("decodes a compressed answer, and refuses answers and requests past its limits and APIs that never answer", async () => {
    const api = await startApi();
    const site = await serveSite([api.url], {
      ...LOCAL,
      limits: { answerBytes: 1024, requestBytes: 16, timeoutMs: 3000 },
    });
    const gzip = await site.send({ method: "GET", url: `${api.url}/gzip` });
    expect(Buffer.from(gzip.body.body as string, "base64").toString()).toBe(
      "unzipped by the proxy",
    );
    const big = await site.send({ method: "GET", url: `${api.url}/big` });
    expect(big.status).toBe(502);
    expect(big.body.error).toMatch(/larger than 1024 bytes/);
    const large = await site.send({
      method: "POST",
      url: `${api.url}/v1/tasks`,
      body: Buffer.alloc(64).toString("base64"),
    });
    expect(large.status).toBe(413);
    const slow = await site.send({ method: "GET", url: `${api.url}/slow` });
    expect(slow).toEqual({ status: 504, body: { error: "no answer within 3 s" } });
  });

  it("answers only the site's own pages: a request from another origin is refused", async () => {
    const api = await startApi();
    const site = await serveSite([api.url], LOCAL);
    const request = { method: "GET", url: `${api.url}/v1/tasks` };
    expect((await site.send(request, { origin: "https://evil.example" })).status).toBe(403);
    expect((await site.send(request, { "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await site.send(request, { origin: site.base })).status).toBe(200);
    // Behind a reverse proxy that names the server differently, the reader's host is forwarded.
    const behind = { origin: "https://docs.example.com", "x-forwarded-host": "docs.example.com" };
    expect((await site.send(request, behind)).status).toBe(200);
    expect((await site.send(request, { "sec-fetch-site": "same-origin" })).status).toBe(200);
    expect(api.seen).toHaveLength(3);
  });
});
