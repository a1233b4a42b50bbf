import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseRange } from "../../src/http/routes/downloads.ts";
import { LocalFolderStore } from "../../src/storage/local-folder-store.ts";
import { signLink } from "../../src/storage/signed-link.ts";
import { startApi, type TestApi } from "../helpers/api-server.ts";
import { makeTempDir } from "../helpers/temp-repo.ts";

const KEY = "exports/exp_test/site.tar.gz";
const SIZE = 100;
/** The bytes 0 to 99: every offset holds its own value. */
const CONTENT = Buffer.from(Array.from({ length: SIZE }, (_, index) => index));
const HOUR = 3600 * 1000;

interface Served {
  api: TestApi;
  store: LocalFolderStore;
  /** A valid link to the object, as the bundle endpoint would return it. */
  link: URL;
  etag: string;
}

async function serveBundle(options: { expiresAt?: Date } = {}): Promise<Served> {
  // The local store's own signed links (S3's are tested in static-export-s3.test.ts).
  const api = await startApi({ workers: false, localStore: true });
  const store = api.services.context.store;
  if (!(store instanceof LocalFolderStore)) throw new Error("expected the local folder store");
  const staged = path.join(makeTempDir(), "site.tar.gz");
  writeFileSync(staged, CONTENT);
  const stored = await store.putFile(KEY, staged);
  const link = new URL(
    await store.presign(KEY, {
      expiresAt: options.expiresAt ?? new Date(Date.now() + HOUR),
      baseUrl: api.url,
      fileName: "site.tar.gz",
    }),
  );
  return { api, store, link, etag: stored.etag };
}

function get(link: URL | string, headers: Record<string, string> = {}, method = "GET") {
  return fetch(link, { method, headers });
}

async function expectErrorBody(response: Response, status: number, message?: RegExp) {
  // Read the body first: an unread body keeps the connection busy and the server from closing.
  const text = await response.text();
  expect(response.status, JSON.stringify(text.slice(0, 120))).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  const body = JSON.parse(text) as Record<string, unknown>;
  expect(Object.keys(body)).toEqual(["error"]);
  expect(typeof body.error).toBe("string");
  if (message) expect(body.error).toMatch(message);
  return body;
}

/** Sends a request line exactly as given: no URL normalisation of `..` or `%2e%2e` by the client. */
function rawGet(base: string, rawPath: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: hostname, port, path: rawPath, method: "GET" },
      (response) => {
        let body = "";
        response.setEncoding("latin1");
        response.on("data", (chunk) => {
          body += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on("error", reject);
    request.end();
  });
}

function withParam(link: URL, name: string, value: string): URL {
  const altered = new URL(link);
  altered.searchParams.set(name, value);
  return altered;
}

describe("parseRange", () => {
  it("ignores a missing, malformed or multi-range header (the whole file is sent)", () => {
    for (const header of [
      undefined,
      "",
      "bytes=",
      "bytes=-",
      "bytes=a-b",
      "items=0-9",
      "bytes=0-9,20-29",
      "bytes=0-9, 20-29",
      "bytes 0-9",
      "bytes=1.5-9",
      "bytes=--5",
    ])
      expect(parseRange(header, SIZE), String(header)).toBeNull();
  });

  it("ignores a range whose last byte comes before its first", () => {
    expect(parseRange("bytes=9-0", SIZE)).toBeNull();
  });

  it("reads first-last, first- and -suffix ranges as inclusive byte offsets", () => {
    expect(parseRange("bytes=0-9", SIZE)).toEqual({ start: 0, end: 9 });
    expect(parseRange("bytes=10-", SIZE)).toEqual({ start: 10, end: 99 });
    expect(parseRange("bytes=-5", SIZE)).toEqual({ start: 95, end: 99 });
    expect(parseRange("bytes=99-99", SIZE)).toEqual({ start: 99, end: 99 });
    expect(parseRange(" bytes=0-0 ", SIZE)).toEqual({ start: 0, end: 0 });
  });

  it("clamps a range that runs past the end of the file to the last byte", () => {
    expect(parseRange("bytes=90-1000", SIZE)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=-1000", SIZE)).toEqual({ start: 0, end: 99 });
  });

  it("reports a range that starts past the end, or an empty suffix, as unsatisfiable", () => {
    expect(parseRange("bytes=100-", SIZE)).toBe("unsatisfiable");
    expect(parseRange("bytes=100-200", SIZE)).toBe("unsatisfiable");
    expect(parseRange("bytes=-0", SIZE)).toBe("unsatisfiable");
    expect(parseRange("bytes=0-", 0)).toBe("unsatisfiable");
    expect(parseRange("bytes=-5", 0)).toBe("unsatisfiable");
  });
});

describe("GET /downloads/<key>", () => {
  it("streams the whole file with its length, ETag and Accept-Ranges, without an API key", async () => {
    const { link, etag } = await serveBundle();

    const response = await get(link);

    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(CONTENT);
    expect(response.headers.get("content-length")).toBe(String(SIZE));
    expect(response.headers.get("etag")).toBe(etag);
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect(response.headers.get("content-type")).toBe("application/gzip");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="site.tar.gz"');
    expect(response.headers.get("last-modified")).toBeTruthy();
  });

  it("serves byte ranges with 206 and Content-Range", async () => {
    const { link } = await serveBundle();

    for (const [range, start, end] of [
      ["bytes=0-9", 0, 9],
      ["bytes=10-", 10, 99],
      ["bytes=-5", 95, 99],
      ["bytes=50-5000", 50, 99],
    ] as const) {
      const response = await get(link, { range });
      expect(response.status, range).toBe(206);
      expect(response.headers.get("content-range"), range).toBe(`bytes ${start}-${end}/${SIZE}`);
      expect(response.headers.get("content-length"), range).toBe(String(end - start + 1));
      expect(Buffer.from(await response.arrayBuffer()), range).toEqual(
        CONTENT.subarray(start, end + 1),
      );
    }
  });

  it("sends the whole file for a range it does not serve, such as several ranges", async () => {
    const { link } = await serveBundle();

    const response = await get(link, { range: "bytes=0-1,5-6" });

    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(CONTENT);
  });

  it("answers an unsatisfiable range with 416, Content-Range bytes */size and an {error} body", async () => {
    const { link } = await serveBundle();

    for (const range of ["bytes=100-", "bytes=500-600", "bytes=-0"]) {
      const response = await get(link, { range });
      expect(response.headers.get("content-range"), range).toBe(`bytes */${SIZE}`);
      await expectErrorBody(response, 416, /range/);
    }
  });

  it("honours a range only while If-Range still matches the ETag", async () => {
    const { link, etag } = await serveBundle();

    const matching = await get(link, { range: "bytes=0-9", "if-range": etag });
    expect(matching.status).toBe(206);
    expect(Buffer.from(await matching.arrayBuffer())).toEqual(CONTENT.subarray(0, 10));

    const stale = await get(link, { range: "bytes=0-9", "if-range": '"an-older-version"' });
    expect(stale.status).toBe(200);
    expect(Buffer.from(await stale.arrayBuffer())).toEqual(CONTENT);
  });

  it("answers HEAD with the headers of the file and no body", async () => {
    const { link, etag } = await serveBundle();

    const response = await get(link, {}, "HEAD");

    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBe(String(SIZE));
    expect(response.headers.get("etag")).toBe(etag);
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect((await response.arrayBuffer()).byteLength).toBe(0);

    const ranged = await get(link, { range: "bytes=0-9" }, "HEAD");
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("content-range")).toBe(`bytes 0-9/${SIZE}`);
    expect((await ranged.arrayBuffer()).byteLength).toBe(0);
  });

  it("answers 304 with no body when If-None-Match carries the current ETag", async () => {
    const { link, etag } = await serveBundle();

    const response = await get(link, { "if-none-match": etag });

    expect(response.status).toBe(304);
    expect(response.headers.get("etag")).toBe(etag);
    expect((await response.arrayBuffer()).byteLength).toBe(0);

    const changed = await get(link, { "if-none-match": '"an-older-version"' });
    expect(changed.status).toBe(200);
    expect(Buffer.from(await changed.arrayBuffer())).toEqual(CONTENT);
  });

  it("refuses an expired link with 403 and an {error} that says it expired", async () => {
    const { link } = await serveBundle({ expiresAt: new Date(Date.now() - 60_000) });

    await expectErrorBody(await get(link), 403, /expired/);
  });

  it("refuses a link with an altered signature, expiry, file name or path with 403 {error}", async () => {
    const { link, api } = await serveBundle();
    const signature = link.searchParams.get("signature") as string;
    const expires = Number(link.searchParams.get("expires"));
    const flipped = (signature[0] === "A" ? "B" : "A") + signature.slice(1);
    const lastFlipped = signature.slice(0, -1) + (signature.at(-1) === "A" ? "B" : "A");
    const otherPath = new URL(link);
    otherPath.pathname = "/downloads/exports/exp_other/site.tar.gz";
    const shorterPath = new URL(link);
    shorterPath.pathname = "/downloads/site.tar.gz";

    for (const altered of [
      withParam(link, "signature", flipped),
      withParam(link, "signature", lastFlipped),
      withParam(link, "signature", ""),
      withParam(link, "expires", String(expires + 3600)),
      withParam(link, "expires", String(expires - 1)),
      withParam(link, "expires", `0${expires}`),
      withParam(link, "expires", `${expires}.0`),
      withParam(link, "expires", "soon"),
      withParam(link, "name", "site.zip"),
      withParam(link, "name", ""),
      otherPath,
      shorterPath,
    ]) {
      const response = await get(altered);
      await expectErrorBody(response, 403).catch((error: Error) => {
        throw new Error(`${altered.pathname}${altered.search}: ${error.message}`);
      });
    }

    for (const missing of ["signature", "expires", "name"]) {
      const altered = new URL(link);
      altered.searchParams.delete(missing);
      await expectErrorBody(await get(altered), 403);
    }

    // A second store's key signs nothing here.
    const foreign = new LocalFolderStore(makeTempDir(), randomBytes(32));
    const foreignLink = await foreign.presign(KEY, {
      expiresAt: new Date(Date.now() + HOUR),
      baseUrl: api.url,
      fileName: "site.tar.gz",
    });
    await expectErrorBody(await get(foreignLink), 403);
  });

  it("answers 404 {error} for a valid link whose object is no longer stored", async () => {
    const { api, store } = await serveBundle();
    const link = await store.presign("exports/exp_gone/site.tar.gz", {
      expiresAt: new Date(Date.now() + HOUR),
      baseUrl: api.url,
      fileName: "site.tar.gz",
    });

    await expectErrorBody(await get(link), 404);
  });

  it("finishes a download in flight when the server starts closing, and then closes at once", async () => {
    const { api, store } = await serveBundle();
    const big = randomBytes(4 * 1024 * 1024);
    const staged = path.join(makeTempDir(), "big.tar.gz");
    writeFileSync(staged, big);
    await store.putFile("exports/exp_big/site.tar.gz", staged);
    const link = await store.presign("exports/exp_big/site.tar.gz", {
      expiresAt: new Date(Date.now() + HOUR),
      baseUrl: api.url,
      fileName: "site.tar.gz",
    });
    const response = await get(link);
    expect(response.status).toBe(200);

    const closingAt = Date.now();
    const closed = api.close();
    expect(Buffer.from(await response.arrayBuffer()).equals(big)).toBe(true);
    await closed;

    expect(Date.now() - closingAt).toBeLessThan(5000);
  }, 20_000);

  it("never serves a file outside the store, even under a correctly signed traversal path", async () => {
    const { api, store, link } = await serveBundle();
    const secret = `top secret ${randomBytes(8).toString("hex")}`;
    // The store is <dataDir>/objects: this file is next to it, one level up.
    writeFileSync(path.join(api.dataDir, "secret.key"), secret);
    const expires = Math.floor((Date.now() + HOUR) / 1000);
    const query = (key: string) =>
      new URLSearchParams({
        expires: String(expires),
        name: "secret.key",
        signature: signLink(store.linkKey, { key, expires, fileName: "secret.key" }),
      });

    const attempts = [
      // With the query of a real link (signed for another key)...
      `/downloads/../secret.key${link.search}`,
      `/downloads/exports/exp_test/%2e%2e/%2e%2e/%2e%2e/secret.key${link.search}`,
      // ...and with links correctly signed for the traversal key itself.
      `/downloads/../secret.key?${query("../secret.key")}`,
      `/downloads/%2e%2e/secret.key?${query("../secret.key")}`,
      `/downloads/%2E%2E/secret.key?${query("../secret.key")}`,
      `/downloads/..%2fsecret.key?${query("../secret.key")}`,
      `/downloads/..%2Fsecret.key?${query("../secret.key")}`,
      `/downloads/exports/../../secret.key?${query("exports/../../secret.key")}`,
      `/downloads/exports/%2e%2e/%2e%2e/secret.key?${query("exports/../../secret.key")}`,
      `/downloads/..%5csecret.key?${query("..\\secret.key")}`,
      `/downloads/%2e%2e%5csecret.key?${query("..\\secret.key")}`,
      `/downloads/${encodeURIComponent(path.join(api.dataDir, "secret.key"))}?${query(path.join(api.dataDir, "secret.key"))}`,
      `/downloads//${path.join(api.dataDir, "secret.key").slice(1)}?${query(`/${path.join(api.dataDir, "secret.key").slice(1)}`)}`,
    ];
    for (const attempt of attempts) {
      const response = await rawGet(api.url, attempt);
      expect(response.status, attempt).not.toBe(200);
      expect(response.status, attempt).toBeGreaterThanOrEqual(400);
      expect(response.body, attempt).not.toContain(secret);
      expect(() => JSON.parse(response.body), attempt).not.toThrow();
    }
  });
});
