import Fastify, { type FastifyInstance } from "fastify";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { CodedError, ConfigError, QuireError } from "../../src/domain/errors.ts";
import { installErrorHandling } from "../../src/http/errors.ts";

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

/** A server on 127.0.0.1 whose routes throw these errors, and what it logged. */
async function serverThrowing(errors: Record<string, () => unknown>) {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const app = Fastify({ loggerInstance: logger }) as unknown as FastifyInstance;
  apps.push(app);
  installErrorHandling(app);
  for (const [path, raise] of Object.entries(errors))
    app.get(path, async () => {
      throw raise();
    });
  const address = await app.listen({ host: "127.0.0.1", port: 0 });
  const get = async (path: string) => {
    const response = await fetch(`${address}${path}`);
    return {
      status: response.status,
      code: response.headers.get("quire-error-code"),
      body: await response.json(),
    };
  };
  return { get, lines };
}

describe("errors of the catalogue over HTTP", () => {
  it("answer with their code's status and code; a 4xx says its message, a 5xx keeps its details in the log", async () => {
    const bucket = 'S3 bucket "acme-private" at https://s3.internal:9000: HTTP 500';
    const { get, lines } = await serverThrowing({
      "/config": () => new ConfigError("--name must not be empty"),
      "/quire": () => new QuireError("QUIRE_ERR_PROJECT_NOT_FOUND", 'no project "x"'),
      "/storage": () => new CodedError("QUIRE_ERR_STORAGE_FAILED", bucket),
      "/key": () => new CodedError("QUIRE_ERR_STORAGE_KEY_INVALID", { key: "../../etc/passwd" }),
      "/bug": () => new TypeError("cannot read properties of undefined"),
    });
    expect(await get("/config")).toEqual({
      status: 400,
      code: "QUIRE_ERR_CONFIG_INVALID",
      body: { error: "--name must not be empty" },
    });
    expect(await get("/quire")).toEqual({
      status: 404,
      code: "QUIRE_ERR_PROJECT_NOT_FOUND",
      body: { error: 'no project "x"' },
    });
    // The catalogue's message when it says nothing particular; never the bucket or the key.
    expect(await get("/storage")).toEqual({
      status: 503,
      code: "QUIRE_ERR_STORAGE_FAILED",
      body: { error: "the object storage could not be used: try again later" },
    });
    expect(await get("/key")).toEqual({
      status: 500,
      code: "QUIRE_ERR_STORAGE_KEY_INVALID",
      body: { error: "internal error" },
    });
    expect(await get("/bug")).toEqual({
      status: 500,
      code: "QUIRE_ERR_INTERNAL",
      body: { error: "internal error" },
    });
    const logged = JSON.stringify(lines);
    expect(logged).toContain("acme-private");
    expect(logged).toContain("../../etc/passwd");
    expect(logged).toContain("cannot read properties of undefined");
  });
});
