import { existsSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { quireOutput, type StartedQuire, startQuire } from "../helpers/quire-cli.ts";
import { makeRepo, makeTempDir } from "../helpers/temp-repo.ts";

/** `quire serve PATH`: a local export, looked at with no values file and no web server of one's own. */

const TINY_SITE = {
  "docs.json": JSON.stringify({
    theme: "mint",
    name: "Tiny",
    colors: { primary: "#0D9373" },
    navigation: { pages: ["index", "guide"] },
  }),
  "index.mdx": "---\ntitle: Home\n---\n\nHello from the home page.\n",
  "guide.mdx": "---\ntitle: Guide\n---\n\nThe guide's own words.\n",
};

/** A tiny site exported as a folder and as an archive (the helpers' folders go after each test). */
function exportTiny(): { folder: string; archive: string } {
  const out = makeTempDir();
  const folder = path.join(out, "site");
  const archive = path.join(out, "site.tar.gz");
  quireOutput(["export", makeRepo(TINY_SITE), "--out-dir", folder, "-o", archive, "--quiet"]);
  return { folder, archive };
}

/** Waits for the line that says where to open the site; returns that URL. */
async function openUrl(started: StartedQuire): Promise<string> {
  for (let attempt = 0; attempt < 400; attempt++) {
    const match = /open (http:\/\/\S+) in a browser/.exec(started.stderr());
    if (match) return match[1] as string;
    if (started.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`quire serve did not start:\n${started.stderr()}`);
}

async function expectServesTheSite(base: string): Promise<void> {
  const home = await fetch(base);
  expect(home.status).toBe(200);
  expect(await home.text()).toContain("Hello from the home page.");
  const guide = await fetch(new URL("guide", base));
  expect(guide.status).toBe(200);
  expect(await guide.text()).toContain("own words.");
  const missing = await fetch(new URL("no/such/page", base));
  expect(missing.status).toBe(404);
  expect(await missing.text()).toContain("<html");
}

async function stop(started: StartedQuire): Promise<number | null> {
  started.child.kill("SIGTERM");
  return (await started.done).code;
}

describe("quire serve PATH", () => {
  it("serves an exported folder on 127.0.0.1, prints the URL to open, and serves a new export of it", async () => {
    const { folder } = exportTiny();
    const started = startQuire(["serve", folder, "--port", "0", "--log-level", "warn"]);
    const base = await openUrl(started);
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    await expectServesTheSite(base);
    // Exported again into the same folder while it is served: the next request sees the new site.
    rmSync(folder, { recursive: true });
    quireOutput([
      "export",
      makeRepo({ ...TINY_SITE, "index.mdx": "---\ntitle: Home\n---\n\nA new home page.\n" }),
      "--out-dir",
      folder,
      "--quiet",
    ]);
    // The server re-reads which version is active at most every 100 ms.
    let home = "";
    for (let attempt = 0; attempt < 50 && !home.includes("A new home page."); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      home = await (await fetch(base)).text();
    }
    expect(home).toContain("A new home page.");
    expect(await stop(started)).toBe(0);
  }, 180_000);

  it("takes PATH or --values, not both, and --rollback only with --values (exit 2)", async () => {
    for (const args of [
      ["serve", "site", "--values", "values.yaml"],
      ["serve", "site", "--rollback"],
      ["serve"],
    ]) {
      const run = await startQuire(args).done;
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stderr.trim().split("\n"), args.join(" ")).toHaveLength(1);
    }
  });

  it("serves a .tar.gz bundle, unpacked into a temporary folder it removes when it stops", async () => {
    const { archive } = exportTiny();
    const started = startQuire(["serve", archive, "--port", "0", "--log-level", "warn"]);
    const base = await openUrl(started);
    await expectServesTheSite(base);
    const unpacked = /\(site: (\S+)\)/.exec(started.stderr())?.[1] as string;
    expect(unpacked).toContain("quire-serve-");
    expect(await stop(started)).toBe(0);
    expect(existsSync(unpacked)).toBe(false);
  });

  it("refuses a docs source folder in one line that says to export it first (exit 2)", async () => {
    const source = makeRepo(TINY_SITE);
    const run = await startQuire(["serve", source]).done;
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toContain("not an export: run quire export");
  });

  it("says in one line which port is in use and which option changes it (exit 1)", async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    const { port } = holder.address() as AddressInfo;
    try {
      const run = await startQuire(["serve", exportTiny().folder, "--port", String(port)]).done;
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(
        `quire: port ${port} on 127.0.0.1 is already in use: choose another with --port (QUIRE_SERVE_PORT)\n`,
      );
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });
});
