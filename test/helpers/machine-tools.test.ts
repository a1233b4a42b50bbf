import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { commandSucceeds, DEBIAN_PACKAGES, machineTool, runningOnCi } from "./machine-tools.ts";

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("a program some tests need from the machine", () => {
  it("is skipped where it is missing off CI, and fails naming its Debian package on CI", () => {
    vi.stubEnv("CI", "");
    const offCi = machineTool("no-such-tool", false, "no such tool", "no-such-package");
    expect(offCi.skip).toBe(true);

    vi.stubEnv("CI", "true");
    const onCi = machineTool("no-such-tool", false, "no such tool", "no-such-package");
    expect(onCi.skip).toBe(false);
    expect(() => onCi.require()).toThrow(
      "no such tool: install it (apt-get install -y no-such-package); .ci/run installs it on CI",
    );
  });

  it("runs wherever it is found, on CI or not", () => {
    for (const ci of ["", "true"]) {
      vi.stubEnv("CI", ci);
      const found = machineTool("sh", true, "no shell", "dash");
      expect(found.skip).toBe(false);
      expect(() => found.require()).not.toThrow();
    }
  });

  it("reads CI as CI systems set it: true and 1 are on; unset, empty, 0 and false are off", () => {
    for (const [value, on] of [
      ["true", true],
      ["1", true],
      ["yes", true],
      ["", false],
      ["0", false],
      ["false", false],
      ["FALSE", false],
    ] as const) {
      vi.stubEnv("CI", value);
      expect(runningOnCi(), `CI=${value}`).toBe(on);
    }
    vi.stubEnv("CI", undefined);
    expect(runningOnCi()).toBe(false);
  });

  it("is found by running it: a command that is not there, or fails, is not found", () => {
    expect(commandSucceeds("sh", ["-c", "exit 0"])).toBe(true);
    expect(commandSucceeds("sh", ["-c", "exit 3"])).toBe(false);
    expect(commandSucceeds("quire-no-such-command", [])).toBe(false);
  });

  it("is installed by .ci/run from its Debian package, so CI never lacks it", () => {
    const script = readFileSync(path.resolve(".ci/run"), "utf8");
    for (const name of Object.values(DEBIAN_PACKAGES))
      expect(script, `.ci/run installs ${name}`).toMatch(new RegExp(`missing\\+=\\(${name}\\)`));
  });
});
