import { describe, expect, it } from "vitest";
import { resolveConfig } from "../../src/config/settings.ts";
import { ConfigError } from "../../src/domain/errors.ts";

describe("quire serve's settings", () => {
  it("default to port 3000 on 127.0.0.1, ./.quire-serve and 3 versions kept", () => {
    expect(resolveConfig({}, {})).toMatchObject({
      servePort: 3000,
      serveHost: "127.0.0.1",
      serveDataDir: "./.quire-serve",
      serveKeep: 3,
      logLevel: "info",
    });
  });

  it("come from QUIRE_SERVE_* and QUIRE_LOG_LEVEL, a flag winning over its variable", () => {
    const environment = {
      QUIRE_SERVE_PORT: "8081",
      QUIRE_SERVE_HOST: "0.0.0.0",
      QUIRE_SERVE_DATA_DIR: "/data",
      QUIRE_SERVE_KEEP: "5",
      QUIRE_LOG_LEVEL: "warn",
    };
    expect(resolveConfig({}, environment)).toMatchObject({
      servePort: 8081,
      serveHost: "0.0.0.0",
      serveDataDir: "/data",
      serveKeep: 5,
      logLevel: "warn",
    });
    expect(resolveConfig({ servePort: "9000" }, environment).servePort).toBe(9000);
  });

  it.each([
    [
      "QUIRE_SERVE_PORT",
      "70000",
      'QUIRE_SERVE_PORT must be a whole number from 0 to 65535, not "70000"',
    ],
    [
      "QUIRE_SERVE_KEEP",
      "many",
      'QUIRE_SERVE_KEEP must be a whole number from 1 to 100, not "many"',
    ],
    [
      "QUIRE_LOG_LEVEL",
      "verbose",
      'QUIRE_LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, not "verbose"',
    ],
  ])("refuses %s=%s in one line naming the variable", (name, value, message) => {
    expect(() => resolveConfig({}, { [name]: value })).toThrow(ConfigError);
    expect(() => resolveConfig({}, { [name]: value })).toThrow(message);
  });
});

describe("AWS_REGION", () => {
  it("is read with the other settings, for s3:// storage URLs that name no region", () => {
    expect(resolveConfig({}, {}).awsRegion).toBeUndefined();
    expect(resolveConfig({}, { AWS_REGION: "eu-north-1" }).awsRegion).toBe("eu-north-1");
  });
});
