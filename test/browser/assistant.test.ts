import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportAssistantSite } from "../assistant/assistant-site.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { startMockModel } from "../helpers/mock-model-server.ts";
import { type QuireServe, startQuireServe } from "../serve/quire-serve-process.ts";

/**
 * "Ask AI" in a real browser: the site exported with `--assistant same-origin`, served by a
 * real `quire serve` process whose model is the local fake model server, under its own
 * Content-Security-Policy.
 */
const work = mkdtempSync(path.join(os.tmpdir(), "quire-assistant-browser-"));
let browser: Browser;
const servers: QuireServe[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  for (const server of servers) await server.stop();
  rmSync(work, { recursive: true, force: true });
});

const archive = path.join(work, "site.tar.gz");
beforeAll(async () => {
  await exportAssistantSite(path.join(work, "site"), {
    assistant: "same-origin",
    archiveFile: archive,
  });
});

async function serveSite(environment: Record<string, string>): Promise<QuireServe> {
  const server = await startQuireServe(archive, environment);
  servers.push(server);
  return server;
}

describe("Ask AI under quire serve", () => {
  it("streams the model's answer into the panel, with a citation linking to the page it used", async () => {
    const model = await startMockModel();
    model.script({
      text: "After five failed attempts the job is marked as failed [1].",
    });
    const server = await serveSite({
      QUIRE_AGENT_PROVIDER: "openai-compatible",
      QUIRE_AGENT_MODEL: "docs-model",
      QUIRE_AGENT_BASE_URL: model.baseUrl,
    });
    const page = await browser.newPage();
    const blocked: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
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
    const citation = panel.locator(".assistant-answer a");
    expect(await citation.innerText()).toBe("[1]");
    expect(
      new URL(await citation.evaluate((link) => (link as HTMLAnchorElement).href)).pathname,
    ).toBe("/guides/retries.html");
    expect(await panel.locator(".assistant-sources a").allInnerTexts()).toEqual(["Retries"]);
    await citation.click();
    await page.waitForURL(/\/guides\/retries/);
    expect(await page.locator("h1").first().innerText()).toBe("Retries");
    expect(blocked).toEqual([]);
    await page.close();
  });

  it("takes what the reader typed in search to the assistant from the search dialog", async () => {
    const model = await startMockModel();
    model.script({ text: "Sign and check webhooks with your signing secret [1]." });
    const server = await serveSite({
      QUIRE_AGENT_PROVIDER: "openai-compatible",
      QUIRE_AGENT_MODEL: "docs-model",
      QUIRE_AGENT_BASE_URL: model.baseUrl,
    });
    const page = await browser.newPage();
    await page.goto(`${server.base}/index`);
    await page.getByRole("button", { name: "Ask AI" }).waitFor();
    await page.keyboard.press("Control+k");
    await page
      .getByRole("combobox", { name: "Search the documentation" })
      .fill("webhook signature");
    await page.getByRole("button", { name: "Ask AI about this" }).click();
    const panel = page.getByRole("dialog", { name: "Ask AI about the documentation" });
    await expect
      .poll(() => panel.locator(".assistant-answer").innerText())
      .toBe("Sign and check webhooks with your signing secret [1].");
    await page.locator("dialog.assistant-dialog[data-state='done']").waitFor();
    expect(await panel.locator(".assistant-question").innerText()).toBe("webhook signature");
    expect(await panel.locator(".assistant-sources a").allInnerTexts()).toEqual(["Webhooks"]);
    expect(String(model.requests[0]?.messages[1]?.content)).toContain(
      "Question: webhook signature",
    );
    await page.close();
  });

  it("shows no Ask AI button when quire serve has no model set up", async () => {
    const server = await serveSite({});
    const page = await browser.newPage();
    // The page asks whether the assistant answers and is told no: wait for that answer.
    const asked = page.waitForResponse((response) => response.url().endsWith("/_quire/assistant"));
    await page.goto(`${server.base}/guides/schedules`);
    expect(await (await asked).json()).toEqual({ available: false });
    await page.waitForLoadState("networkidle");
    expect(await page.getByRole("button", { name: "Ask AI" }).count()).toBe(0);
    await page.close();
  });

  it("shows Ask AI for the operator's assistant on another host: the page's policy lets it call there", async () => {
    // The operator's own endpoint, answering the page's question whether it answers.
    const asked: string[] = [];
    const assistant = createServer((request, response) => {
      asked.push(`${request.method} ${request.url}`);
      response
        .writeHead(200, {
          "Content-Type": "application/json",
          "Access-Control-Allow-Origin": "*",
        })
        .end(JSON.stringify({ available: true }));
    });
    await new Promise<void>((resolve) => assistant.listen(0, "127.0.0.1", resolve));
    try {
      const endpoint = `http://127.0.0.1:${(assistant.address() as AddressInfo).port}/ask`;
      const elsewhere = path.join(work, "elsewhere.tar.gz");
      await exportAssistantSite(path.join(work, "elsewhere"), {
        assistant: endpoint,
        deployment: "client-hosted",
        archiveFile: elsewhere,
      });
      const server = await startQuireServe(elsewhere, {});
      servers.push(server);
      const page = await browser.newPage();
      const blocked: string[] = [];
      page.on("console", (message) => {
        if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
      });
      await page.goto(`${server.base}/guides/schedules`);
      await page.getByRole("button", { name: "Ask AI" }).waitFor();
      expect(asked).toEqual(["GET /ask"]);
      expect(blocked).toEqual([]);
      await page.close();
    } finally {
      assistant.closeAllConnections();
      await new Promise((resolve) => assistant.close(resolve));
    }
  });
});
