import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createModel } from "../../src/agent/model.ts";
import { ASSISTANT_INSTRUCTIONS } from "../../src/assistant/answer-question.ts";
import { ASSISTANT_PATH, createAssistantRoute } from "../../src/serve/assistant-route.ts";
import { createStaticServer } from "../../src/serve/static-server.ts";
import { sitePath } from "../../src/serve/version-layout.ts";
import { VersionStore } from "../../src/serve/versions.ts";
import { exportAssistantSite } from "../assistant/assistant-site.ts";
import { type MockModelServer, startMockModel } from "../helpers/mock-model-server.ts";

/**
 * The readers' assistant of `quire serve`, over real sockets: a real export of a small site as
 * the active version, the static server with the assistant route, and a local model server
 * speaking the OpenAI Chat Completions protocol, streaming included.
 */
const work = mkdtempSync(path.join(os.tmpdir(), "quire-assistant-route-"));
let versions: VersionStore;
beforeAll(async () => {
  versions = new VersionStore(path.join(work, "data"));
  await exportAssistantSite(sitePath(versions.directoryOf("v1")), { assistant: "same-origin" });
  versions.activate("v1", 3);
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function serve(
  model: MockModelServer | null,
  options: {
    perMinute?: number;
    timeoutSeconds?: number;
    store?: VersionStore;
    trustedProxies?: string[];
  } = {},
): Promise<string> {
  const logger = pino({ level: "silent" });
  const assistant = createAssistantRoute({
    model: model
      ? createModel({
          agentProvider: "openai-compatible",
          agentModel: "docs-model",
          agentBaseUrl: model.baseUrl,
          agentApiKey: undefined,
        })
      : null,
    perMinute: options.perMinute ?? 10,
    timeoutSeconds: options.timeoutSeconds ?? 30,
    logger,
  });
  const server = createStaticServer({
    versions: options.store ?? versions,
    logger,
    assistant,
    ...(options.trustedProxies ? { trustedProxies: options.trustedProxies } : {}),
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}${ASSISTANT_PATH}`;
}

function ask(url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** The server-sent events of an answer, in order, each `data` parsed. */
async function events(response: Response): Promise<{ event: string; data: unknown }[]> {
  const text = await response.text();
  return text
    .split("\n\n")
    .filter((block) => block.trim() !== "")
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? "message";
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? "null";
      return { event, data: JSON.parse(data) };
    });
}

describe("quire serve's assistant route", () => {
  it("says it answers when a model is set up", async () => {
    const url = await serve(await startMockModel());
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ available: true });
  });

  it("streams the model's answer after the pages it was given, which the answer cites", async () => {
    const model = await startMockModel();
    model.script({
      text: "A job is tried five times before it is marked as failed [1]. The wait doubles each time [1].",
    });
    const response = await ask(await serve(model), {
      question: "How many attempts before a job is marked failed?",
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const received = await events(response);
    expect(received[0]?.event).toBe("sources");
    const sources = received[0]?.data as { number: number; title: string; path: string }[];
    expect(sources[0]).toMatchObject({ number: 1, title: "Retries", path: "guides/retries" });
    const texts = received.filter((event) => event.event === "text");
    // Streamed: the mock sends the answer in pieces, and each reaches the reader as its own event.
    expect(texts.length).toBeGreaterThan(3);
    expect(texts.map((event) => event.data).join("")).toBe(
      "A job is tried five times before it is marked as failed [1]. The wait doubles each time [1].",
    );
    expect(received.at(-1)?.event).toBe("done");
  });

  it("sends the model nothing but its instructions, the question and the retrieved pages' text", async () => {
    const model = await startMockModel();
    const question = "How do I check a webhook signature?";
    await events(await ask(await serve(model), { question }, { cookie: "session=secret" }));
    const [request] = model.requests;
    expect(request?.tools).toBeUndefined();
    expect(request?.messages.map((message) => message.role)).toEqual(["system", "user"]);
    expect(request?.messages[0]?.content).toBe(ASSISTANT_INSTRUCTIONS);
    const user = String(request?.messages[1]?.content);
    expect(user).toContain(`Question: ${question}`);
    expect(user).toContain("[1] Webhooks (guides/webhooks)");
    expect(user).toContain("Check the `Lumen-Signature` header with your signing secret");
    expect(user).not.toContain("session=secret");
    expect(JSON.stringify(request?.headers)).not.toContain("session=secret");
  });

  it("answers 429 with Retry-After once an address has asked its questions for the minute", async () => {
    const url = await serve(await startMockModel(), { perMinute: 2 });
    for (let asked = 0; asked < 2; asked++)
      expect((await ask(url, { question: "schedules time zone" })).status).toBe(200);
    const refused = await ask(url, { question: "schedules time zone" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await refused.json()).error).toMatch(/too many questions: 2 a minute/);
  });

  it("counts each reader behind a trusted proxy on their own, and one reader whatever a direct client claims", async () => {
    const model = await startMockModel();
    const question = { question: "schedules time zone" };
    const behindProxy = await serve(model, { perMinute: 1, trustedProxies: ["127.0.0.1"] });
    const from = (address: string) => ({ "x-forwarded-for": address });
    expect((await ask(behindProxy, question, from("198.51.100.1"))).status).toBe(200);
    expect((await ask(behindProxy, question, from("198.51.100.2"))).status).toBe(200);
    expect((await ask(behindProxy, question, from("198.51.100.1"))).status).toBe(429);
    const direct = await serve(model, { perMinute: 1 });
    expect((await ask(direct, question, from("198.51.100.3"))).status).toBe(200);
    expect((await ask(direct, question, from("198.51.100.4"))).status).toBe(429);
  });

  it("refuses a question that is too long with 413, and a body that is no question with 400", async () => {
    const model = await startMockModel();
    const url = await serve(model);
    const long = await ask(url, { question: "why ".repeat(300) });
    expect(long.status).toBe(413);
    expect((await long.json()).error).toMatch(/longer than 1000 characters/);
    const huge = await ask(url, { question: "x".repeat(20_000) });
    expect(huge.status).toBe(413);
    expect((await ask(url, "not json")).status).toBe(400);
    expect((await ask(url, { question: "   " })).status).toBe(400);
    expect((await ask(url, { words: "retries" })).status).toBe(400);
    expect(model.requests).toHaveLength(0);
  });

  it("refuses a question sent as a form (415): only a script of the page's origin can ask", async () => {
    const url = await serve(await startMockModel());
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "question=retries",
    });
    expect(response.status).toBe(415);
  });

  it("refuses every question, and says it does not answer, when no model is set up", async () => {
    const url = await serve(null);
    expect(await (await fetch(url)).json()).toEqual({ available: false });
    const response = await ask(url, { question: "How do retries work?" });
    expect(response.status).toBe(503);
    expect((await response.json()).error).toMatch(/no model set up/);
  });

  it("says it does not answer while no version of the site is active", async () => {
    const url = await serve(await startMockModel(), {
      store: new VersionStore(path.join(work, "empty")),
    });
    expect(await (await fetch(url)).json()).toEqual({ available: false });
    expect((await ask(url, { question: "retries" })).status).toBe(503);
  });

  it("cuts off an answer that takes longer than its time, with an error event", async () => {
    const model = await startMockModel();
    model.script({ hang: true });
    const received = await events(
      await ask(await serve(model, { timeoutSeconds: 1 }), { question: "retries back-off" }),
    );
    expect(received.at(-1)).toEqual({
      event: "error",
      data: { message: "the answer took longer than 1 s and was cut off" },
    });
  });

  it("tells the reader when the model fails, without its details", async () => {
    const model = await startMockModel();
    model.script({ status: 500, error: "internal model failure with key sk-123" });
    const received = await events(await ask(await serve(model), { question: "retries" }));
    expect(received.at(-1)).toEqual({
      event: "error",
      data: { message: "the model did not answer: try again later" },
    });
  });

  it("leaves the site's own files as they were", async () => {
    const url = await serve(await startMockModel());
    const page = await fetch(url.replace(ASSISTANT_PATH, "/guides/retries"));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('data-assistant="_quire/assistant"');
  });
});
