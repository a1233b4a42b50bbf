import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { precompress } from "../../src/serve/precompress.ts";
import { createStaticServer } from "../../src/serve/static-server.ts";
import { compressedPath, sitePath } from "../../src/serve/version-layout.ts";
import { VersionStore } from "../../src/serve/versions.ts";
import { makeTempDir } from "../helpers/temp-repo.ts";

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function site(files: Record<string, string | Buffer> | null) {
  const dataDir = makeTempDir();
  const versions = new VersionStore(dataDir);
  if (files) {
    const directory = versions.directoryOf("v1");
    const root = sitePath(directory);
    for (const [name, content] of Object.entries({ "quire-export.json": "{}", ...files })) {
      mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
      writeFileSync(path.join(root, name), content);
    }
    precompress(root, compressedPath(directory));
    versions.activate("v1", 3);
  }
  const server = createStaticServer({ versions, logger: pino({ level: "silent" }) });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  const port = (server.address() as AddressInfo).port;
  return { base: `http://127.0.0.1:${port}`, port, versions, dataDir };
}

/** A raw request, so the path reaches the server exactly as written (fetch would normalise it). */
function raw(
  port: number,
  rawPath: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: "127.0.0.1", port, path: rawPath, method: "GET", headers },
      (response) => {
        let body = "";
        response.on("data", (chunk) => {
          body += chunk;
        });
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, body, headers: response.headers }),
        );
      },
    );
    request.on("error", reject);
    request.end();
  });
}

/** A raw request whose body is kept as bytes, still encoded as the server sent it. */
function rawBytes(
  port: number,
  rawPath: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Buffer; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: "127.0.0.1", port, path: rawPath, method: "GET", headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks),
            headers: response.headers,
          }),
        );
      },
    );
    request.on("error", reject);
    request.end();
  });
}

/** The text of a body, decoded by its Content-Encoding. */
function decoded(answer: { body: Buffer; headers: IncomingHttpHeaders }): string {
  const encoding = answer.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(answer.body).toString();
  if (encoding === "gzip") return gunzipSync(answer.body).toString();
  return answer.body.toString();
}

const PAGE = `<!doctype html><html><body>${"Welcome. ".repeat(200)}</body></html>`;
const FILES = {
  "index.html": PAGE,
  "guide/setup.html": "<h1>Setup</h1>",
  "guide/index.html": "<h1>Guide</h1>",
  "404.html": "<h1>Not here</h1>",
  "_quire/quire.0123abcd45.css": `body{color:red}${" ".repeat(1000)}`,
  "files/data.bin": "0123456789",
};

describe("serving the active version", () => {
  it("answers /readyz 503 until a version is active, and /healthz at once", async () => {
    const { base } = await site(null);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect((await ready.json()).error).toMatch(/no version/);
  });

  it("maps extensionless paths, folders and / to their files, and redirects a folder without its slash", async () => {
    const { base } = await site(FILES);
    expect(await (await fetch(`${base}/guide/setup`)).text()).toBe("<h1>Setup</h1>");
    expect(await (await fetch(`${base}/guide/setup.html`)).text()).toBe("<h1>Setup</h1>");
    expect(await (await fetch(`${base}/guide/`)).text()).toBe("<h1>Guide</h1>");
    const redirect = await fetch(`${base}/guide`, { redirect: "manual" });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get("location")).toBe("/guide/");
    expect((await fetch(`${base}/`)).headers.get("content-type")).toBe("text/html; charset=utf-8");
  });

  it("answers a missing page with the site's 404.html and status 404", async () => {
    const { base } = await site(FILES);
    const response = await fetch(`${base}/nothing/here`);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("<h1>Not here</h1>");
  });

  it("caches hashed assets forever and revalidates HTML with its ETag", async () => {
    const { base } = await site(FILES);
    const asset = await fetch(`${base}/_quire/quire.0123abcd45.css`);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(asset.headers.get("content-type")).toBe("text/css; charset=utf-8");
    const page = await fetch(`${base}/`);
    expect(page.headers.get("cache-control")).toBe("no-cache");
    const etag = page.headers.get("etag") as string;
    expect((await fetch(`${base}/`, { headers: { "if-none-match": etag } })).status).toBe(304);
    const lastModified = page.headers.get("last-modified") as string;
    expect(
      (await fetch(`${base}/`, { headers: { "if-modified-since": lastModified } })).status,
    ).toBe(304);
  });

  it("sends the brotli or gzip file written at unpack time when the client accepts it", async () => {
    const { base } = await site(FILES);
    // fetch decodes the body itself, so the encoding is checked on the headers and the text.
    const brotli = await fetch(`${base}/`, { headers: { "accept-encoding": "br" } });
    expect(brotli.headers.get("content-encoding")).toBe("br");
    expect(await brotli.text()).toBe(PAGE);
    const gzip = await fetch(`${base}/`, { headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gzip.headers.get("vary")).toBe("Accept-Encoding");
    const plain = await fetch(`${base}/`, { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
  });

  it("never sends a bundle's own .gz or .br in place of a page: only Quire's copies, and those files only by their names", async () => {
    const hostile = "<script>alert(document.domain)</script>";
    const { port } = await site({
      ...FILES,
      "index.html.gz": gzipSync(hostile),
      "index.html.br": brotliCompressSync(hostile),
      // Too small for Quire to compress: no copy of Quire's, so none at all.
      "guide/setup.html.gz": gzipSync(hostile),
      "guide/setup.html.br": brotliCompressSync(hostile),
      "files/data.bin.gz": gzipSync(hostile),
      // Folders named like compressed copies: files of the site like any other.
      "guide/index.html.br/page.html": PAGE,
      "guide/index.html.gz/page.html": PAGE,
    });
    for (const accept of ["gzip, br", "br", "gzip", "gzip;q=1, br;q=0.5, deflate"]) {
      const home = await rawBytes(port, "/", { "accept-encoding": accept });
      expect(decoded(home), accept).toBe(PAGE);
      expect(home.headers["content-encoding"], accept).toMatch(/^(br|gzip)$/);
      for (const small of ["/guide/setup", "/files/data.bin"]) {
        const answer = await rawBytes(port, small, { "accept-encoding": accept });
        expect(answer.headers["content-encoding"], `${small} ${accept}`).toBeUndefined();
        expect(answer.body.toString(), `${small} ${accept}`).not.toContain("alert");
      }
    }
    for (const folder of ["/guide/", "/guide/index.html.br/page", "/guide/index.html.gz/page"]) {
      const answer = await rawBytes(port, folder, { "accept-encoding": "br" });
      expect(answer.status, folder).toBe(200);
      expect(decoded(answer), folder).toBe(folder === "/guide/" ? "<h1>Guide</h1>" : PAGE);
    }
    // Asked for by its own name, the bundle's file is itself: bytes, not an encoding.
    const own = await rawBytes(port, "/index.html.gz", { "accept-encoding": "gzip, br" });
    expect(own.status).toBe(200);
    expect(own.headers["content-encoding"]).toBeUndefined();
    expect(own.headers["content-type"]).toBe("application/gzip");
    expect(gunzipSync(own.body).toString()).toBe(hostile);
  });

  it("serves a version an earlier Quire unpacked (files at its root) with no compressed copies", async () => {
    const { base, versions } = await site(FILES);
    const legacy = versions.directoryOf("old");
    mkdirSync(legacy, { recursive: true });
    writeFileSync(path.join(legacy, "quire-export.json"), "{}");
    writeFileSync(path.join(legacy, "index.html"), PAGE);
    writeFileSync(path.join(legacy, "index.html.gz"), gzipSync("<script>alert(1)</script>"));
    versions.activate("old", 3);
    const home = await fetch(`${base}/`, { headers: { "accept-encoding": "gzip, br" } });
    expect(home.headers.get("content-encoding")).toBeNull();
    expect(await home.text()).toBe(PAGE);
  });

  it("sends each file with its type: text as UTF-8 (YAML and Markdown as text too), and HTML or XML types only for pages, SVG and XML", async () => {
    const { base } = await site({
      "index.html": "<h1>Home</h1>",
      "openapi.yaml": "openapi: 3.1.0\n",
      "spec.yml": "openapi: 3.1.0\n",
      "guide.md": "# Guide\n",
      "_quire/quire.6b000d0763.js": "void 0;",
      "_quire/quire.6b000d0763.css": "body{}",
      "search.json": "{}",
      "sitemap.xml": "<urlset/>",
      "logo.svg": "<svg xmlns='http://www.w3.org/2000/svg'/>",
      "photo.png": Buffer.from([0x89, 0x50, 0x4e, 0x47]),
      "font.woff2": Buffer.from([0x77, 0x4f, 0x46, 0x32]),
      "old.htm": "<script>alert(1)</script>",
      "page.xhtml": "<html xmlns='http://www.w3.org/1999/xhtml'><script>alert(1)</script></html>",
      "feed.rss": "<rss/>",
      "data.bin": Buffer.from([0, 1, 2]),
      README: "no extension",
    });
    const typeOf = async (file: string) =>
      (await fetch(`${base}/${file}`)).headers.get("content-type");
    expect(await typeOf("index.html")).toBe("text/html; charset=utf-8");
    expect(await typeOf("openapi.yaml")).toBe("text/yaml; charset=utf-8");
    expect(await typeOf("spec.yml")).toBe("text/yaml; charset=utf-8");
    expect(await typeOf("guide.md")).toBe("text/markdown; charset=utf-8");
    expect(await typeOf("_quire/quire.6b000d0763.js")).toBe("text/javascript; charset=utf-8");
    expect(await typeOf("_quire/quire.6b000d0763.css")).toBe("text/css; charset=utf-8");
    expect(await typeOf("search.json")).toBe("application/json; charset=utf-8");
    expect(await typeOf("sitemap.xml")).toBe("application/xml; charset=utf-8");
    expect(await typeOf("logo.svg")).toBe("image/svg+xml");
    expect(await typeOf("photo.png")).toBe("image/png");
    expect(await typeOf("font.woff2")).toBe("font/woff2");
    // A browser would run these as documents under the page policy: they download instead.
    for (const file of ["old.htm", "page.xhtml", "feed.rss", "data.bin", "README"])
      expect(await typeOf(file), file).toBe("application/octet-stream");
  });

  it("honours Range and HEAD, and refuses other methods", async () => {
    const { base } = await site(FILES);
    const part = await fetch(`${base}/files/data.bin`, { headers: { range: "bytes=2-4" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe("bytes 2-4/10");
    expect(await part.text()).toBe("234");
    expect(
      (await fetch(`${base}/files/data.bin`, { headers: { range: "bytes=50-" } })).status,
    ).toBe(416);
    const head = await fetch(`${base}/files/data.bin`, { method: "HEAD" });
    expect(head.headers.get("content-length")).toBe("10");
    expect(await head.text()).toBe("");
    const post = await fetch(`${base}/`, { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
  });

  it("ignores a Range it cannot read as one valid range and sends the whole file, 416 only past the end", async () => {
    const { base } = await site(FILES);
    for (const range of ["bytes=10-5", "bytes=4-2", "bytes=0-1,3-4", "items=0-4", "bytes=x-y"]) {
      const whole = await fetch(`${base}/files/data.bin`, { headers: { range } });
      expect(whole.status, range).toBe(200);
      expect(whole.headers.get("content-range"), range).toBeNull();
      expect(await whole.text(), range).toBe("0123456789");
    }
    for (const range of ["bytes=10-", "bytes=10-20", "bytes=50-60", "bytes=-0"]) {
      const refused = await fetch(`${base}/files/data.bin`, { headers: { range } });
      expect(refused.status, range).toBe(416);
      expect(refused.headers.get("content-range"), range).toBe("bytes */10");
    }
    const tail = await fetch(`${base}/files/data.bin`, { headers: { range: "bytes=-3" } });
    expect(tail.status).toBe(206);
    expect(await tail.text()).toBe("789");
    const clipped = await fetch(`${base}/files/data.bin`, { headers: { range: "bytes=8-100" } });
    expect(clipped.headers.get("content-range")).toBe("bytes 8-9/10");
    expect(await clipped.text()).toBe("89");
  });

  it("sends security headers that allow only the site itself", async () => {
    const { base } = await site(FILES);
    const response = await fetch(`${base}/`);
    expect(response.headers.get("content-security-policy")).toMatch(/default-src 'self'/);
    expect(response.headers.get("content-security-policy")).not.toMatch(/https?:/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("lets a bundle's API playground reach the API hosts its manifest names, and nothing else", async () => {
    const manifest = JSON.stringify({
      connectOrigins: [
        "https://api.example.com",
        "http://127.0.0.1:9000",
        "https://x.example; script-src *",
        "*",
        42,
      ],
    });
    const { base } = await site({ ...FILES, "quire-export.json": manifest });
    const policy = (await fetch(`${base}/`)).headers.get("content-security-policy") ?? "";
    expect(policy).toContain("connect-src 'self' https://api.example.com http://127.0.0.1:9000;");
    expect(policy).toContain("script-src 'self';");
    expect(policy).not.toContain("x.example");
    expect(policy).not.toMatch(/connect-src[^;]*\*/);
  });

  it("names in each page's policy the listed hashes of its own inline scripts, in every encoding, and gives SVG and XML an inert one", async () => {
    const boot = "document.documentElement.classList.add('js')";
    const notFound = "findRoot()";
    const hash = (text: string) => `sha256-${createHash("sha256").update(text).digest("base64")}`;
    const manifest = JSON.stringify({ scriptHashes: [hash(boot), hash(notFound)] });
    const page = `<html><head><script>${boot}</script></head><body>${"Text. ".repeat(200)}<script>alert(1)</script></body></html>`;
    const { base } = await site({
      ...FILES,
      "quire-export.json": manifest,
      "index.html": page,
      "404.html": `<html><script>${notFound}</script></html>`,
      "logo.svg": "<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>",
      "feed.xml": "<feed/>",
    });
    const scriptSources = async (url: string, headers: Record<string, string> = {}) =>
      /script-src ([^;]*);/.exec(
        (await fetch(url, { headers })).headers.get("content-security-policy") ?? "",
      )?.[1];
    expect(await scriptSources(`${base}/`)).toBe(`'self' '${hash(boot)}'`);
    expect(await scriptSources(`${base}/`, { "accept-encoding": "gzip" })).toBe(
      `'self' '${hash(boot)}'`,
    );
    expect(await scriptSources(`${base}/nothing/here`)).toBe(`'self' '${hash(notFound)}'`);
    expect(await scriptSources(`${base}/guide/setup`)).toBe("'self'");
    expect(await scriptSources(`${base}/_quire/quire.0123abcd45.css`)).toBe("'self'");
    for (const file of ["logo.svg", "feed.xml"])
      expect((await fetch(`${base}/${file}`)).headers.get("content-security-policy"), file).toBe(
        "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; sandbox",
      );
  });

  it("serves a version activated through the same store at once, and nothing of the one before", async () => {
    const { base, versions } = await site(FILES);
    expect(await (await fetch(`${base}/guide/setup`)).text()).toBe("<h1>Setup</h1>");
    const directory = versions.directoryOf("v2");
    mkdirSync(path.join(directory, "guide"), { recursive: true });
    writeFileSync(path.join(directory, "quire-export.json"), "{}");
    writeFileSync(path.join(directory, "guide", "setup.html"), "<h1>Setup, v2</h1>");
    versions.activate("v2", 3);
    expect(await (await fetch(`${base}/guide/setup`)).text()).toBe("<h1>Setup, v2</h1>");
    expect((await fetch(`${base}/`)).status).toBe(404);
  });

  it("never serves a file outside the version, however the path is written", async () => {
    const { port, dataDir } = await site(FILES);
    writeFileSync(path.join(dataDir, "secret.txt"), "SECRET");
    for (const attempt of [
      "/../secret.txt",
      "/..%2fsecret.txt",
      "/%2e%2e/secret.txt",
      "/guide/../../secret.txt",
      "/..\\secret.txt",
      "/%00index.html",
      "/%zz",
    ]) {
      const response = await raw(port, attempt);
      expect(response.body, attempt).not.toContain("SECRET");
      expect([400, 404], attempt).toContain(response.status);
    }
  });
});

describe("redirects", () => {
  /**
   * A bundle may hold folders whose names a browser would read as part of another address
   * (a tab or a newline it strips, a scheme): each is a real folder with an index.html.
   */
  const HOSTILE_FOLDERS = {
    ...FILES,
    "guides/advanced/index.html": "<h1>Advanced</h1>",
    "\t/evil.example/index.html": "tab",
    "\n/evil.example/index.html": "newline",
    "\r\n/evil.example/index.html": "carriage return",
    "https:/evil.example/index.html": "scheme",
    " /evil.example/index.html": "space",
  };

  const ATTEMPTS = [
    "//evil.example/..%2Fguides/advanced",
    "//evil.example/../guides/advanced",
    "///evil.example/..%2Fguides/advanced",
    "/%2F%2Fevil.example/..%2F..%2Fguides/advanced",
    "/%2F/evil.example/..%2Fguides/advanced",
    "/\\evil.example/..%2Fguides/advanced",
    "/%5Cevil.example/..%2Fguides/advanced",
    "/%5C%5Cevil.example/..%2Fguides/advanced",
    "//%5Cevil.example/..%2Fguides/advanced",
    "/%09/evil.example",
    "/%0A/evil.example",
    "/%0D%0A/evil.example",
    "/%20/evil.example",
    "/%09/evil.example/..%2F..%2Fguides/advanced",
    "/..//evil.example/..%2Fguides/advanced",
    "/%2e%2e//evil.example/%2e%2e/guides/advanced",
    "/%2E%2E%2F%2Fevil.example%2F%2E%2E%2Fguides/advanced",
    "/./guides/advanced",
    "//guides//advanced",
    "/https:%2F%2Fevil.example",
    "/https:/evil.example",
    "http://evil.example/guides/advanced",
    "/guides/advanced?next=//evil.example",
    "/guides/advanced?//evil.example/",
    "/guides/advanced?url=https://evil.example&x=%0d%0aLocation:%20//evil.example",
    "//evil.example/..%2Fguides/advanced?next=/%5Cevil.example",
  ];

  it("sends every redirect to a path of this server, whatever the request path holds", async () => {
    const { port, base } = await site(HOSTILE_FOLDERS);
    const origin = new URL(base).origin;
    const locations: string[] = [];
    for (const attempt of ATTEMPTS) {
      const response = await raw(port, attempt);
      const location = response.headers.location;
      if (response.status < 300 || response.status >= 400) {
        expect(location, attempt).toBeUndefined();
        continue;
      }
      expect(typeof location, attempt).toBe("string");
      const value = location as string;
      locations.push(value);
      // Exactly one leading slash, nothing a browser would strip or read as a host.
      expect(value, attempt).toMatch(/^\/(?![/\\])/);
      expect(value, attempt).not.toMatch(/[^\x21-\x7e]/);
      // Resolved the way browsers resolve it (WHATWG URL strips tabs and newlines too).
      expect(new URL(value, `${base}/some/page`).origin, attempt).toBe(origin);
      expect(response.headers["x-content-type-options"], attempt).toBe("nosniff");
    }
    // The reported request, and the folders named to fool a browser, all redirect here.
    expect(locations).toContain("/guides/advanced/");
    expect(locations).toContain("/%09/evil.example/");
    expect(locations).toContain("/%0A/evil.example/");
    expect(locations).toContain("/%0D%0A/evil.example/");
    expect(locations).toContain("/https%3A/evil.example/");
    expect(locations).toContain("/guides/advanced/?next=//evil.example");
    expect(locations).toContain(
      "/guides/advanced/?url=https://evil.example&x=%0d%0aLocation:%20//evil.example",
    );
    expect(locations.length).toBeGreaterThanOrEqual(18);
  });

  it("answers the reported open redirect with the folder on this server", async () => {
    const { port } = await site(HOSTILE_FOLDERS);
    const response = await raw(port, "//evil.example/..%2Fguides/advanced");
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe("/guides/advanced/");
  });
});

describe("security headers on every answer", () => {
  it("sends nosniff on every answer, and the page policy on the site's 404 page", async () => {
    const empty = await site(null);
    const { base, port } = await site(FILES);
    const etag = (await fetch(`${base}/`)).headers.get("etag") as string;
    const answers = [
      await fetch(`${empty.base}/`),
      await fetch(`${empty.base}/readyz`),
      await fetch(`${base}/healthz`),
      await fetch(`${base}/readyz`),
      await fetch(`${base}/`),
      await fetch(`${base}/`, { headers: { "accept-encoding": "gzip" } }),
      await fetch(`${base}/`, { headers: { "if-none-match": etag } }),
      await fetch(`${base}/files/data.bin`, { headers: { range: "bytes=2-4" } }),
      await fetch(`${base}/files/data.bin`, { headers: { range: "bytes=50-" } }),
      await fetch(`${base}/guide`, { redirect: "manual" }),
      await fetch(`${base}/nothing/here`),
      await fetch(`${base}/`, { method: "DELETE" }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([
      503, 503, 200, 200, 200, 200, 304, 206, 416, 301, 404, 405,
    ]);
    for (const answer of answers)
      expect(answer.headers.get("x-content-type-options"), answer.url).toBe("nosniff");
    const bad = await raw(port, "/%zz");
    expect(bad.status).toBe(400);
    expect(bad.headers["x-content-type-options"]).toBe("nosniff");

    const notFound = answers[10] as Response;
    expect(notFound.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(notFound.headers.get("content-security-policy")).toBe(
      (answers[4] as Response).headers.get("content-security-policy"),
    );
    expect(notFound.headers.get("x-frame-options")).toBe("SAMEORIGIN");
  });
});
