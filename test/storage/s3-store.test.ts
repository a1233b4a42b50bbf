import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ConfigError } from "../../src/domain/errors.ts";
import {
  parseS3Url,
  S3_MAX_LINK_SECONDS,
  S3_PART_BYTES,
  S3Store,
} from "../../src/storage/s3-store.ts";
import { startS3Server, type TestS3Server } from "../helpers/s3-server.ts";
import { makeTempDir } from "../helpers/temp-repo.ts";

const BUCKET = "quire-test";
let server: TestS3Server;
const stores: S3Store[] = [];

beforeAll(async () => {
  server = await startS3Server({ buckets: [BUCKET] });
  for (const [name, value] of Object.entries(server.env)) vi.stubEnv(name, value);
  vi.stubEnv("AWS_SESSION_TOKEN", undefined);
});

afterAll(async () => {
  for (const store of stores) await store.close();
  await server?.close();
  vi.unstubAllEnvs();
});

function newStore(url = server.storageUrl(BUCKET, "bundles/prod")): S3Store {
  const store = new S3Store(parseS3Url(url, "QUIRE_STORAGE_URL", undefined));
  stores.push(store);
  return store;
}

function stagedFile(content: Buffer): string {
  const file = path.join(makeTempDir(), "bundle.tar.gz");
  writeFileSync(file, content);
  return file;
}

function sha256(data: Buffer): string {
  return createHash("sha256").update(data).digest("hex");
}

/** A link expiring `seconds` from now on a whole second, as the bundle endpoint makes them. */
function expiresIn(seconds: number): Date {
  const expiresAt = new Date(Date.now() + seconds * 1000);
  expiresAt.setMilliseconds(0);
  return expiresAt;
}

describe("parseS3Url", () => {
  it("reads bucket, prefix, region, endpoint and path style", () => {
    expect(
      parseS3Url(
        "s3://my-bucket/quire/bundles/?region=eu-west-3&endpoint=https://s3.example.test:9000/&forcePathStyle=true",
        "QUIRE_STORAGE_URL",
        undefined,
      ),
    ).toEqual({
      bucket: "my-bucket",
      prefix: "quire/bundles",
      region: "eu-west-3",
      endpoint: "https://s3.example.test:9000",
      forcePathStyle: true,
    });
    expect(parseS3Url("s3://my.bucket.example", "X", undefined)).toEqual({
      bucket: "my.bucket.example",
      prefix: "",
      region: "us-east-1",
      endpoint: undefined,
      forcePathStyle: false,
    });
    // A URL without a region takes the configured one (AWS_REGION), and its own wins.
    expect(parseS3Url("s3://my-bucket/p", "X", "ap-south-1").region).toBe("ap-south-1");
    expect(parseS3Url("s3://my-bucket/p?region=auto", "X", "x").region).toBe("auto");
  });

  it.each([
    ["s3:/bucket", "s3://BUCKET/PREFIX"],
    ["s3://bucket/p#frag", "s3://BUCKET/PREFIX"],
    ["s3://AKIA:secret@bucket/p", "credentials do not go in the URL"],
    ["s3://My-Bucket/p", 'the bucket "My-Bucket" is not a valid S3 bucket name'],
    ["s3://ab/p", 'the bucket "ab"'],
    ["s3:///p", 'the bucket ""'],
    ["s3://a..b/p", 'the bucket "a..b"'],
    ["s3://192.168.0.1/p", 'the bucket "192.168.0.1"'],
    ["s3://bucket/a/../b", 'the key prefix "a/../b"'],
    ["s3://bucket/a b", 'the key prefix "a b"'],
    ["s3://bucket/p?regin=us-east-1", 'unknown parameter "regin"'],
    ["s3://bucket/p?region=a&region=b", 'the parameter "region" is given more than once'],
    ["s3://bucket/p?region=US%20East", 'region "US East"'],
    ["s3://bucket/p?endpoint=localhost:9000", "endpoint must be an http(s) URL"],
    ["s3://bucket/p?endpoint=not a url", "endpoint must be an absolute http(s) URL"],
    ["s3://bucket/p?endpoint=ftp://host", "endpoint must be an http(s) URL"],
    [
      `s3://bucket/p?endpoint=${encodeURIComponent("http://key:secret@host")}`,
      "the endpoint must not carry credentials",
    ],
    ["s3://bucket/p?forcePathStyle=yes", 'forcePathStyle must be true or false, not "yes"'],
  ])("refuses %s, naming the part", (url, message) => {
    let error: unknown;
    try {
      parseS3Url(url, "QUIRE_STORAGE_URL", undefined);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(/^QUIRE_STORAGE_URL: /);
    expect((error as Error).message).toContain(message);
    expect((error as Error).message).not.toContain("secret");
  });
});

describe("S3Store against a local S3 server", () => {
  it("uploads a 12 MiB archive in parts, moves it in, and stats it", async () => {
    const store = newStore();
    const content = randomBytes(12 * 1024 * 1024);
    const file = stagedFile(content);
    const before = server.requests.length;
    const stored = await store.putFile("exports/job1/site-job1.tar.gz", file);

    expect(stored.sizeBytes).toBe(content.length);
    expect(stored.etag).toMatch(/^".+"$/);
    expect(Math.abs(stored.modifiedAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(existsSync(file)).toBe(false);

    const seen = server.requests.slice(before);
    const objectPath = `/${BUCKET}/bundles/prod/exports/job1/site-job1.tar.gz`;
    expect(seen.every((request) => request.accepted)).toBe(true);
    expect(
      seen.filter(
        (request) =>
          request.method === "POST" && request.path === objectPath && request.query.has("uploads"),
      ),
    ).toHaveLength(1);
    const parts = seen
      .filter((request) => request.method === "PUT" && request.query.has("partNumber"))
      .map((request) => Number(request.query.get("partNumber")))
      .sort();
    expect(parts).toEqual([1, 2]);
    expect(Math.ceil(content.length / S3_PART_BYTES)).toBe(2);
    expect(
      seen.some(
        (request) =>
          request.method === "POST" && request.path === objectPath && request.query.has("uploadId"),
      ),
    ).toBe(true);

    expect(await store.stat("exports/job1/site-job1.tar.gz")).toEqual(stored);

    const link = await store.presign("exports/job1/site-job1.tar.gz", {
      expiresAt: expiresIn(60),
      baseUrl: "http://unused.example.test",
      fileName: "site-job1.tar.gz",
    });
    const download = await fetch(link);
    expect(download.status).toBe(200);
    expect(Number(download.headers.get("content-length"))).toBe(content.length);
    expect(download.headers.get("content-disposition")).toBe(
      'attachment; filename="site-job1.tar.gz"',
    );
    const body = Buffer.from(await download.arrayBuffer());
    expect(sha256(body)).toBe(sha256(content));

    const range = await fetch(link, { headers: { Range: "bytes=1000-1999" } });
    expect(range.status).toBe(206);
    expect(range.headers.get("content-range")).toBe(`bytes 1000-1999/${content.length}`);
    expect(Buffer.from(await range.arrayBuffer()).equals(content.subarray(1000, 2000))).toBe(true);
  });

  it("sends a small file as one PutObject", async () => {
    const store = newStore(server.storageUrl(BUCKET));
    const before = server.requests.length;
    const stored = await store.putFile("small/site.tar.gz", stagedFile(Buffer.from("tiny")));
    expect(stored.sizeBytes).toBe(4);
    const writes = server.requests
      .slice(before)
      .filter((request) => request.method === "PUT" || request.method === "POST");
    expect(writes.map((request) => [request.method, request.path])).toEqual([
      ["PUT", `/${BUCKET}/small/site.tar.gz`],
    ]);
    expect(writes[0]?.query.has("uploadId")).toBe(false);
    expect(writes[0]?.query.has("partNumber")).toBe(false);
  });

  it("downloads an object into a local file, and says which object it could not", async () => {
    const store = newStore();
    const content = randomBytes(70_000);
    await store.putFile("exports/exp_2/site.tar.gz", stagedFile(content));
    const copy = path.join(makeTempDir(), "copy.tar.gz");
    await store.download("exports/exp_2/site.tar.gz", copy);
    expect(sha256(readFileSync(copy))).toBe(sha256(content));
    await expect(
      store.download("exports/none/missing.tar.gz", path.join(makeTempDir(), "none")),
    ).rejects.toThrow(/cannot download "bundles\/prod\/exports\/none\/missing.tar.gz"/);
  });

  it("answers undefined for a missing or invalid key, and refuses to store under an invalid one", async () => {
    const store = newStore();
    expect(await store.stat("exports/none/missing.tar.gz")).toBeUndefined();
    expect(await store.stat("../escape")).toBeUndefined();
    const file = stagedFile(Buffer.from("x"));
    await expect(store.putFile("../escape", file)).rejects.toThrow(
      'invalid object key "../escape"',
    );
    expect(existsSync(file)).toBe(true);
  });

  it("gives presigned links that download until expiresAt and get 403 after, or when altered", async () => {
    const store = newStore();
    const content = randomBytes(64 * 1024);
    await store.putFile("exports/job2/site.tar.gz", stagedFile(content));
    const expiresAt = expiresIn(2);
    const link = new URL(
      await store.presign("exports/job2/site.tar.gz", {
        expiresAt,
        baseUrl: "http://unused.example.test",
        fileName: "site.tar.gz",
      }),
    );
    expect(link.origin).toBe(server.endpoint);
    expect(link.pathname).toBe(`/${BUCKET}/bundles/prod/exports/job2/site.tar.gz`);
    // The link ends exactly at expiresAt: signed at a whole second, for the seconds left.
    const signedAt = Date.parse(
      (link.searchParams.get("X-Amz-Date") as string).replace(
        /^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/,
        "$1-$2-$3T$4:$5:$6Z",
      ),
    );
    expect(signedAt + Number(link.searchParams.get("X-Amz-Expires")) * 1000).toBe(
      expiresAt.getTime(),
    );
    expect(link.href).not.toContain(server.secretAccessKey.toLowerCase());

    const altered = [
      new URL(link.href.replace("job2", "job3")),
      (() => {
        const copy = new URL(link);
        copy.searchParams.set("X-Amz-Expires", "3600");
        return copy;
      })(),
      (() => {
        const copy = new URL(link);
        const signature = link.searchParams.get("X-Amz-Signature") as string;
        copy.searchParams.set(
          "X-Amz-Signature",
          `${signature[0] === "a" ? "b" : "a"}${signature.slice(1)}`,
        );
        return copy;
      })(),
    ];
    for (const url of altered) expect((await fetch(url)).status, url.href).toBe(403);

    const before = await fetch(link);
    expect(before.status).toBe(200);
    expect(sha256(Buffer.from(await before.arrayBuffer()))).toBe(sha256(content));

    await new Promise((resolve) => setTimeout(resolve, expiresAt.getTime() - Date.now() + 1100));
    const after = await fetch(link);
    expect(after.status).toBe(403);
    expect(await after.text()).toContain("AccessDenied");
  });

  it("refuses links S3 cannot sign: past, or longer than 7 days", async () => {
    const store = newStore();
    const options = { baseUrl: "http://unused.example.test", fileName: "site.tar.gz" };
    await expect(
      store.presign("exports/a.tar.gz", { ...options, expiresAt: new Date(Date.now() - 1000) }),
    ).rejects.toThrow("at least one second");
    await expect(
      store.presign("exports/a.tar.gz", {
        ...options,
        expiresAt: expiresIn(S3_MAX_LINK_SECONDS + 10),
      }),
    ).rejects.toThrow("S3 presigned links last at most 7 days");
    await expect(
      store.presign("exports/a.tar.gz", { ...options, expiresAt: expiresIn(S3_MAX_LINK_SECONDS) }),
    ).resolves.toContain(`X-Amz-Expires=${S3_MAX_LINK_SECONDS}`);
  });

  it("checks the bucket, and says which bucket and endpoint failed, never the credentials", async () => {
    await expect(newStore().check()).resolves.toBeUndefined();

    const missing = newStore(server.storageUrl("no-such-bucket"));
    await expect(missing.check()).rejects.toThrow(
      `S3 bucket "no-such-bucket" at ${server.endpoint} does not exist`,
    );

    const unreachable = newStore(
      `s3://${BUCKET}/p?endpoint=${encodeURIComponent("http://127.0.0.1:9")}&forcePathStyle=true`,
    );
    const error = await unreachable.check().catch((caught: Error) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(
      new RegExp(`^cannot use S3 bucket "${BUCKET}" at http://127\\.0\\.0\\.1:9: .*ECONNREFUSED`),
    );

    vi.stubEnv("AWS_SECRET_ACCESS_KEY", "wrong-secret-value");
    try {
      const denied = await newStore()
        .check()
        .catch((caught: Error) => caught);
      expect((denied as Error).message).toContain(
        `cannot use S3 bucket "${BUCKET}" at ${server.endpoint}: access denied`,
      );
      expect((denied as Error).message).not.toContain("wrong-secret-value");
      expect((denied as Error).message).not.toContain(server.accessKeyId);
    } finally {
      vi.stubEnv("AWS_SECRET_ACCESS_KEY", server.secretAccessKey);
    }
  });

  it("describes its location without credentials", () => {
    expect(newStore().location).toBe(`s3://${BUCKET}/bundles/prod (${server.endpoint})`);
    expect(new S3Store(parseS3Url("s3://bucket-a/x", "X", undefined)).location).toBe(
      "s3://bucket-a/x (AWS, us-east-1)",
    );
  });
});

describe("the AWS SDK is loaded lazily", () => {
  it("is not loaded by opening the embedded default, nor by building an S3 store", () => {
    const script = `
      import { registerHooks } from "node:module";
      registerHooks({
        resolve(specifier, context, next) {
          if (specifier.startsWith("@aws-sdk/")) throw new Error("loaded " + specifier);
          return next(specifier, context);
        },
      });
      const { S3Store, parseS3Url } = await import("./src/storage/s3-store.ts");
      await import("./src/installation/index.ts");
      await import("./src/http/app.ts");
      console.log(new S3Store(parseS3Url("s3://bucket-a/p", "X", "eu-north-1")).location);
    `;
    const output = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
      encoding: "utf8",
    });
    expect(output.trim()).toBe("s3://bucket-a/p (AWS, eu-north-1)");
  });
});
