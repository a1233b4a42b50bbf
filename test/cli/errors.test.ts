import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { runQuire } from "../helpers/quire-cli.ts";
import { makeTempDir } from "../helpers/temp-repo.ts";

const BIN = path.resolve("bin/quire.js");

function quire(args: string[], environment: Record<string, string> = {}) {
  const clean: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env))
    if (!name.startsWith("QUIRE_")) clean[name] = value;
  return spawnSync(process.execPath, [BIN, ...args], {
    encoding: "utf8",
    env: { ...clean, ...environment },
  });
}

describe("errors at the command line", () => {
  it("say what went wrong in one line, exit 1, when the work fails for a reason Quire knows", () => {
    const dataDir = makeTempDir();
    expect(quire(["orgs", "list", "--data-dir", dataDir]).status).toBe(0);
    // A newer Quire migrated this database since.
    const database = new DatabaseSync(path.join(dataDir, "quire.db"));
    database
      .prepare("insert into schema_migrations (version, name, applied_at) values (?, ?, ?)")
      .run(999, "from_the_future", new Date().toISOString());
    database.close();
    const run = quire(["orgs", "list", "--data-dir", dataDir]);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      /^quire: the database was migrated by a newer Quire \(schema 999, this one knows up to \d+\): upgrade Quire\n$/,
    );
  });

  it("name the folder in one line, exit 1, for an output or data folder that cannot be written", () => {
    const blocked = path.join(makeTempDir(), "a-file");
    writeFileSync(blocked, "a file where a folder should be");
    const output = quire(["export", "examples/docs", "-o", path.join(blocked, "site.tar.gz")]);
    expect(output.status).toBe(1);
    expect(output.stderr).toBe(
      `quire: cannot write ${blocked} (the folder of the archive, -o): a file is in the way\n`,
    );
    const outDir = quire(["export", "examples/docs", "--out-dir", path.join(blocked, "site")]);
    expect(outDir.status).toBe(1);
    expect(outDir.stderr).toBe(
      `quire: cannot write ${blocked} (the folder of --out-dir): a file is in the way\n`,
    );
    const dataDir = path.join(blocked, "data");
    const values = path.join(makeTempDir(), "values.yaml");
    writeFileSync(
      values,
      'staticExport:\n  enabled: true\n  bundleUrl: "http://127.0.0.1:9/site.tar.gz"\n',
    );
    for (const args of [
      ["orgs", "list"],
      ["serve", "--values", values],
    ]) {
      const run = quire([...args, "--data-dir", dataDir]);
      expect(run.status, args.join(" ")).toBe(1);
      expect(run.stderr).toBe(
        `quire: cannot write ${dataDir} (the data folder, --data-dir): part of the path is a file, not a folder\n`,
      );
    }
  });

  it("name the port and the option to change it in one line, exit 1, when quire api finds its port in use", async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    const { port } = holder.address() as AddressInfo;
    try {
      const run = await runQuire(["api", "--port", String(port), "--data-dir", makeTempDir()]);
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(
        `quire: port ${port} on 127.0.0.1 is already in use: choose another with --port (QUIRE_PORT)\n`,
      );
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });

  it("name the variable in one line, exit 2, for a wrong QUIRE_LOG_LEVEL, whatever the command", () => {
    for (const args of [["orgs", "list", "--data-dir", makeTempDir()], ["api"], ["worker"]]) {
      const run = quire(args, { QUIRE_LOG_LEVEL: "chatty" });
      expect(run.status, args.join(" ")).toBe(2);
      expect(run.stderr).toBe(
        'quire: QUIRE_LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, not "chatty"\n',
      );
    }
  });
});
