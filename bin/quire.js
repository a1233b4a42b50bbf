#!/usr/bin/env node
// The `quire` executable. It starts on any Node from 18 on, but Quire itself needs Node 24,
// which it brings as its `node` dependency: on an older Node this file runs itself again under
// that one, directly (no npm in between, so it costs one Node start-up), and passes signals,
// the exit code and the terminal through. Keep this file to syntax and APIs of Node 18.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import nodeModule, { createRequire } from "node:module";
import { constants } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const NEEDED_MAJOR = 24;
const self = fileURLToPath(import.meta.url);
const root = path.dirname(path.dirname(self));
const args = process.argv.slice(2);

if (Number(process.versions.node.split(".")[0]) >= NEEDED_MAJOR) {
  // A checkout runs its TypeScript sources, which Node strips of their types. The packed
  // package has no src/: it runs the JavaScript built from them into dist/ (Node strips no
  // types inside node_modules).
  enableCompileCache();
  const sources = path.join(root, "src", "cli", "main.ts");
  const entry = existsSync(sources) ? sources : path.join(root, "dist", "src", "cli", "main.js");
  const { main } = await import(pathToFileURL(entry).href);
  process.exitCode = await main(args);
} else {
  runUnder(bundledNode());
}

/**
 * Node's compile cache (in the system's temporary folder): later runs skip stripping the types
 * of src/ and compiling the modules again, in this thread and in every worker thread (an
 * export's render threads each load ~600 modules), which read the folder from the environment.
 * NODE_DISABLE_COMPILE_CACHE=1 turns it off; a folder that cannot be written leaves it off.
 */
function enableCompileCache() {
  if (typeof nodeModule.enableCompileCache !== "function") return;
  const { status, directory } = nodeModule.enableCompileCache();
  const { ENABLED, ALREADY_ENABLED } = nodeModule.constants.compileCacheStatus;
  if ((status === ENABLED || status === ALREADY_ENABLED) && directory)
    process.env.NODE_COMPILE_CACHE ??= directory;
}

/** The Node binary of the `node` package installed with Quire, when its install script ran. */
function bundledNode() {
  const require = createRequire(import.meta.url);
  let manifestFile;
  try {
    manifestFile = require.resolve("node/package.json");
  } catch {
    return undefined;
  }
  // `bin.node` is bin/node, or bin/node.exe on Windows (the package rewrites it on install).
  const { bin } = JSON.parse(readFileSync(manifestFile, "utf8"));
  const relative = typeof bin === "string" ? bin : bin?.node;
  const file = relative ? path.resolve(path.dirname(manifestFile), relative) : undefined;
  return file && existsSync(file) ? file : undefined;
}

function runUnder(node) {
  if (!node || node === process.execPath) {
    process.stderr.write(
      `quire: needs Node.js ${NEEDED_MAJOR} or later (this is ${process.version}) and the Node ${NEEDED_MAJOR} of its "node" dependency is not installed: install Quire again with npm (its install script brings Node ${NEEDED_MAJOR}), or run it with Node ${NEEDED_MAJOR}\n`,
    );
    process.exit(2);
  }
  const child = spawn(node, [self, ...args], { stdio: "inherit" });
  const forward = (signal) => () => child.kill(signal);
  const signals = ["SIGINT", "SIGTERM", "SIGHUP"];
  for (const signal of signals) process.on(signal, forward(signal));
  // Started by npm, the server commands stop when npm goes away (npm's shell passes no signal
  // on). They watch their parent, which is this process and stays: so this one watches its own.
  if (process.env.npm_execpath) {
    const parent = process.ppid;
    const watch = setInterval(() => {
      if (process.ppid === parent) return;
      clearInterval(watch);
      child.kill("SIGTERM");
    }, 1000);
    watch.unref();
  }
  child.on("error", (error) => {
    process.stderr.write(`quire: cannot start Node ${NEEDED_MAJOR} (${node}): ${error.message}\n`);
    process.exit(2);
  });
  child.on("exit", (code, signal) => {
    if (signal) {
      // Ended by a signal: end the same way, so that a shell or a supervisor sees what happened.
      // (A signal this process ignores ends it with the shell's code for it instead.)
      for (const name of signals) process.removeAllListeners(name);
      process.kill(process.pid, signal);
      setTimeout(() => process.exit(128 + (constants.signals[signal] || 0)), 100);
      return;
    }
    process.exit(code === null ? 1 : code);
  });
}
