import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BundleLinkError, fetchBundle } from "../../src/serve/fetch-bundle.ts";
import { makeTempDir } from "../helpers/temp-repo.ts";

const BODY = randomBytes(300_000);
const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A link server answering each request with the next scripted behaviour. */
async function linkServer(
  script: ("ok" | "cut" | 500 | 403 | 404)[],
): Promise<{ url: string; requests: () => number }> {
  let requests = 0;
  const server = createServer((_request, response) => {
    const step = script[Math.min(requests, script.length - 1)];
    requests += 1;
    if (step === "ok")
      return void response.writeHead(200, { "content-length": BODY.length }).end(BODY);
    if (step === "cut") {
      response.writeHead(200, { "content-length": BODY.length });
      response.write(BODY.subarray(0, 1000));
      setTimeout(() => response.destroy(), 20);
      return;
    }
    const error =
      step === 403
        ? "this link has expired at 2026-01-01T00:00:00.000Z: request a new one from the bundle endpoint"
        : "gone";
    response
      .writeHead(step as number, { "content-type": "application/json" })
      .end(JSON.stringify({ error }));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/bundle.tar.gz`,
    requests: () => requests,
  };
}

describe("downloading a bundle link", () => {
  it("streams the bundle to the file and reports its size and sha256", async () => {
    const link = await linkServer(["ok"]);
    const folder = makeTempDir();
    const progress: number[] = [];
    const fetched = await fetchBundle(link.url, path.join(folder, "bundle.tar.gz"), {
      onProgress: (received) => progress.push(received),
    });
    expect(fetched.bytes).toBe(BODY.length);
    expect(fetched.sha256).toBe(createHash("sha256").update(BODY).digest("hex"));
    expect(readFileSync(fetched.file).equals(BODY)).toBe(true);
    expect(progress.at(-1)).toBe(BODY.length);
    expect(readdirSync(folder)).toEqual(["bundle.tar.gz"]);
  });

  it("retries a server error and a download cut short, then succeeds", async () => {
    const link = await linkServer([500, "cut", "ok"]);
    const fetched = await fetchBundle(link.url, path.join(makeTempDir(), "bundle.tar.gz"), {
      retryDelayMs: 10,
    });
    expect(fetched.bytes).toBe(BODY.length);
    expect(link.requests()).toBe(3);
  });

  it("gives up after its attempts and leaves no file, partial or whole", async () => {
    const link = await linkServer(["cut"]);
    const folder = makeTempDir();
    await expect(
      fetchBundle(link.url, path.join(folder, "bundle.tar.gz"), { attempts: 3, retryDelayMs: 10 }),
    ).rejects.toThrow(/after 3 attempts/);
    expect(link.requests()).toBe(3);
    expect(readdirSync(folder)).toEqual([]);
  });

  it("does not retry an expired link and says to generate a new one", async () => {
    const link = await linkServer([403]);
    const error = await fetchBundle(link.url, path.join(makeTempDir(), "bundle.tar.gz"), {
      retryDelayMs: 10,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BundleLinkError);
    expect((error as Error).message).toMatch(
      /answered 403 \(the link has expired or was altered: this link has expired.*\): generate a new link with POST \/v1\/static-export\/jobs\/\{jobId\}\/bundle/,
    );
    expect(link.requests()).toBe(1);
  });

  it("checks the SHA-256 it is given: a different archive is refused at once and leaves no file", async () => {
    const digest = createHash("sha256").update(BODY).digest("hex");
    const right = await linkServer(["ok"]);
    const fetched = await fetchBundle(right.url, path.join(makeTempDir(), "bundle.tar.gz"), {
      sha256: digest,
    });
    expect(fetched.sha256).toBe(digest);

    const wrong = await linkServer(["ok"]);
    const folder = makeTempDir();
    const pinned = createHash("sha256").update("another bundle").digest("hex");
    const error = await fetchBundle(wrong.url, path.join(folder, "bundle.tar.gz"), {
      sha256: pinned,
      retryDelayMs: 10,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BundleLinkError);
    expect((error as Error).message).toBe(
      `the downloaded bundle's SHA-256 is ${digest}, not ${pinned} as staticExport.sha256 says: refused, nothing of it unpacked (bundleUrl and sha256 must come from the same bundle call)`,
    );
    expect(wrong.requests()).toBe(1);
    expect(readdirSync(folder)).toEqual([]);
  });

  it("says the bundle is gone on a 404", async () => {
    const link = await linkServer([404]);
    await expect(fetchBundle(link.url, path.join(makeTempDir(), "x.tar.gz"))).rejects.toThrow(
      /answered 404 \(the bundle behind the link is gone/,
    );
  });

  it("stops when its signal is aborted", async () => {
    const link = await linkServer(["cut"]);
    const controller = new AbortController();
    const file = path.join(makeTempDir(), "bundle.tar.gz");
    const download = fetchBundle(link.url, file, { signal: controller.signal, retryDelayMs: 5000 });
    setTimeout(() => controller.abort(new Error("stopping")), 50);
    const started = Date.now();
    await expect(download).rejects.toThrow();
    // It did not sit out its 5 s pause before the next attempt.
    expect(Date.now() - started).toBeLessThan(2000);
    expect(existsSync(file)).toBe(false);
  });
});
