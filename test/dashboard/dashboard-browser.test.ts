import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, type TestApi } from "../helpers/api-server.ts";
import { launchBrowser, recordForeignRequests } from "../helpers/browser.ts";
import { type MockForge, startMockForge } from "../helpers/mock-forge.ts";
import { type MockModelServer, startMockModel } from "../helpers/mock-model-server.ts";

const PASSWORD = "correct horse battery staple";
const FORGE_TOKEN = "forge-token-0123456789";
const SITE = {
  "docs.json": JSON.stringify({ name: "Acme", navigation: { pages: ["index"] } }),
  "index.mdx": "---\ntitle: Home\n---\n\nWelcome to Acme.\n",
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Setup {
  api: TestApi;
  forge: MockForge;
  model: MockModelServer;
  orgId: string;
  docsId: string;
  agentProjectId: string;
}

async function setup(): Promise<Setup> {
  const forge = await startMockForge({ token: FORGE_TOKEN });
  await forge.createRepository("acme", "site", SITE);
  const model = await startMockModel();
  const api = await startApi({
    settings: {
      agentProvider: "openai-compatible",
      agentModel: "test-model",
      agentBaseUrl: model.baseUrl,
    },
  });
  const { admin, users } = api.services;
  const org = await admin.createOrganization("Acme");
  const docs = await admin.createProject({
    orgId: org.id,
    name: "Docs",
    domain: `docs-${process.pid}-${Date.now()}.example.test`,
    repository: "examples/docs",
  });
  const agentProject = await admin.createProject({
    orgId: org.id,
    name: "Site",
    domain: `site-${process.pid}-${Date.now()}.example.test`,
    repository: forge.repositoryUrl("acme", "site"),
    ref: "main",
    forge: "github",
    forgeApiUrl: forge.apiUrl("github"),
    forgeToken: FORGE_TOKEN,
  });
  await users.createUser({
    email: "owner@example.com",
    orgId: org.id,
    role: "owner",
    password: async () => PASSWORD,
  });
  await users.createUser({
    email: "member@example.com",
    orgId: org.id,
    role: "member",
    password: async () => PASSWORD,
  });
  return { api, forge, model, orgId: org.id, docsId: docs.id, agentProjectId: agentProject.id };
}

/** A browser tab that fails the test on any console error (a CSP violation is one) or foreign request. */
async function openTab(
  api: TestApi,
  options: { width?: number } = {},
): Promise<{ context: BrowserContext; tab: Page; problems: string[]; foreign: string[] }> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    acceptDownloads: true,
  });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: api.url });
  const tab = await context.newPage();
  const problems: string[] = [];
  tab.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  tab.on("pageerror", (error) => problems.push(error.message));
  const foreign = recordForeignRequests(tab, api.url);
  return { context, tab, problems, foreign };
}

async function signIn(tab: Page, api: TestApi, email: string): Promise<void> {
  await tab.goto(`${api.url}/dashboard`);
  await tab.getByLabel("Email").fill(email);
  await tab.getByLabel("Password").fill(PASSWORD);
  await tab.getByRole("button", { name: "Sign in" }).click();
  await tab.waitForURL(/\/dashboard\/orgs\/[^/]+\/projects$/);
}

describe("the dashboard in Chromium", () => {
  it("signs in, creates and copies a key, copies a project's id, exports examples/docs and downloads the bundle, and follows an agent job to its pull request", async () => {
    const s = await setup();
    const { context, tab, problems, foreign } = await openTab(s.api);
    await signIn(tab, s.api, "owner@example.com");

    // Organization settings → API keys: create one, copy it with the button.
    await tab.getByRole("link", { name: "Settings" }).click();
    await tab.getByLabel("Key name").fill("CI");
    await tab.getByRole("button", { name: "Create API key" }).click();
    const shown = await tab.getByLabel("Your new API key", { exact: true }).inputValue();
    expect(shown).toMatch(/^quire_[0-9A-Za-z]{40}$/);
    await tab.getByRole("button", { name: "Copy the new API key" }).click();
    await expect.poll(() => tab.evaluate(() => navigator.clipboard.readText())).toBe(shown);
    await expect
      .poll(() => tab.locator("#announcer").textContent())
      .toBe("Copied to the clipboard");
    const check = await s.api.request("GET", `/v2/agent/${s.docsId}/jobs`, { key: shown });
    expect(check.status).toBe(200);

    // Every project with its projectId and a copy button, on the same page.
    const projectId = tab.locator(`#project-id-${s.docsId}`);
    await expect(projectId.textContent()).resolves.toBe(s.docsId);
    await tab.getByRole("button", { name: "Copy the project ID of Docs" }).click();
    await expect.poll(() => tab.evaluate(() => navigator.clipboard.readText())).toBe(s.docsId);

    // Export examples/docs: the page follows the job live, then offers the bundle.
    await tab.goto(`${s.api.url}/dashboard/orgs/${s.orgId}/projects/${s.docsId}/exports`);
    await tab.getByLabel("Version label").fill("v1");
    await tab.getByRole("button", { name: "Start export" }).click();
    await tab.waitForURL(/\/exports\/exp_[0-9a-z]+$/);
    const download = tab.getByRole("button", { name: "Download bundle" });
    await download.waitFor({ timeout: 60_000 });
    await expect(tab.locator("#export-progress").getAttribute("value")).resolves.toBe("100");
    const sha256 = await tab.getByLabel("SHA-256", { exact: true }).inputValue();
    const [file] = await Promise.all([tab.waitForEvent("download"), download.click()]);
    const bytes = readFileSync((await file.path()) as string);
    expect(file.suggestedFilename()).toMatch(/\.tar\.gz$/);
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(sha256);
    const jobId = tab.url().split("/").at(-1) as string;
    const details = await s.api.services.exports.details(s.orgId, jobId);
    expect(details.archive).toEqual({ sizeBytes: bytes.length, sha256 });
    expect(await tab.locator("main").textContent()).toContain(
      `${bytes.length.toLocaleString("en-US")} bytes`,
    );

    // An agent job against the test model: the page shows its pull request once it is open.
    s.model.script(
      {
        toolCalls: [
          {
            name: "edit_file",
            arguments: {
              path: "index.mdx",
              old_string: "Welcome to Acme.",
              new_string: "Welcome to Acme, the docs platform.",
            },
          },
        ],
      },
      { text: "Said what Acme is." },
    );
    await tab.goto(
      `${s.api.url}/dashboard/orgs/${s.orgId}/projects/${s.agentProjectId}/agent-jobs`,
    );
    await tab.getByLabel("Prompt").fill("Say what Acme is on the home page");
    await tab.getByRole("button", { name: "Start agent job" }).click();
    await tab.waitForURL(/\/agent-jobs\/job_[0-9a-z]+$/);
    const pullRequest = tab.locator("a[href*='/pull/']");
    await pullRequest.waitFor({ timeout: 60_000 });
    const [opened] = s.forge.pullRequests();
    await expect(pullRequest.getAttribute("href")).resolves.toBe(opened?.url);
    await expect(tab.locator(".badge.completed").first().textContent()).resolves.toBe("completed");
    await expect(tab.locator("main").textContent()).resolves.toContain("Said what Acme is.");
    await expect(tab.locator(".trace").textContent()).resolves.toContain("open pull request");

    // A follow-up message: the job runs again on the same branch, and the page follows it.
    s.model.script({ text: "Nothing else needed changing." });
    await tab.getByLabel("Message", { exact: true }).fill("Check the rest of the page too");
    await tab.getByRole("button", { name: "Send message" }).click();
    await tab
      .getByRole("region", { name: "The agent's summary" })
      .getByText("Nothing else needed changing.")
      .waitFor({ timeout: 60_000 });
    await expect(tab.locator(".messages").textContent()).resolves.toContain(
      "Check the rest of the page too",
    );
    await expect(tab.locator(".badge.completed").count()).resolves.toBeGreaterThan(0);
    await expect(pullRequest.getAttribute("href")).resolves.toBe(opened?.url);
    await tab.goto(
      `${s.api.url}/dashboard/orgs/${s.orgId}/projects/${s.agentProjectId}/agent-jobs?status=completed`,
    );
    await expect(tab.locator("tbody tr").count()).resolves.toBe(1);

    expect(problems).toEqual([]);
    expect(foreign).toEqual([]);
    await context.close();
    // A whole session, an export and an agent job: 59 s on a slow day's 2 cores, so more than
    // the suite's 60 s.
  }, 180_000);

  it("gives a member no key controls, signs in by keyboard alone, and fits a 360 px screen", async () => {
    const s = await setup();
    const { context, tab, problems } = await openTab(s.api, { width: 360 });
    await tab.goto(`${s.api.url}/dashboard/sign-in`);
    // The first Tab stop is the skip link; the form follows in reading order.
    await tab.keyboard.press("Tab");
    await expect(tab.evaluate(() => document.activeElement?.textContent)).resolves.toBe(
      "Skip to main content",
    );
    await tab.getByLabel("Email").focus();
    await tab.keyboard.type("member@example.com");
    await tab.keyboard.press("Tab");
    await expect(tab.evaluate(() => document.activeElement?.id)).resolves.toBe("field-password");
    await tab.keyboard.type(PASSWORD);
    await tab.keyboard.press("Enter");
    await tab.waitForURL(/\/projects$/);

    const org = `${s.api.url}/dashboard/orgs/${s.orgId}`;
    await tab.goto(`${org}/settings/api-keys`);
    await expect(tab.getByRole("button", { name: "Create API key" }).count()).resolves.toBe(0);
    await expect(
      tab.getByText("Only owners and admins create and revoke API keys.").count(),
    ).resolves.toBe(1);
    await expect(tab.locator(`#project-id-${s.agentProjectId}`).textContent()).resolves.toBe(
      s.agentProjectId,
    );
    const refused = await tab.evaluate(async (action) => {
      const token = (document.querySelector("input[name=_csrf]") as HTMLInputElement).value;
      const response = await fetch(action, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ _csrf: token, name: "sneaky" }),
      });
      return response.status;
    }, `${org}/settings/api-keys`);
    expect(refused).toBe(403);
    expect((await s.api.services.admin.listApiKeys(s.orgId)).map((key) => key.name)).toEqual([]);

    for (const page of [
      "/dashboard/account",
      `/dashboard/orgs/${s.orgId}/projects`,
      `/dashboard/orgs/${s.orgId}/settings/api-keys`,
      `/dashboard/orgs/${s.orgId}/settings/members`,
      `/dashboard/orgs/${s.orgId}/projects/${s.agentProjectId}`,
      `/dashboard/orgs/${s.orgId}/projects/${s.agentProjectId}/agent-jobs`,
      `/dashboard/orgs/${s.orgId}/projects/${s.docsId}/exports`,
    ]) {
      await tab.goto(`${s.api.url}${page}`);
      const width = await tab.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${page} is ${width} px wide`).toBeLessThanOrEqual(360);
    }
    expect(problems.filter((problem) => !problem.includes("403"))).toEqual([]);
    await context.close();
  });
});
