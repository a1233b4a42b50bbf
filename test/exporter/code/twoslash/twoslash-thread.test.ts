import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import {
  TwoslashThread,
  twoslashThreadsStarted,
} from "../../../../src/exporter/code/twoslash/twoslash-thread.ts";

/** A type TypeScript takes minutes over: a mapped type over 10,000 × 10,000 keys. */
const ENDLESS = `type D = 0|1|2|3|4|5|6|7|8|9;
type N = \`\${D}\${D}\${D}\${D}\`;
type Grid = { [K in N]: { [J in N]: [K, J] } };
const cell: Grid[N][N] = ["0000", "0000"];`;

const threadModule = fileURLToPath(
  new URL("../../../../src/exporter/code/twoslash/twoslash-thread.ts", import.meta.url),
);

const threads: TwoslashThread[] = [];
afterEach(async () => {
  await Promise.all(threads.splice(0).map((thread) => thread.close()));
});

function thread(limits: ConstructorParameters<typeof TwoslashThread>[0]): TwoslashThread {
  const made = new TwoslashThread(limits);
  threads.push(made);
  return made;
}

describe("the twoslash thread", () => {
  it("gives up a block past its time limit, and checks the next block in a fresh thread", async () => {
    // Memory to spare, so on a slow machine the time limit is what stops the block.
    const checker = thread({ blockTimeMs: 5000, memoryMb: 4096 });
    const before = twoslashThreadsStarted();
    const endless = await checker.check(ENDLESS, "ts");
    expect(endless).toEqual({ ok: false, message: "type-checking took longer than 5 s" });
    const next = await checker.check("const x = 1", "ts");
    expect(next.ok && next.result.nodes.find((node) => node.type === "hover")?.text).toBe(
      "const x: 1",
    );
    expect(twoslashThreadsStarted()).toBe(before + 2);
  }, 120_000);

  it("checks blocks one after another in one thread", async () => {
    const checker = thread({});
    const before = twoslashThreadsStarted();
    const [first, second] = await Promise.all([
      checker.check("let a = 'a'", "ts"),
      checker.check("// @errors: 2322\nconst b: number = 'b'", "ts"),
    ]);
    expect(first.ok && first.result.code).toBe("let a = 'a'");
    expect(second.ok && second.result.nodes.some((node) => node.type === "error")).toBe(true);
    expect(twoslashThreadsStarted()).toBe(before + 1);
  }, 120_000);

  it("gives up a block that needs more than the thread's memory", async () => {
    const checker = thread({ memoryMb: 160, blockTimeMs: 300_000 });
    const outcome = await checker.check(ENDLESS, "ts");
    expect(outcome).toEqual({ ok: false, message: "type-checking needed more than 160 MB" });
  }, 320_000);
});

describe("closing the twoslash thread", () => {
  it("keeps the process alive until its type-checking process has ended", () => {
    // Alone in a process, as at the end of an export: nothing else holds the event loop open
    // while the stopped process is reaped, so a close that stopped waiting would end it early.
    const script = `
      import { TwoslashThread } from ${JSON.stringify(threadModule)};
      for (let round = 0; round < 3; round++) {
        const thread = new TwoslashThread();
        await thread.check("const x = 1", "ts");
        await thread.close();
      }
      process.stdout.write("closed");
    `;
    const result = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      encoding: "utf8",
      timeout: 120_000,
    });
    expect(result.stderr).not.toContain("unsettled top-level await");
    expect(result.status).toBe(0);
    expect(result.stdout).toBe("closed");
  }, 130_000);
});
