/**
 * A screenshot of the readers' assistant ("Ask AI") into docs/screenshots/assistant.png
 * (`npm run screenshots:assistant`): the sample site in `examples/docs` exported with
 * `--assistant same-origin`, served by `quire serve`'s server with its assistant route, whose
 * model is the tests' local fake model server answering from the pages it is sent. Chromium
 * opens the quickstart, asks a question and waits for the whole answer.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pino from "pino";
import { createModel } from "../src/agent/model.ts";
import { exportSite } from "../src/exporter/export-site.ts";
import { createAssistantRoute } from "../src/serve/assistant-route.ts";
import { createStaticServer } from "../src/serve/static-server.ts";
import { sitePath } from "../src/serve/version-layout.ts";
import { VersionStore } from "../src/serve/versions.ts";
import { launchBrowser } from "../test/helpers/browser.ts";
import { type ChatRequest, startMockModel } from "../test/helpers/mock-model-server.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUTPUT = path.join(root, "docs", "screenshots", "assistant.png");
const QUESTION = "What happens when a job fails, and how often is it retried?";

/** An answer in the shape a model gives, naming the pages it was sent by their numbers. */
function answerFrom(request: ChatRequest): { text: string } {
  const sent = String(request.messages.at(-1)?.content ?? "");
  const titles = [...sent.matchAll(/^\[(\d+)\] (.+?) \(/gm)].map((match) => match[2]);
  const [first = "the first page", second = "the second page"] = titles;
  return {
    text: `When an attempt fails, the job is tried again after a wait that grows with each attempt; ${first} describes the back-off and the attempt limit [1]. Once every attempt has failed, the job is marked as failed, and you can be notified of it [1]. Retries never move the job's next scheduled run, as ${second} explains [2].`,
  };
}

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(os.tmpdir(), "quire-assistant-shot-"));
  const versions = new VersionStore(path.join(work, "data"));
  const model = await startMockModel();
  model.script(answerFrom);
  const logger = pino({ level: "silent" });
  const server = createStaticServer({
    versions,
    logger,
    assistant: createAssistantRoute({
      model: createModel({
        agentProvider: "openai-compatible",
        agentModel: "docs-model",
        agentBaseUrl: model.baseUrl,
        agentApiKey: undefined,
      }),
      perMinute: 10,
      timeoutSeconds: 30,
      logger,
    }),
  });
  const browser = await launchBrowser();
  try {
    await exportSite({
      sourceDir: path.join(root, "examples", "docs"),
      outputDir: sitePath(versions.directoryOf("sample")),
      assistant: "same-origin",
      concurrency: 1,
    });
    versions.activate("sample", 1);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const context = await browser.newContext({
      viewport: { width: 1280, height: 860 },
      colorScheme: "light",
      deviceScaleFactor: 1,
    });
    const tab = await context.newPage();
    await tab.goto(`${base}/quickstart`);
    await tab.waitForFunction(() => document.fonts.status === "loaded");
    await tab.getByRole("button", { name: "Ask AI" }).click();
    const panel = tab.locator("dialog.assistant-dialog");
    await panel.locator("textarea").fill(QUESTION);
    await panel.getByRole("button", { name: "Ask", exact: true }).click();
    await tab.waitForSelector("dialog.assistant-dialog[data-state='done']");
    await tab.waitForTimeout(150);
    mkdirSync(path.dirname(OUTPUT), { recursive: true });
    await tab.screenshot({ path: OUTPUT });
    console.log(path.relative(root, OUTPUT));
    await context.close();
  } finally {
    await browser.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await model.close();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
