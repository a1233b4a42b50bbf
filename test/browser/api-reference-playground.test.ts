import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { exportSite } from "../../src/exporter/export-site.ts";
import { launchBrowser, serveFolder } from "../helpers/browser.ts";
import { makeTempDir } from "../helpers/temp-repo.ts";

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

/** The API the sample's specification names: a local server that allows cross-origin calls and records them. */
async function startTasksApi(): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const cors = {
      "access-control-allow-origin": "*",
      "access-control-allow-headers": "authorization, content-type, x-api-key, x-request-id",
      "access-control-allow-methods": "GET, POST, PUT, PATCH, DELETE",
      "access-control-expose-headers": "x-request-id",
    };
    if (request.method === "OPTIONS") return void response.writeHead(204, cors).end();
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      received.push({
        method: request.method ?? "",
        url: request.url ?? "",
        headers: request.headers,
        body,
      });
      response
        .writeHead(201, { ...cors, "content-type": "application/json", "x-request-id": "req-7" })
        .end(
          JSON.stringify({
            id: "tsk_2002",
            title: JSON.parse(body || "{}").title ?? null,
            status: "open",
          }),
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, server };
}

/**
 * An API that lets pages of other origins call it with the reader's cookies (it names the
 * calling origin and allows credentials), and sets a session cookie at /login.
 */
async function startCookieApi(): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const cors = {
      "access-control-allow-origin": request.headers.origin ?? "*",
      "access-control-allow-credentials": "true",
      "access-control-allow-headers": "authorization, content-type",
      "access-control-allow-methods": "GET, POST",
    };
    if (request.method === "OPTIONS") return void response.writeHead(204, cors).end();
    if (request.url === "/login")
      return void response
        .writeHead(200, { "set-cookie": "session=reader-7; Path=/; SameSite=Lax" })
        .end("signed in");
    request.resume();
    request.on("end", () => {
      received.push({
        method: request.method ?? "",
        url: request.url ?? "",
        headers: request.headers,
        body: "",
      });
      response.writeHead(201, { ...cors, "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, server };
}

/** The sample site with its specification's servers pointing at the local API. */
async function exportSample(
  apiUrl: string,
  options: { deployment?: "cloud" | "air-gapped"; playground?: Record<string, unknown> } = {},
): Promise<string> {
  const source = path.join(makeTempDir(), "docs");
  cpSync(path.resolve("examples/api-docs"), source, { recursive: true });
  if (options.playground) {
    const docsFile = path.join(source, "docs.json");
    const docs = JSON.parse(readFileSync(docsFile, "utf8"));
    docs.api.playground = { ...docs.api.playground, ...options.playground };
    writeFileSync(docsFile, JSON.stringify(docs));
  }
  const spec = readFileSync(path.join(source, "openapi.yaml"), "utf8")
    .replace("https://{region}.api.lumen-tasks.example/v2", `${apiUrl}/v2`)
    .replace("https://sandbox.lumen-tasks.example/v2", `${apiUrl}/sandbox`);
  writeFileSync(path.join(source, "openapi.yaml"), spec);
  const outputDir = path.join(makeTempDir(), "site");
  await exportSite({
    sourceDir: source,
    outputDir,
    paths: ["api-reference/tasks/"],
    ...(options.deployment ? { deployment: options.deployment } : {}),
  });
  return outputDir;
}

describe("the API playground on an exported API reference page", () => {
  let browser: Browser;
  const closers: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });

  it("sends the request to the server the specification names and shows its answer, calling no other host", async () => {
    const api = await startTasksApi();
    closers.push(() => new Promise((resolve) => api.server.close(() => resolve())));
    const site = await serveFolder(await exportSample(api.url));
    closers.push(site.close);
    const page = await browser.newPage();
    const hosts = new Set<string>();
    page.on("request", (request) => hosts.add(new URL(request.url()).origin));
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));

    await page.goto(`${site.url}api-reference/tasks/create-a-task.html`);
    await page.getByRole("button", { name: "Try it" }).click();
    await page.getByLabel("Bearer token").fill("tok-123");
    const projectId = page.getByRole("textbox", { name: "projectId", exact: true });
    expect(await projectId.inputValue()).toBe("prj_42");
    await projectId.fill("prj_9");
    const body = page.getByLabel("application/json");
    expect(JSON.parse(await body.inputValue())).toMatchObject({ title: "Write the launch post" });
    await body.fill('{"title": "Ship the playground", "priority": 1}');
    await page.getByRole("button", { name: "Send" }).click();
    await page.locator(".api-playground-status .api-status").waitFor();

    expect(await page.locator(".api-playground-status .api-status").textContent()).toContain("201");
    expect(await page.locator(".api-playground-response-body").textContent()).toContain(
      '"id": "tsk_2002"',
    );
    expect(await page.locator(".api-playground-headers dd").allTextContents()).toContain("req-7");
    const sent = api.received.find((request) => request.method === "POST");
    expect(sent).toMatchObject({ url: "/v2/projects/prj_9/tasks" });
    expect(sent?.headers.authorization).toBe("Bearer tok-123");
    expect(sent?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(sent?.body ?? "")).toEqual({ title: "Ship the playground", priority: 1 });
    expect([...hosts].sort()).toEqual([api.url, new URL(site.url).origin].sort());
    expect(errors).toEqual([]);
  });

  it("has no playground in an air-gapped export unless the project turns it on: no control, no request possible", async () => {
    const api = await startTasksApi();
    closers.push(() => new Promise((resolve) => api.server.close(() => resolve())));
    const site = await serveFolder(await exportSample(api.url, { deployment: "air-gapped" }));
    closers.push(site.close);
    const page = await browser.newPage();
    const hosts = new Set<string>();
    page.on("request", (request) => hosts.add(new URL(request.url()).origin));
    await page.goto(`${site.url}api-reference/tasks/create-a-task.html`);
    await page.waitForLoadState("networkidle");
    expect(await page.getByRole("button", { name: "Try it" }).count()).toBe(0);
    expect(await page.locator("[data-api-playground], .api-playground-send").count()).toBe(0);
    // The reference itself is all there.
    expect(await page.locator(".api-endpoint").textContent()).toContain(
      "/projects/{projectId}/tasks",
    );
    expect(api.received).toEqual([]);
    expect([...hosts]).toEqual([new URL(site.url).origin]);
  });

  it("sends the reader's cookies with a direct request only when api.playground.credentials asks for it", async () => {
    const api = await startCookieApi();
    closers.push(() => new Promise((resolve) => api.server.close(() => resolve())));
    const cookieOf = async (playground: Record<string, unknown>) => {
      const site = await serveFolder(await exportSample(api.url, { playground }));
      closers.push(site.close);
      const context = await browser.newContext();
      const page = await context.newPage();
      // The reader is signed in to the API: its cookie is in the browser.
      await page.goto(`${api.url}/login`);
      await page.goto(`${site.url}api-reference/tasks/create-a-task.html`);
      await page.getByRole("button", { name: "Try it" }).click();
      await page.getByLabel("Bearer token").fill("tok-1");
      const before = api.received.length;
      await page.getByRole("button", { name: "Send" }).click();
      await page.locator(".api-playground-status .api-status").waitFor();
      await context.close();
      const sent = api.received.slice(before).find((request) => request.method === "POST");
      expect(sent?.headers.authorization).toBe("Bearer tok-1");
      return sent?.headers.cookie;
    };
    expect(await cookieOf({ proxy: false, credentials: true })).toBe("session=reader-7");
    expect(await cookieOf({ proxy: false })).toBeUndefined();
  }, 60_000);
});
