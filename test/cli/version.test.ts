import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runQuire } from "../helpers/quire-cli.ts";

const { version } = JSON.parse(readFileSync(path.resolve("package.json"), "utf8")) as {
  version: string;
};

describe("quire --version", () => {
  it("prints the version of package.json, with --version and with -V, from any folder", async () => {
    for (const flag of ["--version", "-V"]) {
      const result = await runQuire([flag], { cwd: path.parse(process.cwd()).root });
      expect(result).toEqual({ code: 0, stdout: `${version}\n`, stderr: "" });
    }
  });

  it("leaves a --version written after a command to that command", async () => {
    const result = await runQuire(["remote", "export", "docs.example.com", "--version", "1.0"], {
      unset: ["QUIRE_*"],
    });
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/^quire: QUIRE_URL is not set/);
    expect(result.code).toBe(2);
  });

  it("is listed in the help", async () => {
    const result = await runQuire(["--help"]);
    expect(result.stdout).toMatch(/^ {2}-V, --version +print the version of Quire$/m);
  });
});
