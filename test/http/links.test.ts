import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { linkBase, originOf } from "../../src/http/link-base.ts";
import { DashboardClient } from "../dashboard/session-client.ts";
import { createTenant, startApi, type TestApi, waitFor } from "../helpers/api-server.ts";
import { makeRepo, makeTempDir } from "../helpers/temp-repo.ts";

const SITE = {
  "docs.json": JSON.stringify({
    name: "Acme",
    colors: { primary: "#0a7" },
    navigation: { pages: ["index"] },
  }),
  "index.mdx": "---\ntitle: Home\n---\n\nWelcome.\n",
};
const PASSWORD = "correct horse battery staple";

/** Headers an attacker (or a proxy or cache passing the client's on) can put on a request. */
const POISON = {
  host: "evil.example",
  "x-forwarded-host": "evil.example",
  "x-forwarded-proto": "https",
  forwarded: "host=evil.example;proto=https",
};

/** A request with headers fetch would not send as given (Host). */
function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: options.method ?? "GET",
      headers: options.headers,
    });
    request.on("error", reject);
    request.on("response", (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => {
        body += chunk;
      });
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
      );
    });
    request.end(options.body);
  });
}

async function completedExport(api: TestApi) {
  const tenant = await createTenant(api, { repository: makeRepo(SITE) });
  const started = await (
    await api.request("POST", "/v1/static-export/jobs", {
      key: tenant.key,
      body: { domain: tenant.domain },
    })
  ).json();
  await waitFor(
    async () => {
      const job = await (
        await api.request("GET", `/v1/static-export/jobs/${started.jobId}`, { key: tenant.key })
      ).json();
      if (job.status === "failed") throw new Error(job.error);
      return job.status === "completed";
    },
    60_000,
    "the export",
  );
  return { tenant, jobId: started.jobId as string };
}

async function bundleLink(api: TestApi, key: string, jobId: string): Promise<string> {
  const answer = await send(`${api.url}/v1/static-export/jobs/${jobId}/bundle`, {
    method: "POST",
    headers: { ...POISON, authorization: `Bearer ${key}` },
  });
  expect(answer.status, answer.body).toBe(200);
  return JSON.parse(answer.body).bundleUrl;
}

describe("links the server hands out", () => {
  it("name the address the connection reached, never a Host header the client sent", async () => {
    const api = await startApi({ localStore: true });
    const { tenant, jobId } = await completedExport(api);
    const link = await bundleLink(api, tenant.key, jobId);
    expect(link.startsWith(`${api.url}/downloads/`), link).toBe(true);
    expect(link).not.toContain("evil");
    expect((await fetch(link)).status).toBe(200);
  });

  it("name the public URL when one is set, whatever the request says", async () => {
    const api = await startApi({
      localStore: true,
      settings: { publicUrl: "https://quire.example.com/base" },
    });
    const { tenant, jobId } = await completedExport(api);
    const link = await bundleLink(api, tenant.key, jobId);
    expect(link.startsWith("https://quire.example.com/base/downloads/"), link).toBe(true);
  });

  it("name this server in the dashboard's invitation links and download redirects too", async () => {
    const api = await startApi({ localStore: true });
    const { tenant, jobId } = await completedExport(api);
    await api.services.users.createUser({
      email: "owner@example.com",
      orgId: tenant.orgId,
      role: "owner",
      password: async () => PASSWORD,
    });
    const owner = new DashboardClient(api.url);
    await owner.signIn("owner@example.com", PASSWORD);
    const org = `/dashboard/orgs/${tenant.orgId}`;
    await owner.get(`${org}/settings/members`);
    // Host (and Origin, to pass the CSRF check) as a proxy passing a forged Host on would send.
    const cookie = owner.cookieHeader();
    const form = new URLSearchParams({
      email: "new@example.com",
      role: "member",
      _csrf: owner.csrf,
    }).toString();
    const answer = await send(`${api.url}${org}/settings/invitations`, {
      method: "POST",
      headers: {
        ...POISON,
        origin: "http://evil.example",
        cookie,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: form,
    });
    expect(answer.status).toBe(201);
    const link = /id="invitation-link" class="mono" readonly value="([^"]+)"/.exec(
      answer.body,
    )?.[1];
    expect(link?.startsWith(`${api.url}/dashboard/invitation?token=`), link).toBe(true);

    const download = await send(
      `${api.url}${org}/projects/${tenant.projectId}/exports/${jobId}/bundle`,
      {
        method: "POST",
        headers: {
          ...POISON,
          origin: "http://evil.example",
          cookie,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ _csrf: owner.csrf }).toString(),
      },
    );
    expect(download.status).toBe(303);
    expect(download.headers.location?.startsWith(`${api.url}/downloads/`)).toBe(true);
    // The page's policy lets the download form follow the redirect to that address.
    expect(download.headers["content-security-policy"]).toContain(`form-action 'self' ${api.url}`);
  });
});

describe("the links' origin", () => {
  it("is written as a URL host: IPv6 in brackets, IPv4 on a dual-stack socket plain, no default port", () => {
    expect(originOf("http", "127.0.0.1", 8080)).toBe("http://127.0.0.1:8080");
    expect(originOf("http", "::1", 8080)).toBe("http://[::1]:8080");
    expect(originOf("https", "::ffff:10.1.2.3", 443)).toBe("https://10.1.2.3");
    expect(originOf("http", "fe80::1%eth0", 80)).toBe("http://[fe80::1]");
    expect(linkBase({} as never, "https://docs.example.com")).toBe("https://docs.example.com");
  });
});

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});

/**
 * `quire api` as a process, until it says it listens, on stderr and in its log (stdout), where
 * the warning about links follows that line at once: its output so far. The two come through
 * two pipes, and on a loaded machine the log may arrive well after the stderr line.
 */
function startupOutput(args: string[]): Promise<string> {
  const child = spawn(
    process.execPath,
    [path.resolve("bin/quire.js"), "api", "--port", "0", "--data-dir", makeTempDir(), ...args],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  children.push(child);
  let output = "";
  return new Promise((resolve, reject) => {
    let settled = false;
    const check = (): void => {
      if (settled || !/Quire API listening on/.test(output)) return;
      if (!output.includes('"msg":"Quire API listening"')) return;
      settled = true;
      setTimeout(() => resolve(output), 200);
    };
    for (const stream of [child.stdout, child.stderr])
      stream?.on("data", (chunk) => {
        output += chunk;
        check();
      });
    child.on("exit", (code) => reject(new Error(`quire api exited with ${code}: ${output}`)));
  });
}

describe("quire api at start-up", () => {
  it("warns that links name its own address unless --public-url is set", async () => {
    const without = await startupOutput(["--no-workers"]);
    const address = /Quire API listening on (\S+)/.exec(without)?.[1];
    expect(without).toContain(
      `--public-url is not set: links to this server (bundle downloads, invitations) will name ${address}, never the Host header a client sends`,
    );
    const warning = without
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line))
      .find((line) => String(line.msg).startsWith("--public-url is not set"));
    expect(warning?.level).toBe(40);
    const withUrl = await startupOutput(["--no-workers", "--public-url", "https://q.example.com"]);
    expect(withUrl).not.toContain("--public-url is not set");
  });
});
