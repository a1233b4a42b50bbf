import { spawn } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { exportInProcess } from "../../src/jobs/export-process.ts";
import { createTenant, startApi, waitFor } from "../helpers/api-server.ts";
import { childProcessesRunning } from "../helpers/child-processes.ts";
import { makeRepo, makeTempDir } from "../helpers/temp-repo.ts";

/** A site that takes a few seconds to export: time to find its process while it works. */
function siteOf(pageCount: number): Record<string, string> {
  const names = Array.from({ length: pageCount }, (_, index) => `page-${index}`);
  const files: Record<string, string> = {
    "docs.json": JSON.stringify({
      name: "Acme",
      colors: { primary: "#0a7" },
      navigation: { pages: ["index", ...names] },
    }),
    "index.mdx": "---\ntitle: Home\n---\n\nWelcome.\n",
  };
  for (const name of names)
    files[`${name}.mdx`] =
      `---\ntitle: ${name}\n---\n\n## Steps\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n\`\`\`ts\nconst x: number = 1;\n\`\`\`\n`;
  return files;
}

/** The first export's process among a process's children, once there is one. */
async function firstExportProcess(parentPid = process.pid): Promise<number> {
  const [pid] = await waitFor(async () => {
    const found = exportProcesses(parentPid);
    return found.length > 0 && found;
  });
  return pid as number;
}

/** The children of a process (this test process by default) that run an export. */
function exportProcesses(parentPid = process.pid): number[] {
  return childProcessesRunning("export-process-child", parentPid);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("an export job's process", () => {
  it("crashing fails only that attempt: the API answers on, and the queue's next attempt completes the job", async () => {
    const api = await startApi();
    const tenant = await createTenant(api, { repository: makeRepo(siteOf(150)) });
    const created = await api.request("POST", "/v1/static-export/jobs", {
      key: tenant.key,
      body: { domain: tenant.domain },
    });
    expect(created.status).toBe(202);
    const { jobId } = (await created.json()) as { jobId: string };

    // V8 aborting (a failed check, a heap run out) ends a process with SIGABRT.
    process.kill(await firstExportProcess(), "SIGABRT");

    const job = await waitFor(
      async () => {
        expect((await api.request("GET", "/healthz")).status).toBe(200);
        const response = await api.request("GET", `/v1/static-export/jobs/${jobId}`, {
          key: tenant.key,
        });
        const body = (await response.json()) as { status: string; pageCount: number };
        return (body.status === "completed" || body.status === "failed") && body;
      },
      90_000,
      `export ${jobId}`,
    );
    expect(job).toMatchObject({ status: "completed", pageCount: 151 });
    expect(api.logs.join("\n")).toContain("the export process crashed (SIGABRT)");
    // The finished attempt's process is gone too.
    await waitFor(async () => exportProcesses().length === 0, 15_000, "the export process to end");
  });

  it("is killed when the job is aborted, before the export's promise settles", async () => {
    const controller = new AbortController();
    const running = exportInProcess({
      sourceDir: makeRepo(siteOf(150)),
      archiveFile: path.join(makeTempDir(), "bundle.tar.gz"),
      signal: controller.signal,
    });
    const pid = await firstExportProcess();
    controller.abort(new Error("the job was cancelled"));
    await expect(running).rejects.toThrow("the job was cancelled");
    expect(isRunning(pid)).toBe(false);
  });
});

describe("an export job's process, when the API is killed", () => {
  it("ends with the API's channel, leaving no export running", async () => {
    const script = `
      import { exportInProcess } from ${JSON.stringify(pathToFileURL(path.resolve("src/jobs/export-process.ts")).href)};
      await exportInProcess(${JSON.stringify({
        sourceDir: makeRepo(siteOf(300)),
        archiveFile: path.join(makeTempDir(), "bundle.tar.gz"),
      })});
    `;
    const api = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: "ignore" });
    try {
      const pid = await firstExportProcess(api.pid);
      api.kill("SIGKILL");
      await waitFor(async () => !isRunning(pid), 10_000, "the export process to end");
    } finally {
      api.kill("SIGKILL");
    }
  });
});
