import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeDevSite } from "../dev/dev-site-fixture.ts";
import { runQuire, type StartedQuire, startQuire } from "../helpers/quire-cli.ts";

/** The URL `quire dev` says it serves at, once it says it. */
async function servedAt(started: StartedQuire): Promise<string> {
  for (let waited = 0; waited < 30_000; waited += 50) {
    const url = / at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(started.stderr())?.[1];
    if (url) return url;
    if (started.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`quire dev did not start:\n${started.stderr()}`);
}

describe("quire dev", () => {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    it(`serves the folder's pages and stops cleanly on ${signal}`, async () => {
      const root = makeDevSite();
      const started = startQuire(["dev", root, "--port", "0", "--no-cache"]);
      const url = await servedAt(started);
      expect(await (await fetch(`${url}guide`)).text()).toContain("Charting guide");
      started.child.kill(signal);
      const run = await started.done;
      expect(run.code).toBe(0);
      expect(run.stderr).toContain("quire dev: stopped");
    });
  }

  it("serves the current folder when no folder is given", async () => {
    const root = makeDevSite();
    const started = startQuire(["dev", "--port", "0", "--no-cache"], { cwd: root });
    const url = await servedAt(started);
    expect((await fetch(url)).status).toBe(200);
    started.child.kill("SIGTERM");
    expect((await started.done).code).toBe(0);
  });

  it("refuses a folder without docs.json in one line naming it, exit 1", async () => {
    const root = makeDevSite();
    const run = await runQuire(["dev", path.join(root, "snippets"), "--port", "0"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("no docs.json or mint.json");
  });

  it("refuses a wrong port or a folder that does not exist, exit 2", async () => {
    const badPort = await runQuire(["dev", makeDevSite(), "--port", "eighty"]);
    expect(badPort.code).toBe(2);
    expect(badPort.stderr).toContain('--port must be a whole number from 0 to 65535, not "eighty"');
    const noFolder = await runQuire(["dev", "/no/such/docs"]);
    expect(noFolder.code).toBe(2);
    expect(noFolder.stderr).toContain('DOCS_DIR "/no/such/docs" is not a folder');
  });
});
