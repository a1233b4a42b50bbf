import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  clientMessagesJson,
  messagesFor,
  playgroundMessagesJson,
} from "../../src/exporter/messages/index.ts";
import type { PlaygroundData } from "../../src/exporter/openapi/types.ts";
import { buildThemeAssets } from "../../src/exporter/theme/build-assets.ts";
import { escapeHtml } from "../../src/exporter/theme/html.ts";
import { launchBrowser, serveFolder } from "../helpers/browser.ts";

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

/** A local API on 127.0.0.1 that records what it receives; `cors` decides whether it answers with CORS headers. */
async function startApi(cors: boolean): Promise<{
  url: string;
  received: Received[];
  close: () => Promise<void>;
}> {
  const received: Received[] = [];
  const held: ServerResponse[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const corsHeaders: Record<string, string> = cors
        ? {
            "access-control-allow-origin": "*",
            "access-control-allow-methods": "GET, POST, PUT, PATCH, DELETE",
            "access-control-allow-headers": "Authorization, Content-Type, X-Api-Key, X-Trace",
            "access-control-expose-headers": "X-Request-Id",
          }
        : {};
      if (request.method === "OPTIONS") {
        response.writeHead(204, corsHeaders).end();
        return;
      }
      received.push({
        method: request.method ?? "",
        url: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      if (request.url?.startsWith("/slow")) {
        held.push(response);
        return;
      }
      response.writeHead(cors ? 201 : 200, {
        ...corsHeaders,
        "content-type": "application/json",
        "x-request-id": "req-42",
        "x-secret": "hidden",
      });
      response.end(JSON.stringify({ id: "n1", text: "stored", tags: ["a", "b"] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A page's strings in another language, as the exporter writes them on the page and the playground. */
function inLanguage(language: string): { lang: string; page: string; playground: string } {
  return {
    lang: language,
    page: clientMessagesJson(language) as string,
    playground: playgroundMessagesJson(messagesFor(language)) as string,
  };
}

function pageHtml(
  css: string,
  script: string,
  sections: PlaygroundData[],
  language?: ReturnType<typeof inLanguage>,
): string {
  const json = (data: PlaygroundData): string =>
    JSON.stringify(data).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");
  const messages = (json: string | undefined): string =>
    json ? ` data-messages="${escapeHtml(json)}"` : "";
  return `<!doctype html>
<html lang="${language?.lang ?? "en"}" class="js" data-theme="light"${messages(language?.page)}>
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Playground</title><link rel="stylesheet" href="${css}"></head>
<body><main class="prose">
<h1>Create a note</h1>
${sections
  .map(
    (
      data,
    ) => `<section class="api-playground" data-api-playground aria-label="Try it"${messages(language?.playground)}>
<script type="application/json" class="api-playground-data">${json(data)}</script>
<noscript><p>The playground needs JavaScript.</p></noscript>
</section>`,
  )
  .join("\n")}
</main><script src="${script}"></script></body></html>`;
}

let browser: Browser;
let root: string;
let site: { url: string; close: () => Promise<void> };
let api: Awaited<ReturnType<typeof startApi>>;
let closedApi: Awaited<ReturnType<typeof startApi>>;
/** Every URL any page of this file requested, and every script error. */
const requested: string[] = [];
const errors: string[] = [];
const apiCalls = (): string[] => requested.filter((url) => url.startsWith(api.url));

const createNote = (apiUrl: string): PlaygroundData => ({
  method: "POST",
  path: "/users/{id}/notes",
  servers: [{ url: `${apiUrl}/`, description: "Local" }],
  customServer: true,
  auth: [
    { id: "bearerAuth", kind: "bearer", label: "Bearer token" },
    { id: "apiKey", kind: "apiKey", in: "header", name: "X-Api-Key", label: "API key" },
    { id: "session", kind: "apiKey", in: "cookie", name: "sid", label: "Session cookie" },
  ],
  parameters: [
    { name: "id", in: "path", required: true, type: "string", description: "The user's id" },
    { name: "tags", in: "query", required: false, type: "array", example: '["a","b c"]' },
    { name: "verbose", in: "query", required: false, type: "boolean" },
    {
      name: "sort",
      in: "query",
      required: true,
      type: "string",
      enum: ["asc", "desc"],
      example: "desc",
    },
    { name: "X-Trace", in: "header", required: false, type: "string", example: "trace-1" },
    { name: "pref", in: "cookie", required: false, type: "string" },
  ],
  body: { contentType: "application/json", required: true, example: '{\n  "text": "hello"\n}' },
});

beforeAll(async () => {
  root = path.join(os.tmpdir(), `quire-playground-${process.pid}-${Date.now()}`);
  const assets = await buildThemeAssets();
  for (const file of assets.files) {
    mkdirSync(path.dirname(path.join(root, file.path)), { recursive: true });
    writeFileSync(path.join(root, file.path), file.content);
  }
  api = await startApi(true);
  closedApi = await startApi(false);
  const { css, script } = assets.paths;
  writeFileSync(path.join(root, "404.html"), "Not found");
  writeFileSync(path.join(root, "index.html"), pageHtml(css, script, [createNote(api.url)]));
  writeFileSync(
    path.join(root, "fr.html"),
    pageHtml(css, script, [createNote(api.url)], inLanguage("fr")),
  );
  writeFileSync(
    path.join(root, "no-cors.html"),
    pageHtml(css, script, [
      {
        method: "GET",
        path: "/things",
        servers: [{ url: closedApi.url }],
        customServer: false,
        auth: [],
        parameters: [],
      },
    ]),
  );
  writeFileSync(
    path.join(root, "fr-no-cors.html"),
    pageHtml(
      css,
      script,
      [
        {
          method: "GET",
          path: "/things",
          servers: [{ url: closedApi.url }],
          customServer: false,
          auth: [],
          parameters: [],
        },
      ],
      inLanguage("fr"),
    ),
  );
  writeFileSync(
    path.join(root, "custom.html"),
    pageHtml(css, script, [
      {
        method: "GET",
        path: "/slow",
        servers: [],
        customServer: true,
        auth: [{ id: "basic", kind: "basic", label: "Login" }],
        parameters: [],
      },
    ]),
  );
  site = await serveFolder(root);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await api?.close();
  await closedApi?.close();
  rmSync(root, { recursive: true, force: true });
});

async function open(file: string, width = 1000, tryIt = "Try it"): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  page.on("request", (request) => requested.push(request.url()));
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(file.includes(":") ? file : `${site.url}${file}`);
  await page.getByRole("button", { name: tryIt }).click();
  return page;
}

describe("the API playground", () => {
  it("sends the request as filled in and shows the answer", async () => {
    const page = await open("index.html");
    const toggle = page.getByRole("button", { name: "Try it" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    expect(await page.getByLabel("Base URL", { exact: true }).inputValue()).toBe(`${api.url}/`);
    await page.getByLabel("Bearer token").fill("secret-token");
    await page.getByLabel("API key").fill("key-123");
    expect(await page.locator(".api-playground-note").textContent()).toContain("sid");
    expect(await page.locator(".api-playground-note").textContent()).toContain("pref");

    // The missing path parameter is caught before anything is sent.
    await page.getByRole("button", { name: "Send" }).click();
    const id = page.getByRole("textbox", { name: "id", exact: true });
    expect(await id.getAttribute("aria-invalid")).toBe("true");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-invalid"))).toBe(
      "true",
    );
    expect(await page.locator(".api-playground-status").textContent()).toContain(
      "path parameter id",
    );
    expect(api.received).toHaveLength(0);
    expect(apiCalls()).toEqual([]);

    await id.fill("user/1 é");
    expect(await id.getAttribute("aria-invalid")).toBeNull();
    await page.getByLabel("verbose").selectOption("true");
    expect(await page.getByLabel("sort").inputValue()).toBe("desc");
    const body = '{\n  "text": "hi <there>",\n  "count": 2\n}';
    await page.getByLabel("application/json").fill(body);
    await page.getByRole("button", { name: "Send" }).click();
    await page.locator(".api-playground-status .api-status").waitFor();

    expect(api.received).toHaveLength(1);
    const [request] = api.received;
    expect(request?.method).toBe("POST");
    const url = new URL(request?.url ?? "", api.url);
    expect(url.pathname).toBe("/users/user%2F1%20%C3%A9/notes");
    expect([...url.searchParams]).toEqual([
      ["tags", "a"],
      ["tags", "b c"],
      ["verbose", "true"],
      ["sort", "desc"],
    ]);
    expect(request?.headers.authorization).toBe("Bearer secret-token");
    expect(request?.headers["x-api-key"]).toBe("key-123");
    expect(request?.headers["x-trace"]).toBe("trace-1");
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.headers.cookie).toBeUndefined();
    expect(request?.body).toBe(body);

    const status = page.locator(".api-playground-status .api-status");
    expect(await status.textContent()).toBe("201 Created");
    expect(await status.getAttribute("class")).toContain("api-status-2xx");
    expect(await page.locator(".api-playground-time").textContent()).toMatch(/^\d+ ms$/);
    expect(await page.locator(".api-playground-status").getAttribute("aria-live")).toBe("polite");
    await page.getByText(/Response headers/).click();
    await expect.poll(() => page.getByText("x-request-id").isVisible()).toBe(true);
    expect(await page.locator(".api-playground-headers dd").allTextContents()).toContain("req-42");
    expect(await page.locator(".api-playground-headers").textContent()).not.toContain("x-secret");
    expect(await page.locator(".api-playground-response-body").textContent()).toBe(
      JSON.stringify({ id: "n1", text: "stored", tags: ["a", "b"] }, null, 2),
    );

    // Credentials live in sessionStorage only, and come back when the page is opened again.
    const storage = await page.evaluate(() => ({
      session: sessionStorage.getItem("quire-playground-auth:bearerAuth"),
      apiKey: sessionStorage.getItem("quire-playground-auth:apiKey"),
      local: localStorage.length,
      cookie: document.cookie,
    }));
    expect(storage).toEqual({ session: "secret-token", apiKey: "key-123", local: 0, cookie: "" });
    await page.reload();
    await page.getByRole("button", { name: "Try it" }).click();
    expect(await page.getByLabel("Bearer token").inputValue()).toBe("secret-token");
    await page.getByRole("button", { name: "Forget credentials" }).click();
    expect(await page.getByLabel("Bearer token").inputValue()).toBe("");
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    await page.context().close();
  });

  it("refuses a body that is not JSON, says where it breaks, and sends nothing", async () => {
    const page = await open("index.html");
    const before = apiCalls().length;
    await page.getByRole("textbox", { name: "id", exact: true }).fill("7");
    await page.getByLabel("application/json").fill('{\n  "text": "hi",\n  "count": }');
    await page.getByRole("button", { name: "Send" }).click();
    const status = page.locator(".api-playground-status");
    expect(await status.textContent()).toContain(
      "not valid JSON: at line 3, column 12, unexpected }",
    );
    expect(await status.getAttribute("class")).toContain("api-playground-error");
    expect(await page.getByLabel("application/json").getAttribute("aria-invalid")).toBe("true");
    await page.waitForTimeout(200);
    expect(apiCalls().length).toBe(before);
    await page.context().close();
  });

  it("explains, on a French page, what it cannot send, how credentials go and why a body is refused, in French", async () => {
    const page = await open("fr.html", 1000, "Essayer");
    const form = page.locator(".api-playground-form");
    expect(await form.textContent()).toContain(
      "Non envoyés : le cookie de clé d'API sid, le cookie pref.",
    );
    expect(await form.textContent()).toContain("Envoyé dans l'en-tête X-Api-Key");
    expect(await form.textContent()).toContain("Envoyé comme Authorization: Bearer …");
    await page.getByRole("textbox", { name: "id", exact: true }).fill("7");
    await page.getByLabel("application/json").fill('{\n  "text": "hi",\n  "count": }');
    await page.getByRole("button", { name: "Envoyer" }).click();
    expect(await page.locator(".api-playground-status").textContent()).toBe(
      "Le corps n'est pas du JSON valide : à la ligne 3, colonne 12, } inattendu. Rien n'a été envoyé.",
    );
    await page.context().close();
  });

  it("explains a request the browser blocks, on a French page, in French", async () => {
    const page = await open("fr-no-cors.html", 1000, "Essayer");
    await page.getByRole("button", { name: "Envoyer" }).click();
    const status = page.locator(".api-playground-status");
    await expect.poll(() => status.textContent()).toContain("Causes probables");
    const text = (await status.textContent()) ?? "";
    expect(text).toContain(`La requête vers ${closedApi.url}/things a échoué`);
    expect(text).toContain("le serveur est injoignable");
    expect(text).toContain("contenu mixte");
    expect(text).toContain("La console de développement du navigateur indique la cause exacte.");
    await page.context().close();
  });

  it("explains a request the browser blocks for want of CORS", async () => {
    const page = await open("no-cors.html");
    await page.getByRole("button", { name: "Send" }).click();
    const status = page.locator(".api-playground-status");
    await expect.poll(() => status.textContent()).toContain("CORS");
    const text = (await status.textContent()) ?? "";
    expect(text).toContain(`${closedApi.url}/things`);
    expect(text).toContain("unreachable");
    expect(text).toContain("mixed content");
    await page.context().close();
  });

  it("takes a typed base URL, sends basic credentials, and cancels", async () => {
    const page = await open("custom.html", 360);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await page.getByLabel("Base URL").fill(api.url);
    await page.getByLabel("Login: user name").fill("ada");
    await page.getByLabel("Login: password").fill("pä:ss");
    const before = api.received.length;
    await page.getByRole("button", { name: "Send" }).click();
    await expect.poll(() => api.received.length).toBe(before + 1);
    const request = api.received[before];
    expect(request?.url).toBe("/slow");
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from("ada:pä:ss", "utf8").toString("base64")}`,
    );
    expect(await page.evaluate(() => sessionStorage.getItem("quire-playground-auth:basic"))).toBe(
      "ada:pä:ss",
    );
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect
      .poll(() => page.locator(".api-playground-status").textContent())
      .toBe("Cancelled.");
    expect(await page.getByRole("button", { name: "Send" }).isEnabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Cancel" }).isVisible()).toBe(false);
    await page.context().close();
  });

  it("works from a page opened as a file", async () => {
    const page = await open(pathToFileURL(path.join(root, "index.html")).href);
    await page.getByRole("textbox", { name: "id", exact: true }).fill("file");
    await page.getByRole("button", { name: "Send" }).click();
    await page.locator(".api-playground-status .api-status").waitFor();
    expect(await page.locator(".api-playground-status .api-status").textContent()).toBe(
      "201 Created",
    );
    expect(api.received.at(-1)?.url).toBe("/users/file/notes?tags=a&tags=b+c&sort=desc");
    await page.context().close();
  });

  it("asks no host but the site and the APIs the reader called, without a script error", () => {
    expect(errors).toEqual([]);
    const allowed = [site.url, `${api.url}/`, `${closedApi.url}/`, pathToFileURL(root).href];
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.filter((url) => !allowed.some((origin) => url.startsWith(origin)))).toEqual(
      [],
    );
  });
});
