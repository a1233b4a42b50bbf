import { spawnSync } from "node:child_process";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
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
