import { writeFileSync } from "node:fs";
import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASSISTANT_SITE_FILES } from "../assistant/assistant-site.ts";
import { createTenant, startApi, waitFor } from "../helpers/api-server.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { startMockModel } from "../helpers/mock-model-server.ts";
import { makeRepo, makeTempDir } from "../helpers/temp-repo.ts";
import { type QuireServe, startQuireServe } from "../serve/quire-serve-process.ts";

/**
 * "Ask AI" of a cloud project in a real browser: the pages of its export job, served from
 * another origin (a `quire serve` with no model of its own, under its Content-Security-Policy),
 * ask the admin API, which answers with the local fake model server.
 */
let browser: Browser;
const servers: QuireServe[] = [];
const closers: (() => Promise<void>)[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  for (const server of servers) await server.stop();
  for (const close of closers) await close();
});

/**
 * The API's public address, known before the API listens (its pages name it): a forwarding
 * server, as a reverse proxy in front of it would be. `target` is set once the API listens.
 */
async function startFrontDoor(): Promise<{ url: string; forwardTo(target: string): void }> {
  let target: URL | undefined;
  const server = createServer((request, response) => {
    const upstream = httpRequest(
      new URL(request.url ?? "/", target),
      { method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on("error", () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    forwardTo: (url) => {
      target = new URL(url);
    },
  };
}

describe("Ask AI of a cloud project", () => {
  it("is answered by the admin API for pages served from another origin", async () => {
    const model = await startMockModel();
    model.script({ text: "After five failed attempts the job is marked as failed [1]." });
    const frontDoor = await startFrontDoor();
    const api = await startApi({
      settings: {
        publicUrl: frontDoor.url,
        agentProvider: "openai-compatible",
        agentModel: "docs-model",
        agentBaseUrl: model.baseUrl,
      },
    });
    frontDoor.forwardTo(api.url);
    const tenant = await createTenant(api, {
      repository: makeRepo(ASSISTANT_SITE_FILES),
      deployment: "cloud",
      serveAssistant: true,
    });
    const { jobId } = await (
      await api.request("POST", "/v1/static-export/jobs", {
        key: tenant.key,
        body: { domain: tenant.domain },
      })
    ).json();
    await waitFor(
      async () => {
        const job = await (
          await api.request("GET", `/v1/static-export/jobs/${jobId}`, { key: tenant.key })
        ).json();
        if (job.status === "failed") throw new Error(job.error);
        return job.status === "completed";
      },
      120_000,
      "the export",
    );
    const { bundleUrl } = await (
      await api.request("POST", `/v1/static-export/jobs/${jobId}/bundle`, { key: tenant.key })
    ).json();
    const archive = path.join(makeTempDir(), "site.tar.gz");
    writeFileSync(archive, Buffer.from(await (await fetch(bundleUrl)).arrayBuffer()));
    const server = await startQuireServe(archive);
    servers.push(server);

    const page = await browser.newPage();
    const blocked: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy|CORS/i.test(message.text())) blocked.push(message.text());
    });
    await page.goto(`${server.base}/guides/schedules`);
    await page.getByRole("button", { name: "Ask AI" }).click();
    const panel = page.getByRole("dialog", { name: "Ask AI about the documentation" });
    await panel.getByRole("textbox").fill("How many attempts before a job fails?");
    await panel.getByRole("button", { name: "Ask" }).click();
    await expect
      .poll(() => panel.locator(".assistant-answer").innerText())
      .toBe("After five failed attempts the job is marked as failed [1].");
    await page.locator("dialog.assistant-dialog[data-state='done']").waitFor();
    expect(await panel.locator(".assistant-sources a").allInnerTexts()).toEqual(["Retries"]);
    // The citation links to the page beside the asking one, not to the API's host.
    const citation = await panel
      .locator(".assistant-answer a")
      .evaluate((link) => (link as HTMLAnchorElement).href);
    expect(new URL(citation).origin).toBe(new URL(server.base).origin);
    expect(model.requests).toHaveLength(1);
    expect(blocked).toEqual([]);
    await page.close();
  });
});
