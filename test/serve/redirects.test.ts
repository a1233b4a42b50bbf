import { mkdirSync, writeFileSync } from "node:fs";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { exportSite } from "../../src/exporter/export-site.ts";
import { NOT_FOUND_ROOT_SCRIPT, scriptHash } from "../../src/exporter/theme/inline-scripts.ts";
import { precompress } from "../../src/serve/precompress.ts";
import { createStaticServer } from "../../src/serve/static-server.ts";
import { compressedPath, sitePath } from "../../src/serve/version-layout.ts";
import { VersionStore } from "../../src/serve/versions.ts";
import { makeRepo, makeTempDir } from "../helpers/temp-repo.ts";
import { REDIRECT_SITE } from "./redirect-site.ts";

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A static server over one active version whose site `fill` writes. */
async function serve(fill: (siteDir: string) => Promise<void> | void) {
  const versions = new VersionStore(makeTempDir());
  const directory = versions.directoryOf("v1");
  const siteDir = sitePath(directory);
  mkdirSync(siteDir, { recursive: true });
  await fill(siteDir);
  precompress(siteDir, compressedPath(directory));
  versions.activate("v1", 3);
  const server = createStaticServer({ versions, logger: pino({ level: "silent" }) });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  const port = (server.address() as AddressInfo).port;
  return { port, origin: `http://127.0.0.1:${port}` };
}

async function exported() {
  return serve(async (siteDir) => {
    await exportSite({ sourceDir: makeRepo(REDIRECT_SITE), outputDir: siteDir });
  });
}

/** A raw GET, so the path reaches the server exactly as written (fetch would normalise it). */
function get(
  port: number,
  rawPath: string,
): Promise<{ status: number; location?: string; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: "127.0.0.1", port, path: rawPath }, (response) => {
      response.resume();
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          location: response.headers.location,
          headers: response.headers,
        }),
      );
    });
    request.on("error", reject);
    request.end();
  });
}

describe("quire serve's answers to a site's redirects", () => {
  it("sends / to the first page of a site without an index page, temporarily", async () => {
    const { port } = await exported();
    expect(await get(port, "/")).toMatchObject({ status: 307, location: "/guides/intro" });
    expect((await get(port, "/guides/intro")).status).toBe(200);
  });

  it("answers fixed redirects with 308 or 307, the page resolved and the fragment kept", async () => {
    const { port } = await exported();
    const answers = await Promise.all(
      ["/old", "/old/", "/old.html", "/old?step=2", "/stats"].map((target) => get(port, target)),
    );
    expect(answers.map((answer) => [answer.status, answer.location])).toEqual([
      [308, "/guides/setup#install"],
      [308, "/guides/setup#install"],
      [308, "/guides/setup#install"],
      [308, "/guides/setup?step=2#install"],
      [307, "/analytics/"],
    ]);
  });

  it("fills parameters and wildcards from the path, first match first, with the query carried over", async () => {
    const { port } = await exported();
    const cases: [string, number, string][] = [
      ["/beta/setup", 308, "/guides/setup"],
      ["/beta/setup/?tab=linux", 308, "/guides/setup?tab=linux"],
      ["/api-reference/chat/send", 308, "/api/chat/send"],
      ["/api-reference/users", 308, "/api/users"],
      ["/articles/concepts-anything/at/all", 308, "/guides/intro"],
      ["/agent/workflows/setup", 308, "/guides/setup"],
      ["/reports", 307, "/analytics/"],
      ["/beta/caf%C3%A9%20cr%C3%A8me", 308, "/guides/caf%C3%A9%20cr%C3%A8me"],
      ["/ext/a%20b?ignored=1", 308, "https://example.com/docs/a%20b?from=quire#top"],
    ];
    for (const [target, status, location] of cases)
      expect(await get(port, target), target).toMatchObject({ status, location });
  });

  it("serves a page of the site before any pattern, and the 404 page where nothing matches", async () => {
    const { port } = await exported();
    // `/beta/:slug*` matches /beta/kept, which is a page.
    expect((await get(port, "/beta/kept")).status).toBe(200);
    expect((await get(port, "/beta/kept.html")).status).toBe(200);
    const missing = await get(port, "/agent/workflows/a/b");
    expect(missing.status).toBe(404);
    // The 404 page's script, its redirects in an attribute, is the constant the manifest lists.
    expect(missing.headers["content-security-policy"]).toContain(
      `'${scriptHash(NOT_FOUND_ROOT_SCRIPT)}'`,
    );
    // The redirect page of a path the site links to is answered as the redirect it stands for.
    expect(await get(port, "/api-reference/users.html")).toMatchObject({
      status: 308,
      location: "/api/users",
    });
  });

  it("sends every internal redirect to a path of this server, whatever the request holds", async () => {
    const { port, origin } = await exported();
    const attempts = [
      "/go//evil.example",
      "/go/%2F%2Fevil.example",
      "/go/%2F/evil.example",
      "/go/%09/evil.example",
      "/go/%0D%0ALocation:%20//evil.example",
      "/go/https:%2F%2Fevil.example",
      "/go/..%2F..%2F/evil.example",
      "/go/%2e%2e//evil.example",
      "//go//evil.example",
      "/go/evil.example?next=//evil.example",
      "/go/x?%0d%0aSet-Cookie:%20a=b",
    ];
    let moved = 0;
    for (const attempt of attempts) {
      const answer = await get(port, attempt);
      expect(answer.headers["set-cookie"], attempt).toBeUndefined();
      if (answer.status < 300 || answer.status >= 400) continue;
      moved++;
      const location = answer.location as string;
      expect(location, attempt).toMatch(/^\/(?![/\\])/);
      expect(location, attempt).not.toMatch(/[^\x21-\x7e]/);
      expect(new URL(location, `${origin}/a/b`).origin, attempt).toBe(origin);
    }
    expect(moved).toBeGreaterThanOrEqual(8);
  });
});

describe("the rules quire serve takes from a bundle", () => {
  const PAGE = "<!doctype html><h1>Page</h1>";

  /** A bundle whose manifest and rules file say what the test needs, as a hostile one might. */
  async function bundle(rules: unknown, manifest: Record<string, unknown> = {}) {
    return serve((siteDir) => {
      const files: Record<string, string> = {
        "quire-export.json": JSON.stringify({
          formatVersion: 1,
          redirectRules: "_quire/redirects.json",
          ...manifest,
        }),
        "_quire/redirects.json": JSON.stringify({ rules }),
        "_quire/other.json": JSON.stringify({
          rules: [{ source: "/other", destination: "/page" }],
        }),
        "index.html": PAGE,
        "page.html": PAGE,
        "404.html": "<h1>Not here</h1>",
      };
      for (const [name, content] of Object.entries(files)) {
        mkdirSync(path.dirname(path.join(siteDir, name)), { recursive: true });
        writeFileSync(path.join(siteDir, name), content);
      }
    });
  }

  it("reads them only from the file the manifest names, and only that name", async () => {
    const named = await bundle([{ source: "/a", destination: "/page" }]);
    expect(await get(named.port, "/a")).toMatchObject({ status: 308, location: "/page" });
    const other = await bundle([{ source: "/a", destination: "/page" }], {
      redirectRules: "_quire/other.json",
    });
    expect((await get(other.port, "/a")).status).toBe(404);
    expect((await get(other.port, "/other")).status).toBe(404);
    const none = await bundle([{ source: "/a", destination: "/page" }], {
      redirectRules: undefined,
    });
    expect((await get(none.port, "/a")).status).toBe(404);
  });

  it("leaves out a rule it would not write: script URLs, other schemes, patterns past the limits", async () => {
    const { port } = await bundle([
      { source: "/js", destination: "javascript:alert(1)" },
      { source: "/js2", destination: " JAVA\tSCRIPT:alert(1)" },
      { source: "/data", destination: "data:text/html,<script>alert(1)</script>" },
      { source: "/mail", destination: "mailto:a@example.com" },
      { source: "/two/*/spans/*", destination: "/page" },
      { source: "/bad/:x", destination: "/:y" },
      { source: 42, destination: "/page" },
      { source: "/ok/*", destination: "https://docs.example.com/*" },
    ]);
    for (const target of ["/js", "/js2", "/data", "/mail", "/two/a/spans/b", "/bad/x"])
      expect((await get(port, target)).status, target).toBe(404);
    expect(await get(port, "/ok/a/b")).toMatchObject({
      status: 308,
      location: "https://docs.example.com/a/b",
    });
  });

  it("keeps a bundle's internal destination on this server, however it is written", async () => {
    const { port } = await bundle([
      { source: "/a", destination: "//evil.example/x" },
      { source: "/b", destination: "/\\evil.example/x" },
      { source: "/c/*", destination: "/*" },
      { source: "/d", destination: "/%0d%0aSet-Cookie: a=b" },
    ]);
    expect(await get(port, "/a")).toMatchObject({ status: 308, location: "/evil.example/x" });
    expect(await get(port, "/b")).toMatchObject({ status: 308, location: "/evil.example/x" });
    expect(await get(port, "/c/%2F%2Fevil.example")).toMatchObject({
      status: 308,
      location: "/evil.example",
    });
    const injected = await get(port, "/d");
    expect(injected.headers["set-cookie"]).toBeUndefined();
    expect(injected.location).toBe("/%250d%250aSet-Cookie%3A%20a%3Db");
  });
});
