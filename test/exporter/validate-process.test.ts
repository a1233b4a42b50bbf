import { describe, expect, it } from "vitest";
import {
  ExportFailedError,
  openValidationProcess,
  validateSite,
} from "../../src/exporter/index.ts";
import { waitFor } from "../helpers/api-server.ts";
import { childProcessesRunning } from "../helpers/child-processes.ts";
import { makeRepo } from "../helpers/temp-repo.ts";

const SITE = {
  "docs.json": JSON.stringify({
    name: "Lumen",
    colors: { primary: "#2563eb" },
    navigation: { pages: ["index", "guides/broken"] },
  }),
  "index.mdx": "# Home\n\nRead [nothing](/nowhere).\n",
  "guides/broken.mdx": '# Broken\n\n<Card title="x">\nNever closed.\n',
};

/** This test process's children that run validations. */
function validationProcesses(): number[] {
  return childProcessesRunning("validate-process-child");
}

describe("validating in a process with a memory budget", () => {
  it("finds what a validation in the calling process finds, overlay included", async () => {
    const root = makeRepo(SITE);
    const overlay = new Map<string, string | null>([["index.mdx", "# Home\n\nFine.\n"]]);
    const here = await validateSite({ sourceDir: root, overlay });
    const there = await validateSite({ sourceDir: root, overlay, memoryLimitMb: 512 });
    expect(there).toEqual(here);
    expect(there.findings.map((finding) => finding.rule)).toContain("mdx-syntax");
  });

  it("fails with the budget named, instead of growing the calling process, when it needs more", async () => {
    const root = makeRepo(SITE);
    const failure = await validateSite({ sourceDir: root, memoryLimitMb: 16 }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ExportFailedError);
    expect((failure as Error).message).toBe("the validation ran out of its memory budget of 16 MB");
    // The calling process carries on: another validation with room completes.
    await expect(validateSite({ sourceDir: root, memoryLimitMb: 512 })).resolves.toBeTruthy();
  });

  it("stops at once when aborted", async () => {
    const controller = new AbortController();
    const pending = validateSite({
      sourceDir: makeRepo(SITE),
      memoryLimitMb: 512,
      signal: controller.signal,
    });
    controller.abort(new Error("stopped by the test"));
    await expect(pending).rejects.toThrow("stopped by the test");
  });

  it("serves one validation after another in one process, and starts afresh after running out", async () => {
    const root = makeRepo(SITE);
    const validations = await openValidationProcess(512);
    try {
      const first = await validations.validate({ sourceDir: root });
      const second = await validations.validate({ sourceDir: root, pages: ["index.mdx"] });
      expect(first.checkedPages).toEqual(["guides/broken.mdx", "index.mdx"]);
      expect(second.checkedPages).toEqual(["index.mdx"]);
    } finally {
      await validations.close();
    }
    const small = await openValidationProcess(16);
    await expect(small.validate({ sourceDir: root })).rejects.toThrow("memory budget of 16 MB");
    await expect(small.validate({ sourceDir: root })).rejects.toThrow("memory budget of 16 MB");
    await small.close();
  });

  it("fails the validation in flight when its process is killed, then carries on in a new one", async () => {
    const root = makeRepo(SITE);
    const validations = await openValidationProcess(512);
    try {
      const inFlight = validations.validate({ sourceDir: root });
      const [pid] = await waitFor(async () => {
        const found = validationProcesses();
        return found.length > 0 && found;
      });
      process.kill(pid as number, "SIGKILL");
      await expect(inFlight).rejects.toThrow("the validation process crashed (SIGKILL)");
      const next = await validations.validate({ sourceDir: root });
      expect(next.checkedPages).toEqual(["guides/broken.mdx", "index.mdx"]);
      expect(validationProcesses()).not.toContain(pid);
    } finally {
      await validations.close();
    }
    // Closing waits for the process to end: none is left behind.
    expect(validationProcesses()).toEqual([]);
  });
});
