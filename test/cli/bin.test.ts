// bin/quire.js on its own, in a package folder made for each test: which entry it runs (the
// sources of a checkout, or dist/ of the packed package), and how it runs itself again under
// the Node 24 of the `node` package when the machine's Node is older.
import { spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  machineNode,
  makeOutsideFolder,
  REPOSITORY,
  removeOutsideFolders,
  runProgram,
  userEnvironment,
} from "../helpers/packed-package.ts";

afterAll(removeOutsideFolders);

const NODE = machineNode();
const NODE_24 = process.execPath;

/** An entry that prints where it is and the Node running it, then does what its arguments say. */
const ENTRY = (where: string) => `export async function main(argv) {
  // "wait" listens for SIGTERM before it says where it is: the tests signal once they read that.
  if (argv[0] === "wait")
    process.on("SIGTERM", async () => {
      if (argv[1]) (await import("node:fs")).writeFileSync(argv[1], "stopped on SIGTERM");
      console.log("stopping");
      process.exit(0);
    });
  console.log(JSON.stringify({ where: ${JSON.stringify(where)}, node: process.version, argv }));
  if (argv[0] === "exit") return Number(argv[1]);
  if (argv[0] === "signal") process.kill(process.pid, argv[1]);
  if (argv[0] === "wait") {
    setTimeout(() => process.exit(3), 30_000); // never outlives a failed test for long
    await new Promise(() => {});
  }
  return 0;
}
`;

/** A package folder with bin/quire.js and the entries asked for; a `node` package whose binary is Node 24. */
function packageFolder(entries: { sources?: boolean; dist?: boolean; node24?: boolean }): string {
  const root = makeOutsideFolder("quire-bin-");
  mkdirSync(path.join(root, "bin"));
  copyFileSync(path.join(REPOSITORY, "bin", "quire.js"), path.join(root, "bin", "quire.js"));
  writeFileSync(path.join(root, "package.json"), '{"name": "quire", "type": "module"}\n');
  if (entries.sources) write(root, "src/cli/main.ts", ENTRY("sources"));
  if (entries.dist) write(root, "dist/src/cli/main.js", ENTRY("dist"));
  if (entries.node24) {
    write(root, "node_modules/node/package.json", '{"name": "node", "bin": {"node": "bin/node"}}');
    mkdirSync(path.join(root, "node_modules", "node", "bin"));
    symlinkSync(NODE_24, path.join(root, "node_modules", "node", "bin", "node"));
  }
  return root;
}

function write(root: string, file: string, content: string): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), content);
}

const runBin = (root: string, node: string, args: string[]) =>
  runProgram(node, [path.join(root, "bin", "quire.js"), ...args], { cwd: root });

describe("bin/quire.js", () => {
  it("runs the TypeScript sources of a checkout, even when dist/ has been built", async () => {
    const root = packageFolder({ sources: true, dist: true });
    const result = await runBin(root, NODE_24, ["a", "b"]);
    expect(JSON.parse(result.stdout)).toEqual({
      where: "sources",
      node: process.version,
      argv: ["a", "b"],
    });
    rmSync(path.join(root, "src"), { recursive: true });
    const packed = await runBin(root, NODE_24, []);
    expect(JSON.parse(packed.stdout).where).toBe("dist");
  });

  describe.skipIf(NODE.major >= 24)(`started by an older Node (${NODE.version})`, () => {
    it("runs itself again under the node package's Node 24, with the same arguments and exit code", async () => {
      const root = packageFolder({ dist: true, node24: true });
      const result = await runBin(root, NODE.file, ["exit", "7"]);
      expect(JSON.parse(result.stdout)).toEqual({
        where: "dist",
        node: process.version,
        argv: ["exit", "7"],
      });
      expect(result.code).toBe(7);
    });

    it("ends by the signal that ended Quire", async () => {
      const root = packageFolder({ dist: true, node24: true });
      const result = await runBin(root, NODE.file, ["signal", "SIGTERM"]);
      expect(result).toMatchObject({ code: null, signal: "SIGTERM" });
    });

    it("passes SIGTERM on to Quire and ends when it does", async () => {
      const root = packageFolder({ dist: true, node24: true });
      const child = spawn(NODE.file, [path.join(root, "bin", "quire.js"), "wait"], {
        cwd: root,
        env: userEnvironment(),
        stdio: ["ignore", "pipe", "inherit"],
      });
      let output = "";
      child.stdout.on("data", (chunk) => {
        output += chunk;
      });
      const ended = new Promise<number | null>((resolve) => child.on("exit", resolve));
      try {
        // A loaded machine can take seconds to start two Nodes; the entry gives up after 30 s.
        for (let tries = 0; !output.includes('"where"') && tries < 250; tries++)
          await new Promise((resolve) => setTimeout(resolve, 100));
        child.kill("SIGTERM");
        expect(await ended).toBe(0);
        expect(output).toContain("stopping");
      } finally {
        child.kill("SIGKILL");
      }
    });

    it("started by npm, tells Quire to stop when npm goes away, as Quire would tell itself", async () => {
      const root = packageFolder({ dist: true, node24: true });
      const marker = path.join(root, "stopped");
      // A shell between npm and the executable passes no signal on; `; true` keeps it there.
      const npm = spawn("sh", ["-c", `"${NODE.file}" bin/quire.js wait "${marker}"; true`], {
        cwd: root,
        env: userEnvironment({ npm_execpath: "/usr/lib/node_modules/npm/bin/npm-cli.js" }),
        stdio: ["ignore", "pipe", "inherit"],
      });
      let output = "";
      npm.stdout.on("data", (chunk) => {
        output += chunk;
      });
      // A loaded machine can take seconds to start two Nodes; the entry gives up after 30 s.
      for (let tries = 0; !output.includes('"where"') && tries < 250; tries++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      npm.kill("SIGKILL");
      for (let tries = 0; !existsSync(marker) && tries < 100; tries++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(existsSync(marker), output).toBe(true);
    });

    it("says in one line what is missing when the node package's Node 24 is not there", async () => {
      const root = packageFolder({ dist: true });
      const result = await runBin(root, NODE.file, ["-V"]);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe("");
      expect(result.stderr.trim().split("\n")).toHaveLength(1);
      expect(result.stderr).toMatch(
        new RegExp(`^quire: needs Node\\.js 24 or later \\(this is ${NODE.version}\\)`),
      );
    });
  });
});
