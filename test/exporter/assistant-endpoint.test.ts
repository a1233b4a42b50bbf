import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { assistantEndpoint } from "../../src/exporter/assistant-endpoint.ts";
import type { ExportOptions } from "../../src/exporter/export-options.ts";
import { exportAssistantSite } from "../assistant/assistant-site.ts";

const work = mkdtempSync(path.join(os.tmpdir(), "quire-assistant-endpoint-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let exports = 0;
/** The manifest and one page of the test site exported with these options. */
async function exported(options: Partial<ExportOptions>) {
  const root = await exportAssistantSite(path.join(work, `site-${++exports}`), options);
  return {
    manifest: JSON.parse(readFileSync(path.join(root, "quire-export.json"), "utf8")),
    page: readFileSync(path.join(root, "guides", "retries.html"), "utf8"),
  };
}

describe("assistantEndpoint, what --assistant names", () => {
  it("reads same-origin as quire serve's route beside the pages, relative to the site root", () => {
    expect(assistantEndpoint("same-origin")).toEqual({ endpoint: "_quire/assistant" });
  });

  it("reads a URL as the operator's own endpoint", () => {
    expect(assistantEndpoint("https://ai.example.com/ask#top")).toEqual({
      endpoint: "https://ai.example.com/ask",
    });
  });

  it("takes only same-origin in an air-gapped export, which calls no other host", () => {
    expect(assistantEndpoint("same-origin", "air-gapped")).toEqual({
      endpoint: "_quire/assistant",
    });
    expect(assistantEndpoint("http://models.internal:8080/ask", "air-gapped")).toMatchObject({
      problem: expect.stringMatching(/^must be "same-origin" in an air-gapped export/),
    });
  });

  it("refuses anything else with a one-line reason", () => {
    expect(assistantEndpoint("yes")).toEqual({
      problem: 'must be "same-origin" or an absolute http(s) URL, not "yes"',
    });
    expect(assistantEndpoint("javascript:alert(1)")).toMatchObject({
      problem: expect.stringMatching(/http\(s\) URL/),
    });
    expect(assistantEndpoint("https://user:pw@ai.example.com/")).toMatchObject({
      problem: expect.stringMatching(/user name or password/),
    });
  });
});

describe("an export's assistant", () => {
  it("is absent by default, from a cloud and an air-gapped export alike", async () => {
    for (const deployment of ["cloud", "air-gapped"] as const) {
      const { manifest, page } = await exported({ deployment });
      expect(manifest.assistant).toBeUndefined();
      expect(page).not.toContain("data-assistant");
    }
  });

  it("is recorded in the manifest and named on every page when the operator asks for it", async () => {
    const { manifest, page } = await exported({
      assistant: "same-origin",
      deployment: "client-hosted",
    });
    expect(manifest.assistant).toEqual({ endpoint: "_quire/assistant" });
    expect(page).toContain('data-assistant="_quire/assistant"');
    expect(manifest.connectOrigins).toBeUndefined();
  });

  it("is offered by an air-gapped export only from its own host", async () => {
    const { manifest, page } = await exported({
      assistant: "same-origin",
      deployment: "air-gapped",
    });
    expect(manifest.assistant).toEqual({ endpoint: "_quire/assistant" });
    expect(page).toContain('data-assistant="_quire/assistant"');
    await expect(
      exported({ assistant: "http://models.internal:8080/ask", deployment: "air-gapped" }),
    ).rejects.toThrow(/--assistant must be "same-origin" in an air-gapped export/);
  });

  it("on another host, is named by its endpoint alone, out of the playground's connectOrigins", async () => {
    const { manifest, page } = await exported({
      assistant: "http://models.internal:8080/ask",
      deployment: "client-hosted",
    });
    expect(manifest.assistant).toEqual({ endpoint: "http://models.internal:8080/ask" });
    expect(manifest.connectOrigins).toBeUndefined();
    expect(page).toContain('data-assistant="http://models.internal:8080/ask"');
  });
});
