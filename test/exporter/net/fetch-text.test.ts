import { execFileSync } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import path from "node:path";
import zlib from "node:zlib";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  ExportFetcher,
  type ExportFetcherOptions,
  FetchError,
  type Resolver,
} from "../../../src/exporter/net/index.ts";
import { makeTempDir } from "../../helpers/temp-repo.ts";

const MB = 1024 * 1024;
/** The limits the OpenAPI step uses: 50 MB, 30 s. */
const LIMITS = { maxBytes: 50 * MB, timeoutMs: 30_000 };
const HINT =
  "add the host to the allowed hosts (quire export --export-allow-hosts, QUIRE_EXPORT_ALLOW_HOSTS) to allow it";

interface TestServer {
  port: number;
  /** Requests that reached the server. */
  requests: string[];
  /** Bytes of body the server handed to its sockets. */
  written: number;
  server: Server;
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

type Handler = (
  request: IncomingMessage,
  response: ServerResponse,
  state: TestServer,
) => void | Promise<void>;

/** A real HTTP server on `host` (":: " is every loopback address of both families). */
async function listen(host: string, handler: Handler, port = 0): Promise<TestServer> {
  const state = { port: 0, requests: [] as string[], written: 0 } as TestServer;
  const server = createServer((request, response) => {
    state.requests.push(request.url ?? "");
    void handler(request, response, state);
  });
  state.server = server;
  servers.push(server);
  server.listen(port, host);
  await once(server, "listening");
  state.port = (server.address() as AddressInfo).port;
  return state;
}

const answer =
  (text: string): Handler =>
  (_request, response) => {
    response.writeHead(200, { "content-type": "application/json" }).end(text);
  };

/** Writes `chunk` `times` times, waiting for the socket to drain, until the client leaves. */
async function stream(response: ServerResponse, state: TestServer, chunk: Buffer, times: number) {
  let closed = false;
  response.on("close", () => {
    closed = true;
  });
  for (let index = 0; index < times && !closed; index++) {
    state.written += chunk.length;
    if (!response.write(chunk))
      await new Promise<void>((resolve) => {
        const done = () => {
          response.off("drain", done).off("close", done);
          resolve();
        };
        response.on("drain", done).on("close", done);
      });
  }
  if (!closed) response.end();
}

function fetcher(options: Partial<ExportFetcherOptions> = {}): ExportFetcher {
  return new ExportFetcher({ offline: false, ...options });
}

async function failure(promise: Promise<unknown>): Promise<FetchError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof FetchError) return error;
    throw error;
  }
  throw new Error("the fetch did not fail");
}

/** The highest RSS growth seen while `work` runs, in bytes. */
async function peakRssGrowth(work: () => Promise<unknown>): Promise<number> {
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  try {
    await work();
  } catch {
    // The caller checks the outcome itself.
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, process.memoryUsage().rss);
  return peak - baseline;
}

describe("export-time fetching refuses internal hosts by default", () => {
  it("refuses loopback however the URL spells it, before any request reaches the server", async () => {
    const server = await listen("::", answer("{}"));
    const port = server.port;
    const refusals: Record<string, string> = {};
    for (const host of [
      "127.0.0.1",
      "localhost",
      "LocalHost",
      "127.1",
      "0x7f000001",
      "2130706433",
      "0x7f.1",
      "0177.0.0.1",
      "[::1]",
      "[::ffff:127.0.0.1]",
      "[::ffff:7f00:1]",
      "[::127.0.0.1]",
      "[0:0:0:0:0:0:0:1]",
    ]) {
      const error = await failure(fetcher().fetchText(`http://${host}:${port}/spec.json`, LIMITS));
      expect(error.kind, host).toBe("refused");
      refusals[host] = error.reason;
    }
    expect(server.requests).toEqual([]);
    expect(refusals["127.0.0.1"]).toBe(`refused: 127.0.0.1 is a loopback address; ${HINT}`);
    expect(refusals["0x7f000001"]).toBe(refusals["127.0.0.1"]);
    expect(refusals["127.1"]).toBe(refusals["127.0.0.1"]);
    expect(refusals.localhost).toBe(
      `refused: localhost resolves to 127.0.0.1, a loopback address; ${HINT}`,
    );
    expect(refusals["[::1]"]).toBe(`refused: ::1 is a loopback address; ${HINT}`);
    expect(refusals["[::ffff:127.0.0.1]"]).toBe(
      `refused: ::ffff:7f00:1 is a loopback address (127.0.0.1 written as an IPv4-mapped IPv6 address); ${HINT}`,
    );
  });

  it("refuses private, link-local and metadata addresses without connecting", async () => {
    for (const [url, reason] of [
      ["http://10.0.0.5/spec.json", "10.0.0.5 is a private address"],
      ["http://192.168.1.1/", "192.168.1.1 is a private address"],
      ["http://172.16.0.1/", "172.16.0.1 is a private address"],
      [
        "http://169.254.169.254/latest/meta-data/",
        "169.254.169.254 is a link-local address (where cloud metadata services answer)",
      ],
      ["http://100.64.0.1/", "100.64.0.1 is a shared (carrier-grade NAT) address"],
      ["http://0.0.0.0/", "0.0.0.0 is an unspecified ('this network') address"],
      ["http://[::]/", ":: is the unspecified address"],
      ["http://[fd00::1]/", "fd00::1 is a private (unique local) address"],
      ["http://[fe80::1]/", "fe80::1 is a link-local address"],
      [
        "http://[64:ff9b::a00:5]/",
        "64:ff9b::a00:5 is a private address (10.0.0.5 written as a NAT64 address)",
      ],
    ] as const) {
      const error = await failure(fetcher().fetchText(url, LIMITS));
      expect(error.reason).toBe(`refused: ${reason}; ${HINT}`);
      expect(error.message).toBe(`${url}: refused: ${reason}; ${HINT}`);
    }
  });

  it("refuses a host name whose answer holds only refused addresses, naming the address", async () => {
    const resolve: Resolver = async () => [
      { address: "10.0.0.5", family: 4 },
      { address: "fd00::5", family: 6 },
    ];
    const error = await failure(
      fetcher({ resolve }).fetchText("http://specs.internal/openapi.json", LIMITS),
    );
    expect(error.reason).toBe(
      `refused: specs.internal resolves to 10.0.0.5, a private address; ${HINT}`,
    );
  });

  it("fetches only http and https URLs without credentials", async () => {
    const server = await listen("127.0.0.1", answer("{}"));
    const allowed = fetcher({ allowHosts: ["127.0.0.1"] });
    for (const [url, reason] of [
      ["file:///etc/passwd", "only http and https URLs are fetched, not file:"],
      [`ftp://127.0.0.1:${server.port}/`, "only http and https URLs are fetched, not ftp:"],
      [
        `http://user:secret@127.0.0.1:${server.port}/`,
        "a URL with a user name or password is not fetched",
      ],
      ["not a url", "not a valid URL"],
    ] as const)
      expect((await failure(allowed.fetchText(url, LIMITS))).reason).toBe(reason);
    expect(server.requests).toEqual([]);
  });

  it("fetches nothing at all in an air-gapped export", async () => {
    const server = await listen("127.0.0.1", answer("{}"));
    const error = await failure(
      fetcher({ offline: true, allowHosts: ["127.0.0.1"] }).fetchText(
        `http://127.0.0.1:${server.port}/`,
        LIMITS,
      ),
    );
    expect(error.kind).toBe("offline");
    expect(error.reason).toBe("an air-gapped export fetches nothing from the network");
    expect(server.requests).toEqual([]);
  });
});

describe("hosts the operator allows", () => {
  it("are fetched when allowed by address, by range or by name", async () => {
    const server = await listen("::", answer('{"openapi":"3.1.0"}'));
    const url = (host: string) => `http://${host}:${server.port}/spec.json`;
    const byAddress = fetcher({ allowHosts: ["127.0.0.1"] });
    expect(await byAddress.fetchText(url("127.0.0.1"), LIMITS)).toBe('{"openapi":"3.1.0"}');
    // The name resolves to an allowed address.
    expect(await byAddress.fetchText(url("localhost"), LIMITS)).toBe('{"openapi":"3.1.0"}');
    // Another loopback address is still refused.
    expect((await failure(byAddress.fetchText(url("[::1]"), LIMITS))).kind).toBe("refused");
    expect((await failure(byAddress.fetchText(url("127.0.0.2"), LIMITS))).kind).toBe("refused");

    const byRange = fetcher({ allowHosts: ["127.0.0.0/8", "::1/128"] });
    expect(await byRange.fetchText(url("127.0.0.2"), LIMITS)).toBe('{"openapi":"3.1.0"}');
    expect(await byRange.fetchText(url("[::1]"), LIMITS)).toBe('{"openapi":"3.1.0"}');

    const byName = fetcher({ allowHosts: ["localhost"] });
    expect(await byName.fetchText(url("localhost"), LIMITS)).toBe('{"openapi":"3.1.0"}');
    expect((await failure(byName.fetchText(url("127.0.0.1"), LIMITS))).kind).toBe("refused");
    expect(server.requests).toHaveLength(5);
  });

  it("refuse an invalid entry when the fetcher is made", () => {
    expect(() => fetcher({ allowHosts: ["10.0.0.0/40"] })).toThrow(
      'allowed host "10.0.0.0/40" has a prefix longer than an IPv4 address (32 bits)',
    );
  });
});

describe("name resolution is checked and pinned", () => {
  it("connects to the address that was checked, even when the next DNS answer points inside", async () => {
    // The internal service on 127.0.0.1 and an allowed host on 127.0.0.2, on the same port.
    const internal = await listen("127.0.0.1", answer('{"internal":"secret"}'));
    const allowed = await listen("127.0.0.2", answer('{"public":true}'), internal.port);
    let lookups = 0;
    // A rebinding DNS server: first an allowed address, then the internal one.
    const resolve: Resolver = async () => {
      lookups++;
      return lookups === 1
        ? [{ address: "127.0.0.2", family: 4 }]
        : [{ address: "127.0.0.1", family: 4 }];
    };
    const rebinding = fetcher({ allowHosts: ["127.0.0.2"], resolve });
    const url = `http://rebind.test:${internal.port}/spec.json`;
    expect(await rebinding.fetchText(url, LIMITS)).toBe('{"public":true}');
    expect(lookups).toBe(1);
    const error = await failure(rebinding.fetchText(url, LIMITS));
    expect(error.reason).toBe(
      `refused: rebind.test resolves to 127.0.0.1, a loopback address; ${HINT}`,
    );
    expect(allowed.requests).toEqual(["/spec.json"]);
    expect(internal.requests).toEqual([]);
  });

  it("uses only the allowed addresses of an answer that mixes them with refused ones", async () => {
    const internal = await listen("127.0.0.1", answer('{"internal":"secret"}'));
    const allowed = await listen("127.0.0.2", answer('{"public":true}'), internal.port);
    const resolve: Resolver = async () => [
      { address: "127.0.0.1", family: 4 },
      { address: "127.0.0.2", family: 4 },
      { address: "::1", family: 6 },
    ];
    const text = await fetcher({ allowHosts: ["127.0.0.2"], resolve }).fetchText(
      `http://mixed.test:${internal.port}/`,
      LIMITS,
    );
    expect(text).toBe('{"public":true}');
    expect(internal.requests).toEqual([]);
    expect(allowed.requests).toEqual(["/"]);
  });

  describe("over https", () => {
    let tls: { cert: Buffer; key: Buffer };
    beforeAll(() => {
      const folder = makeTempDir();
      const [cert, key] = [path.join(folder, "cert.pem"), path.join(folder, "key.pem")];
      execFileSync(
        "openssl",
        [
          ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1"],
          ...["-nodes", "-keyout", key, "-out", cert, "-days", "1", "-subj", "/CN=rebind.test"],
        ],
        { stdio: "ignore" },
      );
      tls = { cert: readFileSync(cert), key: readFileSync(key) };
    });

    it("checks and pins the address of an https URL the same way", async () => {
      const connections = { internal: 0, allowed: 0 };
      const start = async (host: "127.0.0.1" | "127.0.0.2", port = 0) => {
        const server = createHttpsServer(tls, answer("{}") as never);
        server.on("connection", () => {
          connections[host === "127.0.0.1" ? "internal" : "allowed"]++;
        });
        servers.push(server);
        server.listen(port, host);
        await once(server, "listening");
        return (server.address() as AddressInfo).port;
      };
      const port = await start("127.0.0.1");
      await start("127.0.0.2", port);
      let lookups = 0;
      const resolve: Resolver = async () =>
        ++lookups === 1
          ? [{ address: "127.0.0.2", family: 4 }]
          : [{ address: "127.0.0.1", family: 4 }];
      const https = fetcher({ allowHosts: ["127.0.0.2"], resolve });
      // The allowed server is reached; its self-signed certificate is not trusted.
      const untrusted = await failure(https.fetchText(`https://rebind.test:${port}/`, LIMITS));
      expect(untrusted.kind).toBe("failed");
      expect(untrusted.reason).toMatch(/certificate/);
      expect(untrusted.reason).not.toContain("\n");
      const refused = await failure(https.fetchText(`https://rebind.test:${port}/`, LIMITS));
      expect(refused.reason).toMatch(/^refused: rebind\.test resolves to 127\.0\.0\.1/);
      expect(connections).toEqual({ internal: 0, allowed: 1 });
    });
  });
});

describe("redirects", () => {
  it("are followed, each new URL checked again: an allowed host cannot redirect inside", async () => {
    const internal = await listen("127.0.0.1", answer('{"internal":"secret"}'));
    const targets = [
      `http://127.0.0.1:${internal.port}/secret`,
      `http://localhost:${internal.port}/secret`,
      `http://[::ffff:7f00:1]:${internal.port}/secret`,
      "http://169.254.169.254/latest/meta-data/",
      "file:///etc/passwd",
      "http://[::1",
    ];
    // The allowed host, on another loopback address.
    const origin = await listen("127.0.0.3", (request, response) => {
      const target = targets[Number(request.url?.slice(1))] as string;
      response.writeHead(302, { location: target }).end();
    });
    const allowed = fetcher({ allowHosts: ["127.0.0.3"] });
    const reasons: string[] = [];
    for (let index = 0; index < targets.length; index++)
      reasons.push(
        (await failure(allowed.fetchText(`http://127.0.0.3:${origin.port}/${index}`, LIMITS)))
          .reason,
      );
    expect(reasons).toEqual([
      `redirected to ${targets[0]}: refused: 127.0.0.1 is a loopback address; ${HINT}`,
      `redirected to ${targets[1]}: refused: localhost resolves to 127.0.0.1, a loopback address; ${HINT}`,
      `redirected to ${targets[2]}: refused: ::ffff:7f00:1 is a loopback address (127.0.0.1 written as an IPv4-mapped IPv6 address); ${HINT}`,
      `redirected to ${targets[3]}: refused: 169.254.169.254 is a link-local address (where cloud metadata services answer); ${HINT}`,
      `redirected to ${targets[4]}: only http and https URLs are fetched, not file:`,
      'the server redirected to "http://[::1", which is not a URL',
    ]);
    expect(internal.requests).toEqual([]);
    expect(origin.requests).toHaveLength(targets.length);
  });

  it("are followed up to 5 times, relative ones included", async () => {
    const server = await listen("127.0.0.1", (request, response) => {
      const hop = Number(request.url?.slice(1));
      if (hop === 0) response.writeHead(200).end('{"arrived":true}');
      else response.writeHead(hop % 2 ? 301 : 307, { location: `/${hop - 1}` }).end();
    });
    const allowed = fetcher({ allowHosts: ["127.0.0.1"] });
    const base = `http://127.0.0.1:${server.port}`;
    expect(await allowed.fetchText(`${base}/5`, LIMITS)).toBe('{"arrived":true}');
    const error = await failure(allowed.fetchText(`${base}/6`, LIMITS));
    expect(error.reason).toBe(`redirected to ${base}/1: more than 5 redirects`);
    expect(server.requests).toHaveLength(6 + 6);
  });
});

describe("answers are limited in size and time", () => {
  it("stops reading a 400 MB answer at the 50 MB limit, with bounded memory", async () => {
    const chunk = Buffer.alloc(64 * 1024, "x");
    const server = await listen("127.0.0.1", async (_request, response, state) => {
      response.writeHead(200, { "content-type": "application/json" });
      await stream(response, state, chunk, (400 * MB) / chunk.length);
    });
    let error: FetchError | undefined;
    const growth = await peakRssGrowth(async () => {
      error = await failure(
        fetcher({ allowHosts: ["127.0.0.1"] }).fetchText(
          `http://127.0.0.1:${server.port}/`,
          LIMITS,
        ),
      );
    });
    expect(error?.reason).toBe("the answer is larger than 50 MB (reading stopped there)");
    // What the server got rid of: the limit and what the sockets buffer, far from 400 MB.
    expect(server.written).toBeLessThan(80 * MB);
    expect(growth).toBeLessThan(250 * MB);
  });

  it("refuses an answer whose Content-Length is over the limit without reading it", async () => {
    const chunk = Buffer.alloc(64 * 1024, "x");
    const server = await listen("127.0.0.1", async (_request, response, state) => {
      response.writeHead(200, { "content-length": String(400 * MB) });
      await stream(response, state, chunk, (400 * MB) / chunk.length);
    });
    const error = await failure(
      fetcher({ allowHosts: ["127.0.0.1"] }).fetchText(`http://127.0.0.1:${server.port}/`, LIMITS),
    );
    expect(error.reason).toBe("the answer is larger than 50 MB (reading stopped there)");
    expect(server.written).toBeLessThan(30 * MB);
  });

  it("stops a gzip bomb at the decoded-size limit (100 GB decoded from 100 MB sent)", async () => {
    // One gzip member of 64 MB of zeros (about 64 KB), sent again and again: gzip readers
    // decode concatenated members as one answer.
    const member = zlib.gzipSync(Buffer.alloc(64 * MB), { level: 9 });
    const server = await listen("127.0.0.1", async (_request, response, state) => {
      response.writeHead(200, { "content-encoding": "gzip" });
      await stream(response, state, member, Math.ceil((100 * MB) / member.length));
    });
    let error: FetchError | undefined;
    const growth = await peakRssGrowth(async () => {
      error = await failure(
        fetcher({ allowHosts: ["127.0.0.1"] }).fetchText(
          `http://127.0.0.1:${server.port}/`,
          LIMITS,
        ),
      );
    });
    expect(error?.reason).toBe("the answer is larger than 50 MB (reading stopped there)");
    expect(server.written).toBeLessThan(30 * MB);
    expect(growth).toBeLessThan(250 * MB);
  });

  it("stops a brotli bomb at the decoded-size limit (1 GB decoded from a few hundred KB)", async () => {
    const compressor = zlib.createBrotliCompress({
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 },
    });
    const parts: Buffer[] = [];
    compressor.on("data", (part: Buffer) => parts.push(part));
    const zeros = Buffer.alloc(MB);
    for (let index = 0; index < 1024; index++)
      if (!compressor.write(zeros)) await once(compressor, "drain");
    compressor.end();
    await once(compressor, "end");
    const bomb = Buffer.concat(parts);
    expect(bomb.length).toBeLessThan(MB);
    const server = await listen("127.0.0.1", (_request, response) => {
      response.writeHead(200, { "content-encoding": "br" }).end(bomb);
    });
    let error: FetchError | undefined;
    const growth = await peakRssGrowth(async () => {
      error = await failure(
        fetcher({ allowHosts: ["127.0.0.1"] }).fetchText(
          `http://127.0.0.1:${server.port}/`,
          LIMITS,
        ),
      );
    });
    expect(error?.reason).toBe("the answer is larger than 50 MB (reading stopped there)");
    expect(growth).toBeLessThan(250 * MB);
  });

  it("decodes gzip, deflate and brotli answers, and says so for an encoding it does not know", async () => {
    const text = JSON.stringify({ openapi: "3.1.0", info: { title: "Ünïcode" } });
    const encodings: Record<string, Buffer> = {
      gzip: zlib.gzipSync(text),
      deflate: zlib.deflateSync(text),
      br: zlib.brotliCompressSync(text),
      zstd: Buffer.from(text),
      "gzip-broken": Buffer.from("not gzip at all"),
    };
    const server = await listen("127.0.0.1", (request, response) => {
      const encoding = request.url?.slice(1) as string;
      response
        .writeHead(200, { "content-encoding": encoding.replace("-broken", "") })
        .end(encodings[encoding]);
    });
    const allowed = fetcher({ allowHosts: ["127.0.0.1"] });
    const base = `http://127.0.0.1:${server.port}`;
    for (const encoding of ["gzip", "deflate", "br"])
      expect(await allowed.fetchText(`${base}/${encoding}`, LIMITS)).toBe(text);
    expect((await failure(allowed.fetchText(`${base}/zstd`, LIMITS))).reason).toBe(
      'the answer\'s Content-Encoding "zstd" is not supported',
    );
    expect((await failure(allowed.fetchText(`${base}/gzip-broken`, LIMITS))).reason).toBe(
      "the answer could not be read: incorrect header check",
    );
  });

  it("gives up on a server that never answers, and on one that answers too slowly", async () => {
    const closed: string[] = [];
    const server = await listen("127.0.0.1", (request, response) => {
      request.on("close", () => closed.push(request.url ?? ""));
      if (request.url === "/silent") return;
      // One byte now and then: each read is quick, the whole never ends.
      response.writeHead(200);
      const timer = setInterval(() => response.write("x"), 50);
      response.on("close", () => clearInterval(timer));
    });
    const allowed = fetcher({ allowHosts: ["127.0.0.1"] });
    const limits = { maxBytes: 50 * MB, timeoutMs: 400 };
    for (const route of ["/silent", "/trickle"]) {
      const error = await failure(
        allowed.fetchText(`http://127.0.0.1:${server.port}${route}`, limits),
      );
      expect(error.reason).toBe("not fetched within 0.4 s");
    }
    // The connections are closed, not left open.
    await expect.poll(() => closed.sort()).toEqual(["/silent", "/trickle"]);
  });

  it("names the status of an answer that is not a success", async () => {
    const server = await listen("127.0.0.1", (_request, response) => {
      response.writeHead(404).end("no");
    });
    const error = await failure(
      fetcher({ allowHosts: ["127.0.0.1"] }).fetchText(`http://127.0.0.1:${server.port}/x`, LIMITS),
    );
    expect(error.reason).toBe("the server answered 404 Not Found");
  });

  it("stops with the caller's own reason when the export is stopped", async () => {
    const server = await listen("127.0.0.1", () => {});
    const controller = new AbortController();
    const pending = fetcher({ allowHosts: ["127.0.0.1"], signal: controller.signal }).fetchText(
      `http://127.0.0.1:${server.port}/`,
      LIMITS,
    );
    const reason = new Error("the job was cancelled");
    setTimeout(() => controller.abort(reason), 50);
    await expect(pending).rejects.toBe(reason);
  });
});
