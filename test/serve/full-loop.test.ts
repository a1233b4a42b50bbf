import { type ChildProcess, spawn } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import {
  createServer,
  get as httpGet,
  type IncomingHttpHeaders,
  type Server,
  type ServerResponse,
} from "node:http";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { create as createTar, Header } from "tar";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../helpers/browser.ts";
import { QUIRE_BIN, quireEnvironment, quireOutput } from "../helpers/quire-cli.ts";
import { makeTempDir } from "../helpers/temp-repo.ts";

/**
 * Issue 5's whole loop with real processes: `quire api` exports examples/docs, its bundle link
 * goes into a values file, `quire serve` fetches, unpacks and serves it, and Chromium browses
 * it; then what goes wrong at a rollout: a hostile archive, a process killed mid-download or
 * mid-unpack. The unit tests (unpack-bundle, fetch-bundle, serve-command) cover each refusal
 * and error one by one; these check that the running server keeps its promises around them.
 */

const children: ChildProcess[] = [];
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    children.splice(0).map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    }),
  );
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

interface Running {
  child: ChildProcess;
  /** The address it printed once listening. */
  url: Promise<string>;
  output: () => string;
  exit: Promise<number | null>;
}

function start(args: string[], listening: RegExp, env: NodeJS.ProcessEnv = {}): Running {
  const child = spawn(process.execPath, [QUIRE_BIN, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
    env: quireEnvironment({ env }),
  });
  children.push(child);
  let output = "";
  const exit = new Promise<number | null>((resolve) => child.on("exit", resolve));
  const url = new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk;
      const match = listening.exec(output);
      if (match) resolve(match[1] as string);
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    void exit.then(() => reject(new Error(`${args[0]} exited: ${output}`)));
  });
  url.catch(() => {});
  return { child, url, output: () => output, exit };
}

function serve(valuesFile: string, dataDir: string): Running {
  return start(
    ["serve", "--values", valuesFile, "--port", "0", "--host", "127.0.0.1", "--data-dir", dataDir],
    /Quire serve listening on (http:\/\/\S+)/,
    { QUIRE_LOG_LEVEL: "info" },
  );
}

async function until<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  what: string,
  options: { timeoutMs?: number; everyMs?: number; explain?: () => string } = {},
): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline)
      throw new Error(
        `timed out waiting for ${what}${options.explain ? `; the process printed:\n${options.explain()}` : ""}`,
      );
    await new Promise((resolve) => setTimeout(resolve, options.everyMs ?? 50));
  }
}

/** The version /readyz names, or null while none is active (or the server is not up). */
async function readyVersion(base: string): Promise<string | null> {
  const response = await fetch(`${base}/readyz`).catch(() => undefined);
  if (response?.status !== 200) return null;
  return ((await response.json()) as { version: string }).version;
}

function valuesFile(bundleUrl: string, version?: string, sha256?: string): string {
  const file = path.join(makeTempDir(), "values.yaml");
  writeFileSync(
    file,
    [
      "image:",
      "  tag: latest",
      "staticExport:",
      "  enabled: true",
      `  bundleUrl: "${bundleUrl}"`,
      ...(version ? [`  version: "${version}"`] : []),
      ...(sha256 ? [`  sha256: "${sha256}"`] : []),
      "",
    ].join("\n"),
  );
  return file;
}

/** A link server: the whole bundle, or (stalled) its first half and then nothing, socket open. */
async function linkServer(
  file: string,
): Promise<{ url: string; requests: () => number; stall: (stalled: boolean) => void }> {
  let stalled = false;
  let requests = 0;
  const server = createServer((_request, response: ServerResponse) => {
    requests += 1;
    const body = readFileSync(file);
    response.writeHead(200, {
      "content-type": "application/gzip",
      "content-length": body.length,
    });
    if (stalled) response.write(body.subarray(0, Math.floor(body.length / 2)));
    else response.end(body);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/bundle.tar.gz?expires=9999999999&signature=test`,
    requests: () => requests,
    stall: (value) => {
      stalled = value;
    },
  };
}

/** A GET whose body stays as the server encoded it (fetch would decode it). */
function getBytes(
  url: string,
  headers: Record<string, string>,
): Promise<{ body: Buffer; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ body: Buffer.concat(chunks), headers: response.headers }));
    }).on("error", reject);
  });
}

function listFiles(root: string): string[] {
  return (readdirSync(root, { recursive: true }) as string[])
    .filter((relative) => statSync(path.join(root, relative)).isFile())
    .sort();
}

interface RawEntry {
  path: string;
  type?: "File" | "Directory" | "SymbolicLink";
  content?: Buffer | string;
  linkpath?: string;
}

/** A .tar.gz written header by header, so a hostile entry is exactly what the test says. */
function rawArchive(entries: RawEntry[], file: string): string {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const content = Buffer.from(entry.content ?? "");
    const header = new Header({
      path: entry.path,
      type: entry.type ?? "File",
      size: (entry.type ?? "File") === "File" ? content.length : 0,
      mode: entry.type === "Directory" ? 0o755 : 0o644,
      mtime: new Date(0),
      linkpath: entry.linkpath,
    });
    const block = Buffer.alloc(512);
    header.encode(block, 0);
    blocks.push(block);
    if (content.length > 0)
      blocks.push(content, Buffer.alloc((512 - (content.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  writeFileSync(file, gzipSync(Buffer.concat(blocks)));
  return file;
}

/**
 * Bundles built once for the file from one export of examples/docs, each variant marked on
 * its home page so a test can tell which one is served. Kept in a folder of its own:
 * makeTempDir's folders go after each test.
 */
const bundleFolder = mkdtempSync(path.join(os.tmpdir(), "quire-full-loop-"));
afterAll(() => rmSync(bundleFolder, { recursive: true, force: true }));
const site = path.join(bundleFolder, "site");

function variantFolder(name: string, extra: Record<string, string | Buffer> = {}): string {
  const folder = path.join(bundleFolder, `variant-${name}`);
  rmSync(folder, { recursive: true, force: true });
  cpSync(site, folder, { recursive: true });
  const index = path.join(folder, "index.html");
  writeFileSync(
    index,
    readFileSync(index, "utf8").replace("</body>", `<p id="variant">variant ${name}</p>\n</body>`),
  );
  for (const [relative, content] of Object.entries(extra))
    writeFileSync(path.join(folder, relative), content);
  return folder;
}

async function variant(name: string, extra: Record<string, string | Buffer> = {}): Promise<string> {
  const folder = variantFolder(name, extra);
  const file = path.join(bundleFolder, `${name}.tar.gz`);
  await createTar({ gzip: true, file, cwd: folder, portable: true }, readdirSync(folder));
  return file;
}

let browser: Browser | undefined;
beforeAll(() => {
  quireOutput(["export", "examples/docs", "--out-dir", site, "--quiet", "--no-cache"]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

const variantMarker = async (base: string) =>
  /<p id="variant">variant (\w+)<\/p>/.exec(await (await fetch(`${base}/`)).text())?.[1] ?? null;

/** A version already active in a data dir, installed by a serve process that then stopped. */
async function installed(dataDir: string, bundle: string, version: string): Promise<void> {
  const link = await linkServer(bundle);
  const first = serve(valuesFile(link.url, version), dataDir);
  const base = await first.url;
  await until(async () => (await readyVersion(base)) === version, `version ${version}`, {
    explain: first.output,
  });
  first.child.kill("SIGTERM");
  expect(await first.exit).toBe(0);
}

describe("quire serve, end to end", () => {
  it("serves what quire api exported: the bundle link in a values file, fetched, unpacked, served, browsed in Chromium", async () => {
    // quire api with an organization, a project over examples/docs and a key, made by the CLI.
    const apiData = makeTempDir();
    const { orgId } = JSON.parse(
      quireOutput(["orgs", "create", "--name", "Loop", "--data-dir", apiData, "--json"]),
    );
    const domain = "docs.loop.example.test";
    quireOutput([
      "projects",
      "create",
      "--org",
      orgId,
      "--name",
      "Docs",
      "--domain",
      domain,
      "--repo",
      path.resolve("examples/docs"),
      "--data-dir",
      apiData,
      "--json",
    ]);
    const { key } = JSON.parse(
      quireOutput(["keys", "create", "--org", orgId, "--data-dir", apiData, "--json"]),
    );
    const api = start(
      ["api", "--port", "0", "--host", "127.0.0.1", "--data-dir", apiData],
      /Quire API listening on (http:\/\/\S+)/,
      { XDG_CACHE_HOME: makeTempDir() },
    );
    const apiUrl = await api.url;
    const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };

    // Export with the HTTP API, poll to completion, ask for the bundle link.
    const version = "2026.11.1";
    const created = await fetch(`${apiUrl}/v1/static-export/jobs`, {
      method: "POST",
      headers,
      body: JSON.stringify({ domain, version }),
    });
    expect(created.status).toBe(202);
    const { jobId } = (await created.json()) as { jobId: string };
    const job = await until(
      async () => {
        const polled = (await (
          await fetch(`${apiUrl}/v1/static-export/jobs/${jobId}`, { headers })
        ).json()) as { status: string; error: string | null; pageCount: number };
        return (polled.status === "completed" || polled.status === "failed") && polled;
      },
      `export ${jobId}`,
      { timeoutMs: 120_000, everyMs: 200 },
    );
    expect(job.status, job.error ?? "").toBe("completed");
    const linked = await fetch(`${apiUrl}/v1/static-export/jobs/${jobId}/bundle`, {
      method: "POST",
      headers,
    });
    expect(linked.status).toBe(200);
    const bundle = (await linked.json()) as { bundleUrl: string; sha256: string };
    expect(bundle.bundleUrl.startsWith(`${apiUrl}/`)).toBe(true);

    // The link and its SHA-256 go into the values file; quire serve fetches, checks and serves it.
    expect(bundle.sha256).toMatch(/^[0-9a-f]{64}$/);
    const dataDir = makeTempDir();
    const served = serve(valuesFile(bundle.bundleUrl, version, bundle.sha256), dataDir);
    const base = await served.url;
    await until(async () => (await readyVersion(base)) === version, "/readyz", {
      explain: served.output,
    });
    expect(served.output()).toContain(`Serving version ${version}`);
    const manifest = (await (await fetch(`${base}/quire-export.json`)).json()) as {
      jobId: string;
      version: string;
      pageCount: number;
      scriptHashes?: string[];
    };
    expect(manifest).toMatchObject({ jobId, version, pageCount: job.pageCount });
    expect(readdirSync(path.join(dataDir, "downloads"))).toEqual([]);

    // The pages' inline scripts (the theme's boot script, which shows the search button) run
    // under quire serve's policy only when the export lists their hashes (scriptHashes).
    expect(manifest.scriptHashes, "quire-export.json lists its inline scripts").toEqual(
      expect.arrayContaining([expect.stringMatching(/^sha256-/)]),
    );

    // Chromium browses it: every request recorded, none may leave the served origin.
    const origin = new URL(base).origin;
    browser ??= await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const requests: string[] = [];
    const problems: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`console: ${message.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    page.on("requestfailed", (request) => {
      const reason = request.failure()?.errorText;
      // A request the browser itself cancelled when the page moved on (the favicon still
      // loading as the test clicks a link) says nothing of the server; refusals and resets do.
      if (reason === "net::ERR_ABORTED") return;
      problems.push(`failed: ${request.url()} ${reason}`);
    });
    page.on("response", (response) => {
      if (response.status() >= 400) problems.push(`${response.status()}: ${response.url()}`);
    });

    await page.goto(`${base}/`);
    await expect(page.title()).resolves.toBe("Lumen documentation - Lumen");
    // The site's stylesheet applied: the top bar sticks and lays out as flex (defaults: static, block).
    const styles = await page.evaluate(() => {
      const bar = document.querySelector(".topbar") as HTMLElement;
      const inner = document.querySelector(".topbar-inner") as HTMLElement;
      return { position: getComputedStyle(bar).position, display: getComputedStyle(inner).display };
    });
    expect(styles).toEqual({ position: "sticky", display: "flex" });

    // A click on a navigation link goes to another page of the served site.
    await page.locator(".sidebar a.nav-link", { hasText: "Quickstart" }).click();
    await page.waitForURL(`${base}/quickstart.html`);
    await expect(page.title()).resolves.toBe("Quickstart - Lumen");
    await expect(page.locator("h1.page-title").textContent()).resolves.toBe("Quickstart");

    // Search (the index inside the bundle) finds a known page and goes to it.
    await page.locator("button[data-quire-search-open]").click();
    const input = page.locator("dialog.search-dialog input");
    await expect(input.isVisible()).resolves.toBe(true);
    await input.fill("fixed interv");
    const result = page.locator(".search-results li", { hasText: "Intervals" }).first();
    await result.waitFor();
    await page.keyboard.press("Enter");
    await page.waitForURL(`${base}/guides/schedules.html#intervals`);
    await expect(page.locator("h1.page-title").textContent()).resolves.toBe("Schedules");

    // The site's own React components work under quire serve's Content-Security-Policy.
    await page.goto(`${base}/components/custom.html`);
    await page.waitForSelector("html[data-islands=ready]");
    await page.getByRole("button", { name: "Increase" }).click();
    await expect(page.locator(".counter output").textContent()).resolves.toBe("4");

    expect(requests.length).toBeGreaterThan(5);
    expect(
      requests.filter((url) => !url.startsWith(`${origin}/`) && !/^(data|blob):/.test(url)),
    ).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();

    served.child.kill("SIGTERM");
    expect(await served.exit).toBe(0);
  }, 240_000);

  it.each([
    ["a ../ entry that would write outside the data dir", "slip"],
    ["a symbolic link out of the bundle and a file written through it", "link"],
  ])(
    "refuses a hostile bundle at rollout (%s), writes nothing outside and keeps serving the last version",
    async (_name, kind) => {
      const workspace = makeTempDir();
      const dataDir = path.join(workspace, "data");
      const outside = path.join(workspace, "outside");
      mkdirSync(outside);
      await installed(dataDir, await variant("A"), "A");

      // The whole site, with the hostile entries among its files (not first, not last).
      const files = listFiles(site);
      const entries: RawEntry[] = files.map((relative) => ({
        path: relative,
        content: readFileSync(path.join(site, relative)),
      }));
      // versions/<staging>/../../../ is the data dir's parent: the workspace.
      const sentinel = path.join(workspace, "escaped.html");
      const hostile: RawEntry[] =
        kind === "slip"
          ? [{ path: "../../../escaped.html", content: "<script>owned()</script>" }]
          : [
              { path: "_quire/assets", type: "SymbolicLink", linkpath: outside },
              { path: "_quire/assets/owned.js", content: "owned()" },
            ];
      entries.splice(Math.floor(entries.length / 2), 0, ...hostile);
      const archive = rawArchive(entries, path.join(makeTempDir(), "hostile.tar.gz"));
      const link = await linkServer(archive);

      const rollout = serve(valuesFile(link.url, "B"), dataDir);
      const base = await rollout.url;
      await until(
        () => /still serving the last good version, A/.test(rollout.output()),
        "the refusal",
        { explain: rollout.output },
      );
      expect(rollout.output()).toMatch(
        kind === "slip"
          ? /quire serve: the entry "\.\.\/\.\.\/\.\.\/escaped\.html" leaves the bundle \(\.\.\)/
          : /quire serve: the entry "_quire\/assets" is a SymbolicLink: only regular files and folders are allowed/,
      );
      expect(link.requests()).toBe(1);
      expect(rollout.child.exitCode).toBeNull();
      expect(await readyVersion(base)).toBe("A");
      const home = await fetch(`${base}/`);
      expect(home.status).toBe(200);
      expect(await variantMarker(base)).toBe("A");
      expect((await fetch(`${base}/quickstart`)).status).toBe(200);

      // Nothing written outside, and nothing of the refused bundle left inside.
      expect(existsSync(sentinel)).toBe(false);
      expect(readdirSync(workspace).sort()).toEqual(["data", "outside"]);
      expect(readdirSync(outside)).toEqual([]);
      expect(readdirSync(path.join(dataDir, "versions"))).toEqual(["A"]);
      expect(readdirSync(path.join(dataDir, "downloads"))).toEqual([]);
    },
    120_000,
  );

  it.each([
    ["with version B active", true],
    ["with an empty data dir", false],
  ])(
    "recovers from a restart mid-download (%s): no partial file stays, the new version is served",
    async (_name, withPrevious) => {
      const dataDir = makeTempDir();
      if (withPrevious) await installed(dataDir, await variant("B"), "B");
      const link = await linkServer(await variant("C"));
      const values = valuesFile(link.url, "C");
      const downloads = path.join(dataDir, "downloads");

      // The link sends half the bundle and stalls: the download is under way when it is killed.
      link.stall(true);
      const stalled = serve(values, dataDir);
      const stalledBase = await stalled.url;
      const partial = await until(
        () =>
          existsSync(downloads) &&
          readdirSync(downloads).find(
            (name) => name.includes(".partial-") && statSync(path.join(downloads, name)).size > 0,
          ),
        "a partial download",
        { explain: stalled.output },
      );
      await until(() => /downloaded \d+%/.test(stalled.output()), "download progress in the log", {
        explain: stalled.output,
      });
      // Meanwhile the previous version is served; with none, the server is alive but not ready.
      expect((await fetch(`${stalledBase}/healthz`)).status).toBe(200);
      if (withPrevious) {
        expect(await readyVersion(stalledBase)).toBe("B");
        expect(await variantMarker(stalledBase)).toBe("B");
      } else {
        expect((await fetch(`${stalledBase}/readyz`)).status).toBe(503);
        expect((await fetch(`${stalledBase}/`)).status).toBe(503);
      }
      stalled.child.kill("SIGKILL");
      await stalled.exit;
      // What a killed process leaves: its partial file (nothing could remove it).
      expect(readdirSync(downloads)).toEqual([partial]);

      // The link answers in full now; the next start removes the leftover and installs C.
      link.stall(false);
      const restarted = serve(values, dataDir);
      const base = await restarted.url;
      await until(() => /Serving version C/.test(restarted.output()), "version C", {
        explain: restarted.output,
      });
      expect(await readyVersion(base)).toBe("C");
      expect(await variantMarker(base)).toBe("C");
      expect(restarted.output()).toContain("removed what interrupted serve processes left behind");
      expect(readdirSync(downloads)).toEqual([]);
      expect(readdirSync(path.join(dataDir, "versions")).sort()).toEqual(
        withPrevious ? ["B", "C"] : ["C"],
      );
      expect(link.requests()).toBe(2);
    },
    120_000,
  );

  it("sends gzip and brotli readers Quire's own compression of a page, never the bundle's .gz or .br of it", async () => {
    const hostile = '<script>alert("bundle")</script>';
    const bundle = await variant("H", {
      "index.html.gz": gzipSync(hostile),
      "index.html.br": brotliCompressSync(hostile),
    });
    const dataDir = makeTempDir();
    const link = await linkServer(bundle);
    const running = serve(valuesFile(link.url, "H"), dataDir);
    const base = await running.url;
    await until(async () => (await readyVersion(base)) === "H", "version H", {
      explain: running.output,
    });
    const page = readFileSync(path.join(bundleFolder, "variant-H", "index.html"));
    for (const accept of ["gzip, br", "gzip", "br"]) {
      const home = await getBytes(`${base}/`, { "accept-encoding": accept });
      const encoding = home.headers["content-encoding"];
      expect(encoding, accept).toBe(accept === "gzip" ? "gzip" : "br");
      const text = encoding === "gzip" ? gunzipSync(home.body) : brotliDecompressSync(home.body);
      expect(text.equals(page), accept).toBe(true);
    }
    // The bundle's own file is still there, sent as itself when asked for by its name.
    const own = await getBytes(`${base}/index.html.gz`, { "accept-encoding": "gzip, br" });
    expect(own.headers["content-encoding"]).toBeUndefined();
    expect(gunzipSync(own.body).toString()).toBe(hostile);
    running.child.kill("SIGTERM");
    expect(await running.exit).toBe(0);
  }, 120_000);

  it("never takes a bundle killed mid-unpack for an unpacked version: a pin is fetched again", async () => {
    const dataDir = makeTempDir();
    const versions = path.join(dataDir, "versions");
    // A large text file makes the precompression, the unpack's last step, take a while.
    const bulk = Array.from({ length: 120_000 }, (_, index) => `line ${index} ${Math.random()}`);
    const link = await linkServer(await variant("D", { "bulk.txt": bulk.join("\n") }));
    const values = valuesFile(link.url, "D");

    const killed = serve(values, dataDir);
    await killed.url;
    // The first compressed copy written: the unpack is well under way, not finished.
    const compressing = () => {
      try {
        return (readdirSync(versions, { recursive: true }) as string[]).some((name) =>
          name.includes(`${path.sep}compressed${path.sep}br${path.sep}`),
        );
      } catch {
        return false; // a folder renamed while it was read
      }
    };
    await until(compressing, "precompression to start", { everyMs: 2, explain: killed.output });
    killed.child.kill("SIGKILL");
    await killed.exit;
    const left = readdirSync(versions);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatch(/^D\.partial-\d+-[0-9a-f]{8}-[0-9a-f]{8}$/);

    // The pinned version is not unpacked: with the network gone, there is nothing to serve.
    const offline = serve(valuesFile("http://127.0.0.1:9/gone.tar.gz", "D"), dataDir);
    expect(await offline.exit).toBe(1);
    expect(offline.output()).toMatch(/no version to serve/);
    expect(readdirSync(versions)).toEqual([]);

    // With the network back it is fetched again, whole, with every compressed copy complete.
    const restarted = serve(values, dataDir);
    const base = await restarted.url;
    await until(() => /Serving version D/.test(restarted.output()), "version D", {
      explain: restarted.output,
    });
    expect(link.requests()).toBe(2);
    expect(readdirSync(versions)).toEqual(["D"]);
    const root = path.join(versions, "D", "site");
    const compressed = path.join(versions, "D", "compressed");
    const copies = listFiles(path.join(compressed, "br"));
    expect(copies.length).toBeGreaterThan(10);
    expect(listFiles(path.join(compressed, "gzip"))).toEqual(copies);
    for (const copy of copies) {
      const original = readFileSync(path.join(root, copy));
      expect(
        brotliDecompressSync(readFileSync(path.join(compressed, "br", copy))).equals(original),
        copy,
      ).toBe(true);
      expect(
        gunzipSync(readFileSync(path.join(compressed, "gzip", copy))).equals(original),
        copy,
      ).toBe(true);
    }
    const page = await fetch(`${base}/bulk.txt`, { headers: { "accept-encoding": "br" } });
    expect(page.headers.get("content-encoding")).toBe("br");
    expect(await page.text()).toBe(bulk.join("\n"));
  }, 120_000);
});
