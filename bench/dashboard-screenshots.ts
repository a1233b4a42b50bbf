/**
 * Screenshots of every dashboard page at 1280 and 390 px wide, into docs/screenshots/
 * (`npm run screenshots`). A real `quire api` (the same app and job runner, in this process)
 * on a temporary data dir gets sample data: an organization with two projects, users, keys, a
 * finished export of examples/docs and an agent job whose pull request is open on a local
 * forge; Chromium then signs in and visits each page.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { resolveConfig } from "../src/config/settings.ts";
import { buildApp } from "../src/http/app.ts";
import { openInstallation } from "../src/installation/index.ts";
import { launchBrowser } from "../test/helpers/browser.ts";
import { startMockForge } from "../test/helpers/mock-forge.ts";
import { startMockModel } from "../test/helpers/mock-model-server.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUTPUT = path.join(root, "docs", "screenshots");
const WIDTHS = [1280, 390];
const PASSWORD = "correct horse battery staple";
const FORGE_TOKEN = "sample-forge-token-0123456789";

function readFolder(folder: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(folder, { recursive: true })) {
    const file = path.join(folder, String(entry));
    if (statSync(file).isFile())
      files[String(entry).split(path.sep).join("/")] = readFileSync(file, "utf8");
  }
  return files;
}

async function waitUntil<T>(check: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "quire-screenshots-"));
  const forge = await startMockForge({ token: FORGE_TOKEN });
  const model = await startMockModel();
  await forge.createRepository("acme", "docs", readFolder(path.join(root, "examples/docs")));
  const config = resolveConfig(
    {
      dataDir,
      port: "0",
      logLevel: "warn",
      agentProvider: "openai-compatible",
      agentModel: "qwen2.5-coder:32b",
      agentBaseUrl: model.baseUrl,
    },
    {},
  );
  const installation = await openInstallation(config, { workers: {} });
  const { services, runner } = installation;
  const app = await buildApp(services);
  await app.listen({ host: "127.0.0.1", port: 0 });
  await runner.start();
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  let browser: Browser | undefined;
  try {
    // --- sample data, through the same services the API and the CLI use -----------------------
    const org = await services.admin.createOrganization("Acme");
    const docs = await services.admin.createProject({
      orgId: org.id,
      name: "Acme Docs",
      domain: "docs.acme.example",
      repository: forge.repositoryUrl("acme", "docs"),
      ref: "main",
      forge: "github",
      forgeApiUrl: forge.apiUrl("github"),
      forgeToken: FORGE_TOKEN,
    });
    await services.admin.createProject({
      orgId: org.id,
      name: "API reference",
      domain: "api.acme.example",
      repository: path.join(root, "examples/api-docs"),
      plan: "pro",
      deployment: "air-gapped",
    });
    await services.users.createUser({
      email: "ada@acme.example",
      orgId: org.id,
      role: "owner",
      password: async () => PASSWORD,
    });
    await services.users.createUser({
      email: "grace@acme.example",
      orgId: org.id,
      role: "member",
      password: async () => PASSWORD,
    });
    const ci = await services.admin.createApiKey(org.id, "CI deploy");
    await fetch(`${url}/v2/agent/${docs.id}/jobs`, {
      headers: { authorization: `Bearer ${ci.key}` },
    });
    const old = await services.admin.createApiKey(org.id, "Old laptop");
    await services.admin.revokeApiKey(old.id);
    const { token: invitationToken } = await services.users.invite(
      (await services.users.listMembers(org.id))[0]?.userId as string,
      org.id,
      { email: "linus@acme.example", role: "admin" },
    );

    const exportJob = await services.exports.start(org.id, {
      domain: docs.domain,
      version: "v1.4",
    });
    model.script(
      { toolCalls: [{ name: "read_file", arguments: { path: "quickstart.mdx" } }] },
      {
        toolCalls: [
          {
            name: "edit_file",
            arguments: {
              path: "quickstart.mdx",
              old_string: readFileSync(path.join(root, "examples/docs/quickstart.mdx"), "utf8")
                .split("\n")
                .find((line) => /^[A-Z].{20,}/.test(line)) as string,
              new_string:
                "In about five minutes, this guide takes you from nothing to a job that {product} runs every fifteen minutes.",
            },
          },
        ],
      },
      { toolCalls: [{ name: "check_docs", arguments: {} }] },
      { text: "The quick start now says up front that it takes about five minutes." },
    );
    const { job: agentJob } = await services.agentJobs.create(
      org.id,
      docs.id,
      "Say in the quick start's first sentence how long it takes",
    );
    await waitUntil(async () => {
      const job = await services.exports.get(org.id, exportJob.jobId);
      if (job.status === "failed") throw new Error(`the sample export failed: ${job.error}`);
      return job.status === "completed" ? job : undefined;
    }, "the sample export");
    const finished = await waitUntil(async () => {
      const job = await services.agentJobs.get(org.id, docs.id, agentJob.id);
      return job.status === "active" ? undefined : job;
    }, "the sample agent job");
    if (finished.status !== "completed")
      process.stderr.write(
        `note: the sample agent job ended ${finished.status}: ${finished.error}\n`,
      );

    // --- the pages -----------------------------------------------------------------------------
    mkdirSync(OUTPUT, { recursive: true });
    browser = await launchBrowser();
    const orgPath = `/dashboard/orgs/${org.id}`;
    const projectPath = `${orgPath}/projects/${docs.id}`;
    const shots: string[] = [];
    for (const width of WIDTHS) {
      const session: BrowserContext = await browser.newContext({
        viewport: { width, height: width > 600 ? 900 : 844 },
        deviceScaleFactor: 1,
        colorScheme: "light",
      });
      const page: Page = await session.newPage();
      const shoot = async (name: string, target?: string) => {
        if (target) await page.goto(`${url}${target}`);
        await page.waitForLoadState("load");
        const file = path.join(OUTPUT, `${name}-${width}.png`);
        await page.screenshot({ path: file, fullPage: true });
        shots.push(path.relative(root, file));
      };
      await shoot("sign-in", "/dashboard/sign-in");
      await page.fill("#field-email", "ada@acme.example");
      await page.fill("#field-password", PASSWORD);
      await page.click("button[type=submit]");
      await page.waitForURL(/\/projects$/);
      await shoot("projects");
      await shoot("project", projectPath);
      await shoot("new-project", `${orgPath}/projects/new`);
      await page.goto(`${url}${orgPath}/settings/api-keys`);
      await page.fill("#field-name", "Release pipeline");
      await page.click("text=Create API key");
      await shoot("api-keys");
      const revoke = await page.getAttribute("a:has-text('Revoke')", "href");
      await shoot("revoke-api-key", revoke as string);
      await page.goto(`${url}${orgPath}/settings/members`);
      await page.fill("#field-email", `hedy-${width}@acme.example`);
      await page.selectOption("#field-role", "member");
      await page.click("text=Create invitation link");
      await shoot("members");
      await shoot("agent-jobs", `${projectPath}/agent-jobs`);
      await shoot("agent-job", `${projectPath}/agent-jobs/${agentJob.id}`);
      await shoot("exports", `${projectPath}/exports`);
      await shoot("export", `${projectPath}/exports/${exportJob.jobId}`);
      await shoot("account", "/dashboard/account");
      await session.close();

      const dark = await browser.newContext({
        viewport: { width, height: width > 600 ? 900 : 844 },
        colorScheme: "dark",
      });
      const darkPage = await dark.newPage();
      await darkPage.goto(`${url}/dashboard/sign-in`);
      await darkPage.fill("#field-email", "ada@acme.example");
      await darkPage.fill("#field-password", PASSWORD);
      await darkPage.click("button[type=submit]");
      await darkPage.waitForURL(/\/projects$/);
      await darkPage.goto(`${url}${projectPath}/exports/${exportJob.jobId}`);
      const darkFile = path.join(OUTPUT, `export-dark-${width}.png`);
      await darkPage.screenshot({ path: darkFile, fullPage: true });
      shots.push(path.relative(root, darkFile));
      await dark.close();

      const guest = await browser.newContext({ viewport: { width, height: 844 } });
      const guestPage = await guest.newPage();
      await guestPage.goto(`${url}/dashboard/invitation?token=${invitationToken}`);
      const invitationFile = path.join(OUTPUT, `invitation-${width}.png`);
      await guestPage.screenshot({ path: invitationFile, fullPage: true });
      shots.push(path.relative(root, invitationFile));
      await guest.close();
    }
    process.stdout.write(
      `${shots.length} screenshots:\n${shots.map((shot) => `  ${shot}`).join("\n")}\n`,
    );
  } finally {
    await browser?.close();
    await app.close();
    await installation.close();
    await forge.close();
    await model.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
