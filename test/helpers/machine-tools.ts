import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * Programs some tests need from the machine (Java, Python with `requests`, `script`). On a developer's
 * machine without one, those tests are skipped and reported as skipped. Under CI (`CI` set),
 * which installs them (`.ci/run`), they are never skipped: a missing program fails them, naming
 * it and the Debian package that brings it, so a broken install cannot pass as a green run.
 */
export interface MachineTool {
  /** What the tests run, e.g. `python3` (the interpreter that has `requests`). */
  readonly command: string;
  readonly available: boolean;
  /** Skip the tests that need it: only off CI, when it is missing. */
  readonly skip: boolean;
  /** Throws, naming what is missing and how to install it, unless the tool is available. */
  require(): void;
}

/** Whether CI is running these tests (the variable CI systems set, `.ci/run`'s included). */
export function runningOnCi(): boolean {
  const value = process.env.CI;
  return value !== undefined && value !== "" && value !== "0" && value.toLowerCase() !== "false";
}

/** Whether `command args` runs and exits 0. */
export function commandSucceeds(command: string, args: string[]): boolean {
  const result = spawnSync(command, args, { stdio: "ignore", timeout: 20_000 });
  return result.error === undefined && result.status === 0;
}

/** The Debian package of each tool, which `.ci/run` installs where the tool is missing. */
export const DEBIAN_PACKAGES = {
  python: "python3-requests",
  java: "default-jdk-headless",
  script: "bsdutils",
  nginx: "nginx",
} as const;

/** A tool found (or not) on this machine; `missing` says what is absent, in words. */
export function machineTool(
  command: string,
  available: boolean,
  missing: string,
  debianPackage: string,
): MachineTool {
  return {
    command,
    available,
    skip: !available && !runningOnCi(),
    require() {
      if (!available)
        throw new Error(
          `${missing}: install it (apt-get install -y ${debianPackage}); .ci/run installs it on CI`,
        );
    },
  };
}

/**
 * A Python 3 with `requests`: the one on PATH, else Debian's (a Python of its own on PATH, such
 * as pyenv's, does not see Debian's `python3-requests`).
 */
export function pythonWithRequests(): MachineTool {
  const found = ["python3", "/usr/bin/python3"].find((python) =>
    commandSucceeds(python, ["-c", "import requests"]),
  );
  return machineTool(
    found ?? "python3",
    found !== undefined,
    "no python3 with the requests module",
    DEBIAN_PACKAGES.python,
  );
}

/** A JDK: `java` that runs a `.java` source file, which needs the compiler (`javac`) too. */
export function javaDevelopmentKit(): MachineTool {
  return machineTool(
    "java",
    commandSucceeds("java", ["-version"]) && commandSucceeds("javac", ["-version"]),
    "no Java development kit (java and javac)",
    DEBIAN_PACKAGES.java,
  );
}

/** `script`, which runs a command on a pseudo-terminal, as when a person types at it. */
export function terminalRecorder(): MachineTool {
  const command = "/usr/bin/script";
  return machineTool(
    command,
    existsSync(command),
    `no ${command} (util-linux's script)`,
    DEBIAN_PACKAGES.script,
  );
}

/** nginx, which serves an export with the nginx snippet the export writes. */
export function nginxServer(): MachineTool {
  const command = process.env.NGINX_BIN ?? "/usr/sbin/nginx";
  return machineTool(command, existsSync(command), `no ${command}`, DEBIAN_PACKAGES.nginx);
}
