import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { createServer as createNetServer } from "node:net";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { exportSite } from "../../src/exporter/export-site.ts";
import { nginxServer } from "../helpers/machine-tools.ts";
import { makeRepo, makeTempDir } from "../helpers/temp-repo.ts";
import { HOSTILE_REDIRECT_SITE, REDIRECT_SITE } from "./redirect-site.ts";

/**
 * The nginx snippet of an export, served by the system's nginx (Debian's package, as in
 * `npm run bench:serve`) with the configuration its header shows: the site's redirects answered
 * by nginx itself, and nothing a request holds turned into a header or another origin.
 */
const nginx = nginxServer();

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** nginx serving `siteDir` with its redirect snippet included; resolves once it answers. */
async function startNginx(siteDir: string): Promise<number> {
  const prefix = makeTempDir();
  for (const folder of ["client-body", "proxy", "fastcgi", "uwsgi", "scgi"])
    mkdirSync(path.join(prefix, folder));
  const port = await freePort();
  // Running as root, the workers would switch to "nobody", who cannot read the temp folders.
  const user = process.getuid?.() === 0 ? "user root root;\n" : "";
  const conf = path.join(prefix, "nginx.conf");
  writeFileSync(
    conf,
    `${user}worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 64; }
http {
  types { text/html html; application/json json; }
  access_log off;
  client_body_temp_path ${prefix}/client-body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${siteDir};
    include ${siteDir}/_quire/nginx-redirects.conf;
    error_page 404 /404.html;
    location / { try_files $uri $uri.html $uri/index.html @quire_redirects; }
  }
}
`,
  );
  const child: ChildProcess = spawn(
    nginx.command,
    ["-p", prefix, "-c", conf, "-e", path.join(prefix, "error.log"), "-g", "daemon off;"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  stops.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
  });
  for (let attempt = 0; attempt < 200; attempt++) {
    if (child.exitCode !== null) break;
    const answered = await get(port, "/guides/intro").then(
      () => true,
      () => false,
    );
    if (answered) return port;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const log = existsSync(path.join(prefix, "error.log"))
    ? readFileSync(path.join(prefix, "error.log"), "utf8")
    : "";
  throw new Error(`nginx did not start:\n${output}${log}`);
}

/** A raw GET, so the path reaches nginx exactly as written. */
function get(
  port: number,
  rawPath: string,
): Promise<{ status: number; location?: string; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: "127.0.0.1", port, path: rawPath }, (response) => {
      response.resume();
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          location: response.headers.location,
          headers: response.headers,
        }),
      );
    });
    request.on("error", reject);
    request.end();
  });
}

describe.skipIf(nginx.skip)("the nginx snippet, in nginx", () => {
  // Under CI nginx is installed (.ci/run): missing, it fails these tests, naming it.
  beforeAll(() => nginx.require());

  it("answers the site's redirects as quire serve does, pages first", async () => {
    const siteDir = path.join(makeTempDir(), "site");
    await exportSite({ sourceDir: makeRepo(REDIRECT_SITE), outputDir: siteDir });
    const port = await startNginx(siteDir);
    const cases: [string, number, string | undefined][] = [
      ["/", 307, "/guides/intro"],
      ["/old", 308, "/guides/setup#install"],
      ["/old/?step=2", 308, "/guides/setup?step=2#install"],
      ["/stats", 307, "/analytics/"],
      ["/beta/setup", 308, "/guides/setup"],
      ["/beta/setup/?tab=linux", 308, "/guides/setup?tab=linux"],
      ["/beta", 308, "/guides/"],
      ["/api-reference/chat/send", 308, "/api/chat/send"],
      ["/api-reference/users", 308, "/api/users"],
      ["/articles/concepts-anything/at/all", 308, "/guides/intro"],
      ["/agent/workflows/setup", 308, "/guides/setup"],
      ["/beta/caf%C3%A9", 308, "/guides/caf%C3%A9"],
      ["/ext/a%20b?mine=1", 308, "https://example.com/docs/a%20b?from=quire#top"],
      ["/beta/kept", 200, undefined],
      ["/guides/setup", 200, undefined],
      ["/agent/workflows/a/b", 404, undefined],
    ];
    const answers = [];
    for (const [target] of cases) {
      const answer = await get(port, target);
      answers.push([target, answer.status, answer.location]);
    }
    expect(answers).toEqual(cases);
  });

  it("loads a snippet whose redirects hold nginx's own syntax, and answers them as written", async () => {
    const siteDir = path.join(makeTempDir(), "site");
    await exportSite({ sourceDir: makeRepo(HOSTILE_REDIRECT_SITE), outputDir: siteDir });
    const port = await startNginx(siteDir);
    const cases: [string, number, string | undefined][] = [
      ["/q%22u;o%7Bt%7De$host", 308, "/guides/intro"],
      ["/line%0Abreak", 308, "/guides/intro"],
      ["/space%20here/intro", 308, "/guides/intro"],
      ["/x%3C/script%3E%3Cscript%3Ealert(1)%3C/script%3E/intro", 308, "/guides/intro"],
      ["/ext/a%20b", 308, "https://example.com/%22%3B%24host%7B%7D/a%20b?a=<b>#%22%3E%3Cx%3E"],
      ["/y/z", 308, "/%3C/script%3E%3Cscript%3Ealert(1)%3C/script%3E/z"],
    ];
    const answers = [];
    for (const [target] of cases) {
      const answer = await get(port, target);
      answers.push([target, answer.status, answer.location]);
    }
    expect(answers).toEqual(cases);
  });

  it("never turns a request into a header, another origin, or a path it did not send", async () => {
    const siteDir = path.join(makeTempDir(), "site");
    await exportSite({ sourceDir: makeRepo(REDIRECT_SITE), outputDir: siteDir });
    const port = await startNginx(siteDir);
    const attempts = [
      "/go/%0D%0ASet-Cookie:%20a=b",
      "/go/x%0d%0aSet-Cookie:%20a=b",
      "/go//evil.example",
      "/go/%2F%2Fevil.example",
      "/go/%5Cevil.example",
      "/go/%09/evil.example",
      "/go/evil.example?next=//evil.example",
    ];
    for (const attempt of attempts) {
      const answer = await get(port, attempt);
      expect(answer.headers["set-cookie"], attempt).toBeUndefined();
      if (answer.status < 300 || answer.status >= 400) continue;
      const location = answer.location as string;
      expect(location, attempt).toMatch(/^\/(?![/\\])/);
      expect(location, attempt).not.toMatch(/[^\x21-\x7e]/);
      expect(new URL(location, "http://docs.example/a/b").origin, attempt).toBe(
        "http://docs.example",
      );
    }
    expect((await get(port, "/go/%0D%0ASet-Cookie:%20a=b")).location).toBe(
      "/%0D%0ASet-Cookie:%20a=b",
    );
  });
});
