import { mkdirSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { FeedbackStore } from "../../src/serve/feedback-store.ts";
import { precompress } from "../../src/serve/precompress.ts";
import { createStaticServer } from "../../src/serve/static-server.ts";
import { compressedPath, sitePath } from "../../src/serve/version-layout.ts";
import { VersionStore } from "../../src/serve/versions.ts";
import { makeTempDir } from "../helpers/temp-repo.ts";

/**
 * `quire serve` behind a reverse proxy: its per-reader limits count the reader the trusted
 * proxy names, and nobody else's say. Over real sockets from 127.0.0.1, which plays the proxy
 * when `--trust-proxy` names it and a reader who connects directly when it does not. Feedback
 * answers are limited to 20 a minute per reader.
 */
const VOTES_PER_MINUTE = 20;

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** `quire serve` with a version whose pages post feedback to it. */
async function serve(trustedProxies?: readonly string[]): Promise<string> {
  const dataDir = makeTempDir();
  const versions = new VersionStore(dataDir);
  const directory = versions.directoryOf("v1");
  const root = sitePath(directory);
  mkdirSync(root, { recursive: true });
  writeFileSync(
    path.join(root, "quire-export.json"),
    JSON.stringify({ feedbackUrl: "/_quire/feedback" }),
  );
  writeFileSync(path.join(root, "index.html"), "<p>docs</p>");
  precompress(root, compressedPath(directory));
  versions.activate("v1", 3);
  const store = FeedbackStore.open(dataDir);
  const server = createStaticServer({
    versions,
    logger: pino({ level: "silent" }),
    feedback: () => store,
    ...(trustedProxies ? { trustedProxies } : {}),
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          store.close();
          resolve();
        });
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/_quire/feedback`;
}

/** One "Was this page helpful?" answer, with the X-Forwarded-For it comes with. */
async function vote(url: string, forwardedFor: string): Promise<number> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
    body: JSON.stringify({ page: "index", helpful: true }),
  });
  await response.arrayBuffer();
  return response.status;
}

/** Answers as one reader until refused; how many were taken. */
async function votesTaken(url: string, forwardedFor: string): Promise<number> {
  let taken = 0;
  while ((await vote(url, forwardedFor)) === 204) {
    taken += 1;
    if (taken > VOTES_PER_MINUTE) break;
  }
  return taken;
}

describe("quire serve's per-reader limits behind a reverse proxy", () => {
  it("ignore X-Forwarded-For without --trust-proxy: every header is one reader, the socket's", async () => {
    const url = await serve();
    expect(await votesTaken(url, "198.51.100.1")).toBe(VOTES_PER_MINUTE);
    expect(await vote(url, "198.51.100.2")).toBe(429);
  });

  it("count each reader the trusted proxy names on its own", async () => {
    const url = await serve(["loopback"]);
    expect(await votesTaken(url, "198.51.100.1")).toBe(VOTES_PER_MINUTE);
    expect(await vote(url, "198.51.100.2")).toBe(204);
    // A reader who writes the header themselves: the proxy appends the address it saw, and
    // that one is counted, not the one the reader chose.
    expect(await vote(url, "198.51.100.2, 198.51.100.1")).toBe(429);
  });

  it("ignore a header sent by an address that is not a trusted proxy", async () => {
    const url = await serve(["10.0.0.0/8"]);
    expect(await votesTaken(url, "198.51.100.1")).toBe(VOTES_PER_MINUTE);
    expect(await vote(url, "198.51.100.2")).toBe(429);
    expect(await vote(url, "10.0.0.1")).toBe(429);
  });
});
